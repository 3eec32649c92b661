// The list alone, not the package's index (which adds two more lists): about 200 KB gzipped, which
// the web app loads only with a form where a new password is chosen.
import passwords from "@zxcvbn-ts/language-common/dist/passwords.json.mjs";

/** About 49,000 passwords seen most often in breaches, lower-cased (zxcvbn-ts's common list). */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(passwords);

/** The fifth rule of a new password (passwords.ts), for the server and the forms alike. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
