/** The common-password list of @zxcvbn-ts/language-common, imported on its own (common-passwords.ts). */
declare module "@zxcvbn-ts/language-common/dist/passwords.json.mjs" {
  const passwords: string[];
  export default passwords;
}
