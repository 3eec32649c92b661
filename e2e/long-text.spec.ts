import type { APIRequestContext, Cookie, Page } from "@playwright/test";
import { baseURL, daysFromNow, expect, test, toast, uniqueId } from "./support/fixtures.ts";

/**
 * People write long unbroken text: a pasted hash, a URL, a word typed to test us. Every page that shows
 * what people wrote wraps it, at a phone's width and a desktop's, instead of widening the page (one
 * 5,000-character word once made a thread 54,000 px wide and hid the other person's messages).
 */

/** An unbroken word of `length` characters that starts with `start`. */
const word = (start: string, length: number) => (start + "x".repeat(length)).slice(0, length);
const longUrl = (length: number) => word("https://example.com/files/", length);

interface Person {
  name: string;
  cookies: Cookie[];
  api: APIRequestContext;
}

interface Scenario {
  taskId: string;
  bidderId: string;
  title: string;
  description: string;
  bidMessage: string;
  question: string;
  answer: string;
  posterMessage: string;
  bidderMessage: string;
  poster: Person;
  bidder: Person;
  /** A finished task of the two, both reviews published, the client's answered; the bidder's About you. */
  reviewedId: string;
  clientReview: string;
  freelancerReview: string;
  reviewAnswer: string;
  bio: string;
  skills: string[];
}

const WIDTHS = [
  { name: "phone", width: 390, height: 844, colorScheme: "dark" as const },
  { name: "desktop", width: 1280, height: 900, colorScheme: "light" as const },
];

let scenario: Scenario;
const contexts: APIRequestContext[] = [];

// One task with everything on it, written through the API once per worker; each test only reads.
test.beforeAll(async ({ playwright }) => {
  const id = uniqueId();
  async function signUp(name: string): Promise<Person> {
    const api = await playwright.request.newContext({ baseURL: baseURL() });
    contexts.push(api);
    const signedUp = await api.post("/api/auth/sign-up/email", {
      data: {
        name,
        email: `long-${uniqueId()}@example.test`,
        password: `Qg-${id}-Pass9`,
        image: `${baseURL()}/images/freelancer-2.svg`,
      },
    });
    expect(signedUp.status(), await signedUp.text()).toBe(200);
    return { name, api, cookies: (await api.storageState()).cookies };
  }
  // Names are at most 80 characters; both people use all of them, unbroken.
  const poster = await signUp(word(`Poster${id}`, 80));
  const bidder = await signUp(word(`Bidder${id}`, 80));

  const title = word(`Longtitle${id}`, 120);
  const description = word(`Description${id}`, 5000);
  const created = await poster.api.post("/api/tasks", {
    data: { title, category: "Design", description, deadline: daysFromNow(9), budget: 300, offersPublic: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  const taskId = ((await created.json()) as { insertedId: string }).insertedId;

  const bidMessage = word(`Bidmessage${id}`, 1900);
  const bid = await bidder.api.post("/api/bids", { data: { taskId, amount: 280, message: bidMessage } });
  expect(bid.status(), await bid.text()).toBe(201);

  const question = word(`Question${id}`, 900);
  const asked = await bidder.api.post(`/api/tasks/${taskId}/questions`, { data: { body: question } });
  expect(asked.status(), await asked.text()).toBe(201);
  const questionId = ((await asked.json()) as { _id: string })._id;
  const answer = `${word(`Answer${id}`, 1500)} ${longUrl(300)}`;
  const answered = await poster.api.put(`/api/questions/${questionId}/answer`, { data: { answer } });
  expect(answered.status(), await answered.text()).toBe(200);

  const bids = (await (await poster.api.get(`/api/bids?taskId=${taskId}`)).json()) as Array<{ bidderId: string }>;
  const bidderId = bids[0]?.bidderId ?? "";
  const thread = `/api/tasks/${taskId}/threads/${bidderId}/messages`;
  const posterMessage = `${word(`Fromposter${id}`, 1200)} ${longUrl(500)}`;
  const bidderMessage = word(`Frombidder${id}`, 1200);
  for (const [person, body] of [
    [poster, posterMessage],
    [bidder, bidderMessage],
  ] as const) {
    const sent = await person.api.post(thread, { data: { body } });
    expect(sent.status(), await sent.text()).toBe(201);
  }
  // A finished task: the poster hires the bidder, marks it done, and both review at full length.
  const finished = await poster.api.post("/api/tasks", {
    data: {
      title: word(`Reviewed${id}`, 120),
      category: "Design",
      description: "Done.",
      deadline: daysFromNow(9),
      budget: 90,
    },
  });
  expect(finished.status(), await finished.text()).toBe(201);
  const reviewedId = ((await finished.json()) as { insertedId: string }).insertedId;
  const hired = await bidder.api.post("/api/bids", { data: { taskId: reviewedId, amount: 90 } });
  const hiredId = ((await hired.json()) as { _id: string })._id;
  const steps = [
    [poster, `/api/tasks/${reviewedId}/accept`, { bidId: hiredId }],
    [poster, `/api/tasks/${reviewedId}/complete`, {}],
  ] as const;
  for (const [person, url, data] of steps) {
    const done = await person.api.post(url, { data });
    expect(done.status(), await done.text()).toBe(200);
  }
  const clientReview = word(`Clientreview${id}`, 2000);
  const freelancerReview = `${word(`Freelancerreview${id}`, 1500)} ${longUrl(400)}`;
  const written = await poster.api.post(`/api/tasks/${reviewedId}/reviews`, {
    data: { rating: 5, text: clientReview, communication: 4 },
  });
  expect(written.status(), await written.text()).toBe(201);
  const reply = await bidder.api.post(`/api/tasks/${reviewedId}/reviews`, {
    data: { rating: 4, text: freelancerReview },
  });
  expect(reply.status(), await reply.text()).toBe(201);
  const reviewAnswer = word(`Reviewanswer${id}`, 1000);
  const answeredReview = await bidder.api.post(
    `/api/reviews/${((await written.json()) as { _id: string })._id}/answer`,
    {
      data: { answer: reviewAnswer },
    },
  );
  expect(answeredReview.status(), await answeredReview.text()).toBe(200);
  const bio = word(`Bio${id}`, 1000);
  const skills = Array.from({ length: 15 }, (_, index) => word(`Skill${String.fromCharCode(97 + index)}${id}`, 40));
  const about = await bidder.api.put("/api/profile/about", { data: { bio, skills, field: "Designers" } });
  expect(about.status(), await about.text()).toBe(200);

  scenario = {
    reviewedId,
    clientReview,
    freelancerReview,
    reviewAnswer,
    bio,
    skills,
    taskId,
    bidderId,
    title,
    description,
    bidMessage,
    question,
    answer,
    posterMessage,
    bidderMessage,
    poster,
    bidder,
  };
});

test.afterAll(async () => {
  for (const context of contexts) await context.dispose();
});

/** The page is no wider than the window: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth, widest } = await page.evaluate(() => {
    // The innermost elements that reach past the window's right edge, to name in a failure.
    const past = [...document.body.querySelectorAll("*")].filter(
      (element) => element.getBoundingClientRect().right > window.innerWidth + 1,
    );
    const innermost = past.filter((element) => !past.some((other) => other !== element && element.contains(other)));
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      widest: innermost
        .slice(0, 3)
        .map((element) => `<${element.tagName.toLowerCase()} class="${element.className}">`)
        .join(", "),
    };
  });
  expect(scrollWidth, `the page's width (past the window: ${widest})`).toBeLessThanOrEqual(innerWidth);
}

/** Opens `path` as `person` at each width, waits for `ready`, then checks the page's width. */
async function atEachWidth(
  page: Page,
  person: () => Person,
  path: () => string,
  ready: (page: Page) => Promise<void>,
  name: string,
) {
  await page.context().addCookies(person().cookies);
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.emulateMedia({ colorScheme: size.colorScheme });
    await page.goto(path());
    await ready(page);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath(`${name}-${size.name}.png`) });
  }
}

/** The start of a long text, enough to find it on the page. */
const start = (text: string) => text.slice(0, 40);

test("Browse Tasks wraps a long title and description", async ({ page }) => {
  await atEachWidth(
    page,
    () => scenario.bidder,
    () => `/browse-tasks?q=${start(scenario.title)}`,
    async () => {
      await expect(page.getByRole("heading", { name: scenario.title })).toBeVisible();
    },
    "browse",
  );
});

test("the task's page wraps everything on it, for its poster", async ({ page }) => {
  await atEachWidth(
    page,
    () => scenario.poster,
    () => `/task-details/${scenario.taskId}`,
    async () => {
      await expect(page.getByRole("heading", { level: 1, name: scenario.title })).toBeVisible();
      await expect(page.getByText(start(scenario.description))).toBeVisible();
      await expect(page.getByText(start(scenario.question))).toBeVisible();
      await expect(page.getByText(start(scenario.answer))).toBeVisible();
    },
    "task-poster",
  );
});

test("the task's page wraps everything on it, for a bidder", async ({ page }) => {
  await atEachWidth(
    page,
    () => scenario.bidder,
    () => `/task-details/${scenario.taskId}`,
    async () => {
      await expect(page.getByRole("heading", { level: 1, name: scenario.title })).toBeVisible();
      await expect(page.getByText(start(scenario.bidMessage))).toBeVisible();
      await expect(page.getByRole("region", { name: "Offers" })).toContainText(start(scenario.bidder.name));
      await expect(page.getByText(start(scenario.answer))).toBeVisible();
    },
    "task-bidder",
  );
});

test("My Bids wraps a long title and bid message", async ({ page }) => {
  await atEachWidth(
    page,
    () => scenario.bidder,
    () => "/dashboard/my-bids",
    async () => {
      await expect(page.getByRole("link", { name: scenario.title }).first()).toBeVisible();
    },
    "my-bids",
  );
});

test("My Posted Tasks and its Bids dialog wrap a long title, name and bid message", async ({ page }) => {
  await atEachWidth(
    page,
    () => scenario.poster,
    () => "/dashboard/my-posted-tasks",
    async () => {
      // The table on a desktop, a card per task on a phone: the one shown.
      await expect(page.getByText(scenario.title).filter({ visible: true }).first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page
        .getByRole("button", { name: `Bids for ${scenario.title}` })
        .filter({ visible: true })
        .first()
        .click();
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByText(start(scenario.bidMessage))).toBeVisible();
      const { scrollWidth, clientWidth } = await dialog.evaluate((element) => ({
        scrollWidth: element.scrollWidth,
        clientWidth: element.clientWidth,
      }));
      expect(scrollWidth, "the dialog's width").toBeLessThanOrEqual(clientWidth);
    },
    "my-posted-tasks",
  );
});

/** The thread's messages scroll up and down only, and the other person's message is there to read. */
async function expectReadableThread(page: Page, theirs: string) {
  const thread = page.getByRole("list", { name: "Messages" });
  const other = thread.getByRole("listitem").filter({ hasText: start(theirs) });
  await other.scrollIntoViewIfNeeded();
  await expect(other).toBeInViewport();
  const box = await other.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box && box.x >= 0 && box.x + box.width <= width, "the other person's message lies within the window").toBe(
    true,
  );
  const { scrollWidth, clientWidth } = await thread.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }));
  expect(scrollWidth, "the thread's width").toBeLessThanOrEqual(clientWidth);
}

test("a thread of long words and links wraps, and shows the bidder's messages to the poster", async ({ page }) => {
  await atEachWidth(
    page,
    () => scenario.poster,
    () => `/dashboard/messages/${scenario.taskId}/${scenario.bidderId}`,
    async () => {
      await expect(page.getByRole("heading", { name: `Messages with ${scenario.bidder.name}` })).toBeVisible();
      await expectReadableThread(page, scenario.bidderMessage);
    },
    "thread-poster",
  );
});

test("a thread of long words and links wraps, and shows the poster's messages to the bidder", async ({ page }) => {
  await atEachWidth(
    page,
    () => scenario.bidder,
    () => `/dashboard/messages/${scenario.taskId}/${scenario.bidderId}`,
    async () => {
      await expect(page.getByRole("heading", { name: `Messages with ${scenario.poster.name}` })).toBeVisible();
      await expectReadableThread(page, scenario.posterMessage);
    },
    "thread-bidder",
  );
});

test("the list of conversations wraps long names and titles", async ({ page }) => {
  await atEachWidth(
    page,
    () => scenario.poster,
    () => "/dashboard/messages",
    async () => {
      await expect(page.getByRole("link", { name: new RegExp(start(scenario.bidder.name)) })).toBeVisible();
    },
    "threads",
  );
});

test("notices about long titles and messages wrap, on their page and in a toast", async ({ page }) => {
  await atEachWidth(
    page,
    () => scenario.poster,
    () => "/dashboard/notifications",
    async () => {
      await expect(page.getByRole("link", { name: new RegExp(start(scenario.title)) }).first()).toBeVisible();
    },
    "notifications",
  );
  // A notice that arrives while the page is open shows as a toast, as long as what it is about.
  const reply = word(`Toast${uniqueId()}`, 1000);
  const sent = await scenario.bidder.api.post(`/api/tasks/${scenario.taskId}/threads/${scenario.bidderId}/messages`, {
    data: { body: reply },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await expect(toast(page, start(scenario.bidder.name)).first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  const box = await toast(page, start(scenario.bidder.name)).first().boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 1280, "the toast lies within the window").toBe(true);
  await page.screenshot({ path: test.info().outputPath("toast-desktop.png") });
});

test("the profile page wraps a long name", async ({ page }) => {
  await atEachWidth(
    page,
    () => scenario.bidder,
    () => "/profile",
    async () => {
      await expect(page.getByRole("heading", { level: 1, name: scenario.bidder.name })).toBeVisible();
    },
    "profile",
  );
});

test("a public profile wraps a long name, bio, skills, reviews and an answer", async ({ page }) => {
  await atEachWidth(
    page,
    () => scenario.poster,
    () => `/users/${scenario.bidderId}`,
    async () => {
      await expect(page.getByRole("heading", { level: 1, name: scenario.bidder.name })).toBeVisible();
      await expect(page.getByText(start(scenario.bio))).toBeVisible();
      await expect(page.getByRole("list", { name: "Skills" }).getByRole("listitem")).toHaveCount(15);
      await expect(page.getByText(start(scenario.clientReview))).toBeVisible();
      await expect(page.getByText(start(scenario.reviewAnswer))).toBeVisible();
    },
    "public-profile",
  );
});

test("a finished task's reviews wrap", async ({ page }) => {
  await atEachWidth(
    page,
    () => scenario.bidder,
    () => `/task-details/${scenario.reviewedId}`,
    async () => {
      const published = page.getByRole("list", { name: "Published reviews" });
      await expect(published.getByText(start(scenario.clientReview))).toBeVisible();
      await expect(published.getByText(start(scenario.freelancerReview))).toBeVisible();
    },
    "task-reviews",
  );
});

test("Find Freelancers wraps a long name and long skills", async ({ page }) => {
  await atEachWidth(
    page,
    () => scenario.poster,
    () => `/freelancers?q=${start(scenario.bidder.name)}`,
    async () => {
      await expect(page.getByRole("link", { name: scenario.bidder.name })).toBeVisible();
      await expect(page.getByText(start(scenario.skills[0] ?? "")).first()).toBeVisible();
    },
    "freelancers",
  );
});
