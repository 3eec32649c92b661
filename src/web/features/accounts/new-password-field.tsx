import { Check, Circle, X } from "lucide-react";
import { type ComponentProps, useEffect, useState } from "react";
import { COMMON_PASSWORD_MESSAGE, COMMON_PASSWORD_RULE, PASSWORD_RULES } from "../../../contract/passwords.ts";
import { PASSWORD_HINT } from "../../../contract/vocabulary.ts";
import { PasswordField } from "./password-field.tsx";

type IsCommon = (password: string) => boolean;
let commonCheck: Promise<IsCommon> | undefined;
/** The server's own common-password list (contract/common-passwords.ts), a chunk of its own fetched once. */
const loadCommonCheck = () => {
  commonCheck ??= import("../../../contract/common-passwords.ts").then((module) => module.isCommonPassword);
  return commonCheck;
};

type State = "met" | "not yet" | "refused";

function RuleItem({ label, state }: { label: string; state: State }) {
  const Icon = state === "met" ? Check : state === "refused" ? X : Circle;
  const tone =
    state === "met"
      ? "text-emerald-800 dark:text-emerald-300"
      : state === "refused"
        ? "font-medium text-red-700 dark:text-red-300"
        : "muted";
  return (
    <li className={`flex items-center gap-1.5 ${tone}`}>
      <Icon aria-hidden="true" className="size-3.5 shrink-0" />
      {label}
      <span className="sr-only">: {state === "refused" ? "too common" : state}</span>
    </li>
  );
}

function PasswordRules({ value, isCommon }: { value: string; isCommon: IsCommon | null }) {
  const refused = value !== "" && isCommon !== null && isCommon(value);
  const common: State = refused ? "refused" : value !== "" && isCommon !== null ? "met" : "not yet";
  return (
    <div className="mt-2 text-xs">
      <p className="muted">{PASSWORD_HINT}</p>
      <ul className="mt-1 grid gap-0.5" aria-label="Password rules">
        {PASSWORD_RULES.map((rule) => (
          <RuleItem key={rule.label} label={rule.label} state={rule.met(value) ? "met" : "not yet"} />
        ))}
        <RuleItem label={COMMON_PASSWORD_RULE} state={common} />
      </ul>
      <p aria-live="polite" className="mt-1 font-medium text-red-700 dark:text-red-300">
        {refused ? COMMON_PASSWORD_MESSAGE : ""}
      </p>
    </div>
  );
}

/**
 * Where a new password is chosen (sign up, reset): the server's rules (contract/passwords.ts) under
 * the field before anything is typed, each marked met (an icon and words, not colour alone) as the
 * person types, the common-password check too: its list loads when the form shows, not on submit.
 * Its own module, so the login page's first screen does not carry it.
 */
export function NewPasswordField({ onChange, ...field }: ComponentProps<typeof PasswordField>) {
  const [value, setValue] = useState("");
  const [isCommon, setIsCommon] = useState<IsCommon | null>(null);
  useEffect(() => {
    let live = true;
    loadCommonCheck()
      .then((check) => {
        if (live) setIsCommon(() => check);
      })
      // Without the list the rule stays "not yet"; the server still checks it.
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return (
    <PasswordField
      hint={<PasswordRules value={value} isCommon={isCommon} />}
      onChange={(event) => {
        setValue(event.target.value);
        onChange?.(event);
      }}
      {...field}
    />
  );
}
