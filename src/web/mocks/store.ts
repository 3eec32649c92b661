import type { SavedSearch } from "../../contract/alerts.ts";
import type { Bid, Message, Question, Task } from "../../contract/index.ts";
import type { AuditEntry, Queue, SanctionView, StaffRole } from "../../contract/moderation.ts";
import type { Notification, NotificationChannel, NotificationKind } from "../../contract/notifications.ts";
import type { Payment } from "../../contract/payments.ts";
import type { PublicProfile, Review } from "../../contract/reputation.ts";

/*
 * Mock mode's data: what the API answers, in the contract's shapes (src/contract), kept in memory
 * until the page reloads. Only the parts that depend on who reads (`mine`, `hasBid`, an email) are
 * left out of what is kept and added as it is read (handlers.ts). Nothing here decides anything:
 * the server's rules are the server's; a refusal or an edge state is a named scenario.
 */

export interface MockUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
  emailVerified: boolean;
  role: StaffRole | null;
  grantedAt: string | null;
}

export type MockTask = Omit<Task, "bidCount" | "hasBid" | "myBid" | "reviewDue" | "userEmail">;
export type MockBid = Omit<Bid, "mine" | "reputation">;
export type MockQuestion = Omit<Question, "mine">;
export type MockMessage = Omit<Message, "mine"> & { taskId: string; bidderId: string; senderId: string };
export type MockNotice = Notification & { userId: string };
/** A profile as kept: its figures are the demo's as seeded (mock mode adds no work to them). */
export type MockProfile = PublicProfile;

const VIEWER_KEY = "quickgig-mock-viewer";
const DAY_MS = 24 * 60 * 60 * 1000;

export class MockStore {
  users: MockUser[] = [];
  tasks: MockTask[] = [];
  bids: MockBid[] = [];
  /** Bids of tasks their poster deleted, with what My Bids still shows of the task (decision 020). */
  keptBids: Array<MockBid & { task: { title: string; deadline: string; budget: number } }> = [];
  /** Invitations to a task as sent ("taskId freelancerId"). */
  invitations = new Set<string>();
  questions: MockQuestion[] = [];
  messages: MockMessage[] = [];
  notices: MockNotice[] = [];
  /** When each person last read each thread ("taskId bidderId userId"). */
  reads = new Map<string, string>();
  preferences = new Map<string, Partial<Record<NotificationKind, NotificationChannel>>>();
  profiles = new Map<string, MockProfile>();
  /** Every review, published or still hidden. */
  reviews: Review[] = [];
  /** When the review window of each ended task closes. */
  reviewWindows = new Map<string, string>();
  sanctions = new Map<string, SanctionView[]>();
  queue: Queue = { reports: [], appeals: [] };
  audit: AuditEntry[] = [];
  /** Hires' payments, as their checkout and receipt show them (issue 44). */
  payments: Payment[] = [];
  searches: Array<SavedSearch & { userId: string }> = [];
  /** The scenario shown (one of scenarios.ts's SCENARIOS); null for the demo marketplace as it is. */
  scenario: string | null = null;
  private signedIn: string | null = globalThis.sessionStorage?.getItem(VIEWER_KEY) ?? null;
  private sequence = 0;
  private clock = Date.now() - 60 * DAY_MS;

  nextId(prefix: string): string {
    this.sequence += 1;
    return `${prefix}${this.sequence.toString(36).padStart(6, "0")}`;
  }

  /** Strictly increasing times, so that orders never tie. */
  now(): string {
    this.clock = Math.max(this.clock + 1000, Date.now());
    return new Date(this.clock).toISOString();
  }

  /** Who is signed in; null for a visitor. Kept for the tab across reloads, as a session cookie would be. */
  get viewerId(): string | null {
    return this.signedIn;
  }

  set viewerId(id: string | null) {
    this.signedIn = id;
    if (id) globalThis.sessionStorage?.setItem(VIEWER_KEY, id);
    else globalThis.sessionStorage?.removeItem(VIEWER_KEY);
  }

  viewer(): MockUser | null {
    return this.users.find((user) => user.id === this.viewerId) ?? null;
  }

  user(id: string): MockUser | undefined {
    return this.users.find((user) => user.id === id);
  }

  person(id: string) {
    const user = this.user(id);
    return { id, name: user?.name ?? "", image: user?.image ?? null };
  }

  task(id: string): MockTask | undefined {
    return this.tasks.find((task) => task._id === id);
  }
}
