/** Placeholder while issue 29's page is built: the helper that owns this file replaces it. */
export function Component() {
  return null;
}
