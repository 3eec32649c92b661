import type { MockStore } from "../mocks/store.ts";

/** Two more demo freelancers (render-route.tsx has the demo client and Maya). */
export const LUCAS = "lucas@quickgig.dev";
export const AISHA = "aisha@quickgig.dev";

/** The demo task whose title starts so. */
export function taskTitled(store: MockStore, start: string) {
  const task = store.tasks.find((candidate) => candidate.title.startsWith(start));
  if (!task) throw new Error(`No demo task starts with ${start}`);
  return task;
}

export function userId(store: MockStore, email: string): string {
  const user = store.users.find((candidate) => candidate.email === email);
  if (!user) throw new Error(`No demo user ${email}`);
  return user.id;
}

/** This person's bid on the task, if any. */
export function findBid(store: MockStore, taskId: string, email: string) {
  const bidderId = store.users.find((candidate) => candidate.email === email)?.id;
  return store.bids.find((bid) => bid.taskId === taskId && bid.bidderId === bidderId);
}

/** This person's bid on the task, which must exist. */
export function bidOf(store: MockStore, taskId: string, email: string) {
  const bid = findBid(store, taskId, email);
  if (!bid) throw new Error(`No bid of ${email}`);
  return bid;
}
