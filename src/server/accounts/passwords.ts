import { hash, type Options, verify } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";

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

// About 49,000 passwords seen most often in breaches, lower-cased.
const COMMON_PASSWORDS = new Set(dictionary["passwords-common"] as string[]);

export const COMMON_PASSWORD_MESSAGE = "This password is too common. Choose one that is harder to guess.";

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
