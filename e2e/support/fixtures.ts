import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { type APIRequestContext, type BrowserContext, test as base, expect, type Page } from "@playwright/test";

export { expect };

export interface TaskFields {
  title: string;
  category: "Web Development" | "Design" | "Writing" | "Marketing";
  description: string;
  deadline: string;
  budget: number;
}

/** A person with an account, and an API client signed in as them. */
export interface Account {
  name: string;
  email: string;
  password: string;
  image: string;
  api: APIRequestContext;
  createTask(overrides?: Partial<TaskFields>): Promise<string>;
  bid(taskId: string): Promise<void>;
}

/** The build under test: dist/web, or E2E_WEB_DIST (another build, e.g. one made while dist/web is rebuilt). */
export const webDist = path.resolve(process.env.E2E_WEB_DIST || "dist/web");

export const baseURL = (): string => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error("E2E_BASE_URL is not set: run the tests through playwright.config.ts");
  return url;
};

export function uniqueId(): string {
  return randomBytes(5).toString("hex");
}

/** A date n days from today, as the task forms write it. */
export function daysFromNow(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function taskFields(overrides: Partial<TaskFields> = {}): TaskFields {
  return {
    title: `Task ${uniqueId()}`,
    category: "Design",
    description: "A task written by an end-to-end test.",
    deadline: daysFromNow(10),
    budget: 250,
    ...overrides,
  };
}

/**
 * E2E_CPU_THROTTLE=4 runs every page on a CPU slowed four times (Chromium's own emulation, as
 * Lighthouse's), so that the suite proves it waits for states and not for a fast machine. 1, or
 * unset: as fast as the machine is.
 */
export const CPU_THROTTLE = Math.max(1, Number(process.env.E2E_CPU_THROTTLE ?? 1) || 1);

/** A test's own time limit, for its work: as long again for each time the CPU is slowed. */
export const limitFor = (ms: number): number => ms * CPU_THROTTLE;

const throttled = new WeakSet<Page>();

async function throttle(page: Page): Promise<void> {
  if (throttled.has(page)) return;
  throttled.add(page);
  const session = await page.context().newCDPSession(page);
  await session.send("Emulation.setCPUThrottlingRate", { rate: CPU_THROTTLE });
}

/**
 * Every page the context opens is throttled: those a test opens, before newPage hands them over, and
 * any other (a popup) as it appears.
 */
function throttleContext(context: BrowserContext): void {
  if (CPU_THROTTLE === 1) return;
  const newPage = context.newPage.bind(context);
  context.newPage = async () => {
    const page = await newPage();
    await throttle(page);
    return page;
  };
  context.on("page", (page) => void throttle(page).catch(() => {}));
}

export const test = base.extend<
  {
    /** Signs up a new account through the API (and signs it out again when the test ends). */
    makeUser: (overrides?: Partial<Pick<Account, "name" | "email" | "password" | "image">>) => Promise<Account>;
    /** Puts an account's session cookie in the browser, without going through the login form. */
    login: (account: Account) => Promise<void>;
    /** The app the accounts are made on: the run's (E2E_BASE_URL) unless a spec uses another (payments). */
    appURL: string;
  },
  { browser: import("@playwright/test").Browser }
>({
  // Every context, the default one and those a test opens itself (a second person's window).
  browser: [
    async ({ browser }, use) => {
      if (CPU_THROTTLE > 1) {
        const newContext = browser.newContext.bind(browser);
        browser.newContext = async (options) => {
          const context = await newContext(options);
          throttleContext(context);
          return context;
        };
      }
      await use(browser);
    },
    { scope: "worker" },
  ],
  // The default page is opened before a test sees it: throttled before its first navigation.
  page: async ({ page }, use) => {
    if (CPU_THROTTLE > 1) await throttle(page);
    await use(page);
  },
  appURL: ["", { option: true }],
  makeUser: async ({ playwright, appURL }, use) => {
    const contexts: APIRequestContext[] = [];
    const origin = appURL || baseURL();
    await use(async (overrides = {}) => {
      const id = uniqueId();
      const api = await playwright.request.newContext({ baseURL: origin });
      contexts.push(api);
      const fields = {
        name: `Tester ${id}`,
        email: `tester-${id}@example.test`,
        password: `Qg-${id}-Pass9`,
        image: `${origin}/images/freelancer-2.svg`,
        ...overrides,
      };
      const response = await api.post("/api/auth/sign-up/email", { data: fields });
      expect(response.status(), await response.text()).toBe(200);
      return {
        ...fields,
        api,
        async createTask(taskOverrides = {}) {
          const created = await api.post("/api/tasks", { data: taskFields(taskOverrides) });
          expect(created.status(), await created.text()).toBe(201);
          return ((await created.json()) as { insertedId: string }).insertedId;
        },
        async bid(taskId: string) {
          const placed = await api.post("/api/bids", { data: { taskId } });
          expect(placed.status(), await placed.text()).toBe(201);
        },
      };
    });
    for (const context of contexts) await context.dispose();
  },
  login: async ({ context }, use) => {
    await use(async (account) => {
      const { cookies } = await account.api.storageState();
      await context.addCookies(cookies);
    });
  },
});

/** Gives a person a role as an operator would, with `npm run admin` on the server's database. */
export async function grantRole(email: string, role: "moderator" | "admin"): Promise<void> {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  if (!databaseUrl) throw new Error("E2E_DATABASE_URL is not set: run through e2e/support/global-setup.ts");
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "src/server/admin-cli.ts", "grant", email, role],
    { env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: "test" } },
  );
  expect(stdout).toContain(`${email} is now`);
}

/**
 * A browser window of its own for one person, signed in (the session cookie put in directly), or
 * for a visitor (null); desktop-sized unless a viewport is given.
 */
export async function windowFor(
  browser: import("@playwright/test").Browser,
  account: Account | null,
  viewport = { width: 1280, height: 800 },
  options: { origin?: string; colorScheme?: "light" | "dark" } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: options.origin ?? baseURL(),
    viewport,
    ...(options.colorScheme ? { colorScheme: options.colorScheme } : {}),
  });
  if (account) await context.addCookies((await account.api.storageState()).cookies);
  return context.newPage();
}

/**
 * Keeps every EventSource the page makes (from its next navigation on), and returns the reader of
 * their states (EventSource.readyState: 0 connecting, 1 open, 2 closed).
 */
export async function watchEventStreams(page: Page): Promise<() => Promise<number[]>> {
  await page.addInitScript(() => {
    const opened: EventSource[] = [];
    Object.assign(window, { openedStreams: opened });
    window.EventSource = class extends window.EventSource {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        opened.push(this);
      }
    };
  });
  return () =>
    page.evaluate(() =>
      (window as unknown as { openedStreams: EventSource[] }).openedStreams.map((source) => source.readyState),
    );
}

/** The toast with this text (sonner announces toasts in a live region). */
export function toast(page: Page, text: string | RegExp) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

export interface ReceivedEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The first email to `to` whose subject contains `subject`, as the test's SMTP server received it (waits up to 10 s). */
export async function waitForEmail(to: string, subject: string): Promise<ReceivedEmail> {
  const control = process.env.E2E_OIDC_CONTROL;
  if (!control) throw new Error("E2E_OIDC_CONTROL is not set: run the tests through playwright.config.ts");
  let found: ReceivedEmail | undefined;
  await expect
    .poll(
      async () => {
        const emails = (await (await fetch(`${control}/mail?to=${encodeURIComponent(to)}`)).json()) as ReceivedEmail[];
        found = emails.find((email) => email.subject.includes(subject));
        return found !== undefined;
      },
      { timeout: 10_000, message: `an email to ${to} about "${subject}"` },
    )
    .toBe(true);
  return found as ReceivedEmail;
}

/** The link in an email's text that starts with `prefix`. */
export function linkIn(email: ReceivedEmail, prefix: string): string {
  const link = email.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no link starting with ${prefix} in:\n${email.text}`);
  return link;
}

/** Confirms an account's email by following the link of its confirmation email (notices are emailed only to confirmed addresses). */
export async function confirmEmail(account: Account): Promise<void> {
  const email = await waitForEmail(account.email, "Confirm your email for QuickGig");
  const link = new URL(linkIn(email, `${baseURL()}/api/auth/verify-email`));
  const response = await account.api.get(`${link.pathname}${link.search}`, { maxRedirects: 0 });
  expect(response.status()).toBe(302);
}

/** EventSource's readyState when open. */
export const STREAM_OPEN = 1;

/** The header's bell, whose name carries the count of unread notices. */
export const bell = (page: import("@playwright/test").Page) =>
  page.getByRole("banner").getByRole("link", { name: /^Notifications/ });

/**
 * A window of `account` at `path` whose live stream is open (a notice sent before then would reach
 * nobody): on the payments app unless another origin is given.
 */
export async function liveWindow(
  browser: import("@playwright/test").Browser,
  account: Account,
  path: string,
  viewport = { width: 1280, height: 800 },
  colorScheme: "light" | "dark" = "light",
) {
  const page = await windowFor(browser, account, viewport, { origin: process.env.E2E_PAYMENTS_URL, colorScheme });
  const streams = await watchEventStreams(page);
  await page.goto(path);
  await expect.poll(streams).toContain(STREAM_OPEN);
  return page;
}
