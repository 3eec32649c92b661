import type { ReactNode } from "react";
import { foldMarks, WORD } from "../../../contract/search.ts";

/**
 * A text with the starts of its words that a search's words begin marked (<mark>), as search
 * matches them (contract/search.ts): "logo" marks "Logo" in "Logo refresh" and "logo" in "logos",
 * "cafe" marks "Café".
 */
export function Highlighted({ text, words }: { text: string; words: readonly string[] }) {
  const parts: ReactNode[] = [];
  let from = 0;
  for (const match of text.matchAll(WORD)) {
    const found = words.find((word) => foldMarks(match[0]).startsWith(foldMarks(word)));
    if (!found) continue;
    // The found word's own letters, however many code units they take in the text.
    const end = match.index + Array.from(match[0]).slice(0, Array.from(found).length).join("").length;
    parts.push(
      text.slice(from, match.index),
      <mark
        key={match.index}
        className="rounded-sm bg-amber-200 text-slate-900 dark:bg-amber-400/30 dark:text-amber-50"
      >
        {text.slice(match.index, end)}
      </mark>,
    );
    from = end;
  }
  parts.push(text.slice(from));
  return <>{parts}</>;
}

/**
 * A task alert's sentence (describeNotification) with its task's title marked where the search's
 * words were found, and the description's words around them when the title has none.
 */
export function AlertSentence({
  sentence,
  title,
  words,
  excerpt,
}: {
  sentence: string;
  title: string;
  words: readonly string[];
  excerpt: string | undefined;
}) {
  const at = sentence.indexOf(title, sentence.indexOf("”: "));
  return (
    <>
      {at < 0 ? (
        sentence
      ) : (
        <>
          {sentence.slice(0, at)}
          <Highlighted text={title} words={words} />
          {sentence.slice(at + title.length)}
        </>
      )}
      {excerpt && (
        <span className="muted mt-1 block text-sm font-normal">
          <Highlighted text={excerpt} words={words} />
        </span>
      )}
    </>
  );
}
