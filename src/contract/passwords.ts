import { LIMITS } from "./limits.ts";

/**
 * The rules of a new password, one definition for the server (PasswordSchema, which says the first
 * one broken) and the sign-up and reset forms' checklist (each marked met as the person types).
 * The fifth, not a common password, needs a list of about 49,000: common-passwords.ts, apart so
 * that only what checks a new password loads it.
 */
export interface PasswordRule {
  /** The checklist's words. */
  label: string;
  /** What a refusal says when this is the first rule broken. */
  refusal: string;
  met: (value: string) => boolean;
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    label: `At least ${LIMITS.passwordMin} characters`,
    refusal: `Password must be at least ${LIMITS.passwordMin} characters`,
    met: (value) => value.length >= LIMITS.passwordMin,
  },
  { label: "A number", refusal: "Password must include a number", met: (value) => /\d/.test(value) },
  {
    label: "A lowercase letter",
    refusal: "Password must include a lowercase letter",
    met: (value) => /[a-z]/.test(value),
  },
  {
    label: "An uppercase letter",
    refusal: "Password must include an uppercase letter",
    met: (value) => /[A-Z]/.test(value),
  },
];

export const COMMON_PASSWORD_RULE = "Not a common password";
export const COMMON_PASSWORD_MESSAGE = "This password is too common. Choose one that is harder to guess.";
