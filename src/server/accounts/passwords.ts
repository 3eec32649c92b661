import { hash, type Options, verify } from "@node-rs/argon2";

/** Argon2id at OWASP's recommended minimum: 19 MiB of memory, two passes, one lane. */
export const ARGON2_OPTIONS: Options = {
  algorithm: 2 as Options["algorithm"], // Argon2id; the library declares its enum as a const enum only
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export function verifyPassword({ hash: stored, password }: { hash: string; password: string }): Promise<boolean> {
  return verify(stored, password).catch(() => false);
}

// The common-password rule is the contract's, the same the forms check as the person types.
export { isCommonPassword } from "../../contract/common-passwords.ts";
export { COMMON_PASSWORD_MESSAGE } from "../../contract/passwords.ts";
