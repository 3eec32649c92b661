import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useId, useState } from "react";
import { INVITE_WORDS } from "../../../contract/invitation-words.ts";
import { Spinner } from "../../components/spinner.tsx";
import { errorMessage } from "../../lib/api.ts";
import { formatBudget, formatDeadline } from "../../lib/format.ts";
import { notify } from "../../lib/notify.ts";
import { type InvitableTask, inviteToTask, listInvitableTasks } from "./invites-api.ts";

type State =
  | { status: "loading" }
  | { status: "ready"; tasks: InvitableTask[] }
  | { status: "failed"; message: string };

/**
 * "Invite to a task": the reader's open tasks, one to choose (those the person is already invited
 * to shown, not chosen again), and Send invitation. A toast says it went; a refusal is said in the
 * dialog with the server's sentence.
 */
export default function InviteDialog({
  person,
  onClose,
}: {
  person: { id: string; name: string };
  onClose: () => void;
}) {
  const [state, setState] = useState<State>({ status: "loading" });
  const [chosen, setChosen] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const name = useId();

  useEffect(() => {
    const controller = new AbortController();
    listInvitableTasks(person.id, controller.signal)
      .then((tasks) => {
        setState({ status: "ready", tasks });
        setChosen(tasks.find((task) => !task.invited)?._id ?? null);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: "failed", message: errorMessage(error) });
      });
    return () => controller.abort();
  }, [person.id]);

  async function send() {
    const task = state.status === "ready" ? state.tasks.find((candidate) => candidate._id === chosen) : undefined;
    if (!task) return;
    setSending(true);
    setRefusal(null);
    try {
      await inviteToTask(task._id, person.id);
      notify.success(INVITE_WORDS.sent(person.name, task.title));
      onClose();
    } catch (error) {
      setRefusal(errorMessage(error));
      setSending(false);
    }
  }

  const open = state.status === "ready" ? state.tasks.filter((task) => !task.invited) : [];
  return (
    <Dialog.Root open onOpenChange={(isOpen) => !isOpen && !sending && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl dark:bg-slate-900">
          <Dialog.Title className="text-xl font-bold break-words text-slate-900 dark:text-white">
            {INVITE_WORDS.dialogTitle(person.name)}
          </Dialog.Title>
          <Dialog.Description className="muted mt-1 text-sm">
            Choose one of your open tasks. {person.name} is told in the app and by email, and can make an offer.
          </Dialog.Description>
          {state.status === "loading" && <Spinner label="Loading your open tasks" className="py-6" />}
          {state.status === "failed" && (
            <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-300">
              {state.message}
            </p>
          )}
          {state.status === "ready" && state.tasks.length === 0 && (
            <p className="mt-4 text-sm">You have no open task taking offers. Post one first.</p>
          )}
          {state.status === "ready" && state.tasks.length > 0 && (
            <fieldset className="mt-4 grid gap-2">
              <legend className="sr-only">Your open tasks</legend>
              {state.tasks.map((task) => (
                <label
                  key={task._id}
                  className={`flex items-start gap-3 rounded-xl border border-slate-200 p-3 dark:border-slate-700 ${
                    task.invited ? "opacity-70" : "cursor-pointer hover:bg-slate-50 dark:hover:bg-slate-800"
                  }`}
                >
                  <input
                    type="radio"
                    name={name}
                    className="mt-1"
                    value={task._id}
                    checked={chosen === task._id}
                    disabled={task.invited || sending}
                    onChange={() => setChosen(task._id)}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium break-words">{task.title}</span>
                    <span className="muted block text-sm">
                      {formatBudget(task.budget)} · until {formatDeadline(task.deadline)}
                      {task.invited && ` · ${person.name} is already invited`}
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>
          )}
          {state.status === "ready" && state.tasks.length > 0 && open.length === 0 && (
            <p className="mt-3 text-sm">{person.name} is already invited to each of your open tasks.</p>
          )}
          {refusal && (
            <p role="alert" className="mt-3 text-sm font-medium text-red-700 dark:text-red-300">
              {refusal}
            </p>
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Dialog.Close className="btn-secondary" disabled={sending}>
              Cancel
            </Dialog.Close>
            <button
              type="button"
              className="btn-primary"
              disabled={sending || chosen === null || open.length === 0}
              onClick={() => {
                send().catch(() => {});
              }}
            >
              {sending ? "Sending…" : "Send invitation"}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
