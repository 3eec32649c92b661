import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { PersonLink } from "../../components/person-link.tsx";
import { loginPath, paths } from "../../config/paths.ts";
import { errorMessage } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/format-time.ts";
import { loadSoon } from "../../lib/load-soon.ts";
import { notify } from "../../lib/notify.ts";
import { LimitGate, ReportSlot } from "../moderation/public.ts";
import { answerQuestion, askQuestion, hideQuestion, listQuestions, type Question } from "./questions-api.ts";

// The form to ask or answer, with its field and counter, loads for those who write, not with the page.
const loadTextForm = () => import("./question-form.tsx");
const TextForm = lazy(loadTextForm);

/** For the page's loader, when its reader is signed in and not the poster: the form to ask starts loading in the next task (loadSoon). */
export function preloadAskForm(): void {
  loadSoon(loadTextForm);
}

/**
 * Questions and answers on a task's page (PRODUCT.md, Conversation): everyone signed in but the
 * poster asks; the poster answers, changes an answer, and hides spam.
 */
export function TaskQuestions({
  taskId,
  isPoster,
  signedIn = true,
  version,
}: {
  taskId: string;
  isPoster: boolean;
  /** A visitor reads the questions and is asked to log in to ask one. */
  signedIn?: boolean;
  /** When it changes (the page read again: a notice about the task), the questions are read again. */
  version?: unknown;
}) {
  const [questions, setQuestions] = useState<Question[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [answering, setAnswering] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    listQuestions(taskId, page, controller.signal)
      .then((found) => {
        setQuestions((current) => (page === 1 ? found.questions : [...current, ...found.questions]));
        setTotal(found.total);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) notify.error(errorMessage(error));
      });
    return () => controller.abort();
  }, [taskId, page]);
  // The page read again: the newest questions again, in place of what was shown of them (a typed
  // question or answer stays).
  const firstVersion = useRef(version);
  useEffect(() => {
    if (version === firstVersion.current) return;
    firstVersion.current = undefined;
    const controller = new AbortController();
    listQuestions(taskId, 1, controller.signal)
      .then((found) => {
        const fresh = new Set(found.questions.map((question) => question._id));
        setQuestions((current) => [...found.questions, ...current.filter((question) => !fresh.has(question._id))]);
        setTotal(found.total);
      })
      .catch(() => {});
    return () => controller.abort();
  }, [taskId, version]);

  const replace = (updated: Question) =>
    setQuestions((current) => current.map((question) => (question._id === updated._id ? updated : question)));

  async function toggleHidden(question: Question) {
    try {
      replace(await hideQuestion(question._id, !question.hidden));
    } catch (error) {
      notify.error(errorMessage(error));
    }
  }

  return (
    <section aria-labelledby="questions-heading" className="mt-8">
      <h2 id="questions-heading" className="text-lg font-semibold">
        Questions ({total})
      </h2>
      {!signedIn && (
        <p className="mt-3 text-sm">
          <Link className="link" to={loginPath(paths.taskDetails(taskId))}>
            Log in to ask the client a question
          </Link>
        </p>
      )}
      {signedIn && !isPoster && (
        // A limited person may not ask (issue 45): the notice, and the form disabled before they type.
        <LimitGate className="mt-3">
          <Suspense fallback={<div className="mt-3 h-36" />}>
            <TextForm
              label="Ask the client a question"
              submitLabel="Ask"
              kind="question"
              onSubmit={async (text) => {
                const asked = await askQuestion(taskId, text);
                setQuestions((current) => [asked, ...current]);
                setTotal((n) => n + 1);
                notify.success("Your question has been posted.");
              }}
            />
          </Suspense>
        </LimitGate>
      )}
      {questions.length === 0 ? (
        <p className="muted mt-3 text-sm">No questions yet.</p>
      ) : (
        <ul className="mt-4 grid gap-3" aria-label="Questions">
          {questions.map((question) => (
            <li key={question._id} className="rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60">
              <p className="text-xs">
                <span className="font-semibold break-words">
                  <PersonLink id={question.askerId} name={question.askerName} />
                </span>{" "}
                <time className="muted" dateTime={question.createdAt}>
                  {formatDateTime(question.createdAt)}
                </time>
                {question.hidden && <span className="ml-2 font-semibold text-red-700 dark:text-red-300">Hidden</span>}
                {signedIn && !question.mine && <ReportSlot kind="question" id={question._id} by={question.askerName} />}
              </p>
              <p className="mt-1 whitespace-pre-line break-words">{question.body}</p>
              {question.answer && answering !== question._id && (
                <div className="mt-2 border-l-4 border-indigo-300 pl-3 dark:border-indigo-700">
                  <p className="text-xs font-semibold text-indigo-800 dark:text-indigo-200">Answer from the client</p>
                  <p className="whitespace-pre-line break-words">{question.answer}</p>
                </div>
              )}
              {isPoster && answering === question._id && (
                <Suspense fallback={null}>
                  <TextForm
                    label={question.answer ? "Change your answer" : "Your answer"}
                    submitLabel="Save answer"
                    initial={question.answer ?? ""}
                    kind="answer"
                    onCancel={() => setAnswering(null)}
                    onSubmit={async (text) => {
                      replace(await answerQuestion(question._id, text));
                      setAnswering(null);
                      notify.success("Your answer has been saved.");
                    }}
                  />
                </Suspense>
              )}
              {isPoster && answering !== question._id && (
                <div className="mt-3 flex flex-wrap gap-2">
                  <button
                    type="button"
                    className="btn-secondary px-3 py-1.5"
                    onClick={() => setAnswering(question._id)}
                  >
                    {question.answer ? "Edit answer" : "Answer"}
                  </button>
                  <button type="button" className="btn-ghost px-3 py-1.5" onClick={() => toggleHidden(question)}>
                    {question.hidden ? "Show question" : "Hide question"}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {questions.length < total && (
        <button type="button" className="btn-secondary mt-4" onClick={() => setPage((n) => n + 1)}>
          Show more questions
        </button>
      )}
    </section>
  );
}
