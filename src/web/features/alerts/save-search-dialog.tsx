import * as Dialog from "@radix-ui/react-dialog";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import {
  ALERT_FREQUENCIES,
  type AlertFrequency,
  defaultSearchName,
  SAVED_SEARCH_NAME_MAX,
  type SavedSearchTerms,
} from "../../../contract/alert-words.ts";
import type { TaskCategory } from "../../../contract/vocabulary.ts";
import { TextField } from "../../components/field.tsx";
import { morePaths } from "../../config/more-paths.ts";
import { errorMessage } from "../../lib/api.ts";
import { notify } from "../../lib/notify.ts";
import { FREQUENCY_LABELS } from "./alert-labels.ts";
import { saveSearch } from "./alerts-api.ts";
import "../../lazy-screens.css";

/** Browse Tasks' search as it stands, kept with a name and how often it tells of new tasks. */
export default function SaveSearchDialog({ terms, onClose }: { terms: SavedSearchTerms; onClose: () => void }) {
  const [name, setName] = useState("");
  const [frequency, setFrequency] = useState<AlertFrequency>("instant");
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fallback = defaultSearchName(terms);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setRefusal(null);
    try {
      await saveSearch({
        ...(name.trim() ? { name: name.trim() } : {}),
        ...(terms.q.trim() ? { q: terms.q.trim() } : {}),
        ...(terms.category ? { category: terms.category as TaskCategory } : {}),
        ...(terms.minBudget !== null ? { minBudget: terms.minBudget } : {}),
        ...(terms.maxBudget !== null ? { maxBudget: terms.maxBudget } : {}),
        frequency,
      });
      notify.success("Search saved");
      onClose();
    } catch (error) {
      setRefusal(errorMessage(error));
      setBusy(false);
    }
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl dark:bg-slate-900">
          <Dialog.Title className="text-xl font-bold text-slate-900 dark:text-white">Save this search</Dialog.Title>
          <Dialog.Description className="muted mt-1 text-sm">
            Find it in{" "}
            <Link to={morePaths.alerts} onClick={onClose}>
              Task alerts
            </Link>{" "}
            on your dashboard, to run it again in one click. Each new task it finds comes to your notifications at once,
            and by email as it happens (at most 10 an hour, the rest in a digest) or in one email a day.
          </Dialog.Description>
          <form className="mt-5 grid gap-5" onSubmit={submit}>
            <TextField
              label="Name"
              value={name}
              maxLength={SAVED_SEARCH_NAME_MAX}
              placeholder={fallback}
              onChange={(event) => setName(event.target.value)}
            />
            <fieldset>
              <legend className="label">How often</legend>
              <div className="grid gap-2">
                {ALERT_FREQUENCIES.map((choice) => (
                  <label key={choice} className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name="frequency"
                      value={choice}
                      checked={frequency === choice}
                      onChange={() => setFrequency(choice)}
                    />
                    {FREQUENCY_LABELS[choice]}
                  </label>
                ))}
              </div>
            </fieldset>
            {refusal && (
              <p
                role="alert"
                className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:bg-red-950/60 dark:text-red-200"
              >
                {refusal}
              </p>
            )}
            <div className="flex flex-wrap justify-end gap-3">
              <Dialog.Close className="btn-secondary" disabled={busy}>
                Cancel
              </Dialog.Close>
              <button type="submit" className="btn-primary" disabled={busy}>
                {busy ? "Saving…" : "Save search"}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
