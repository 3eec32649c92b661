import { useId, useState } from "react";
import {
  KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
} from "../../../contract/notifications.ts";
import { errorMessage } from "../../lib/api.ts";
import { notify } from "../../lib/notify.ts";
import { savePreferences } from "./notifications-api.ts";

const CHOICES: Array<{ channel: NotificationChannel; label: string; summary: string }> = [
  { channel: "email", label: "Email", summary: "by email and in the app" },
  { channel: "app", label: "In the app", summary: "in the app only" },
  { channel: "off", label: "Off", summary: "turned off" },
];

function ChannelChoice({
  kind,
  value,
  disabled,
  onChange,
}: {
  kind: NotificationKind;
  value: NotificationChannel;
  disabled: boolean;
  onChange: (channel: NotificationChannel) => void;
}) {
  const name = useId();
  return (
    <fieldset
      className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
      disabled={disabled}
    >
      {/* Floated, so that the legend takes part in the row like the choices beside it. */}
      <legend className="float-left min-w-0 text-sm font-medium sm:flex-1">{KIND_LABELS[kind]}</legend>
      <div className="flex shrink-0 self-start overflow-hidden sm:self-auto rounded-lg border border-slate-300 text-sm dark:border-slate-600">
        {CHOICES.map(({ channel, label }) => (
          <label
            key={channel}
            className="cursor-pointer border-l border-slate-300 px-3 py-1.5 font-medium first:border-l-0 has-checked:bg-indigo-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:-outline-offset-2 has-focus-visible:outline-indigo-600 dark:border-slate-600 dark:has-checked:bg-indigo-400 dark:has-checked:text-slate-950"
          >
            <input
              type="radio"
              name={name}
              value={channel}
              checked={value === channel}
              onChange={() => onChange(channel)}
              className="sr-only"
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The profile's "Email notifications": for each kind of notice, by email (and in the app), in the
 * app only, or off. Each choice is saved as it is made.
 */
export function EmailPreferences({ initial }: { initial: NotificationPreferences }) {
  const [preferences, setPreferences] = useState(initial);
  const [saving, setSaving] = useState<NotificationKind | null>(null);
  const headingId = useId();

  async function choose(kind: NotificationKind, channel: NotificationChannel) {
    const before = preferences;
    setPreferences({ ...preferences, [kind]: channel });
    setSaving(kind);
    try {
      setPreferences(await savePreferences({ [kind]: channel }));
      const summary = CHOICES.find((choice) => choice.channel === channel)?.summary;
      notify.success(`Saved: “${KIND_LABELS[kind]}” ${summary}.`);
    } catch (error) {
      setPreferences(before);
      notify.error(errorMessage(error));
    } finally {
      setSaving(null);
    }
  }

  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="text-lg font-semibold">
        Email notifications
      </h2>
      <p className="muted mt-1 text-sm">
        For each kind of notification: by email (and in the app), in the app only, or off. Emails about your password
        and your email address always come.
      </p>
      <div className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
        {NOTIFICATION_KINDS.map((kind) => (
          <ChannelChoice
            key={kind}
            kind={kind}
            value={preferences[kind]}
            disabled={saving === kind}
            onChange={(channel) => void choose(kind, channel)}
          />
        ))}
      </div>
    </section>
  );
}
