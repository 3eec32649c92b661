/** Leaves the app for another site's page (a payment provider's): a full navigation, not the router's. */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
