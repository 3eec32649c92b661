import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moderationKit } from "../moderation/test/moderation-kit.ts";
import { postTask, setupTestApp, signUp, type TestUser } from "../test/test-app.ts";

// A built web app as the build leaves it: index.html, and the templates of the pages the server
// renders, each with its slot.
const webDist = mkdtempSync(path.join(tmpdir(), "quickgig-web-page-screens-"));
const indexHtml = "<!doctype html><title>QuickGig</title><div id=root><p>Loading QuickGig</p></div>";
const templateOf = (title: string) =>
  `<!doctype html><title>${title} - QuickGig</title><meta name="description" content="The site."><div id=root><!--quickgig:first-screen--></div>`;
writeFileSync(path.join(webDist, "index.html"), indexHtml);
mkdirSync(path.join(webDist, "first-screens"));
mkdirSync(path.join(webDist, ".vite"));
const templates: Record<string, string> = {};
for (const [name, title] of Object.entries({
  "task-details": "Task Details",
  "my-bids": "My Bids",
  dashboard: "Dashboard",
  messages: "Messages",
  profile: "Profile",
  "admin-queue": "Moderation queue",
})) {
  writeFileSync(path.join(webDist, "first-screens", `${name}.template.html`), templateOf(title));
  templates[name] = `first-screens/${name}.template.html`;
}
writeFileSync(path.join(webDist, ".vite", "page-templates.json"), JSON.stringify(templates));
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const ctx = setupTestApp({ WEB_DIST: webDist });
const kit = moderationKit(ctx);

let poster: TestUser;
let reader: TestUser;
let taskId: string;
beforeAll(async () => {
  poster = await signUp(ctx.app, { name: "Priya Poster" });
  reader = await signUp(ctx.app, { name: "Rafael Reader" });
  taskId = await postTask(ctx.app, poster, {
    title: "Logo for a <script>alert(1)</script> bakery",
    description: "Two colours & a round mark.\nDelivered as SVG.",
    budget: 480,
  });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ url, headers: { "accept-encoding": "identity", ...headers } });

describe("a task's details, first screen rendered by the server", () => {
  it("holds the task, as its signed-in reader sees it, in the HTML", async () => {
    const response = await page(`/task-details/${taskId}`, { cookie: reader.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    const html = response.body;
    // The task's own title in the tab (its head is the visitors' one, tested below).
    expect(
      html.startsWith(
        "<!doctype html><title>Logo for a &lt;script&gt;alert(1)&lt;/script&gt; bakery - QuickGig</title>",
      ),
    ).toBe(true);
    expect(html).not.toContain("<!--quickgig:first-screen-->");
    expect(html).toContain("data-first-screen");
    expect(html).toMatch(/<h1[^>]*>Logo for a &lt;script&gt;alert\(1\)&lt;\/script&gt; bakery<\/h1>/);
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("Two colours &amp; a round mark.\nDelivered as SVG.");
    expect(html).toContain("Priya Poster");
    expect(html).toContain("$480.00");
    // A signed-in reader gets the contact email, as the API gives it to them.
    expect(html).toContain(`mailto:${poster.email}`);
    // The header as the live page's: signed in, with Dashboard in the menu, the bell, the reader's
    // avatar (a link to their profile) and Logout, from the first request on.
    expect(html).toMatch(/<a[^>]*href="\/dashboard"[^>]*>Dashboard<\/a>/);
    expect(html).toMatch(/<a[^>]*aria-label="Notifications"[^>]*href="\/dashboard\/notifications"/);
    expect(html).toContain('aria-label="Rafael Reader (profile)"');
    // Their own picture (signUp gives every test user one), not the default one.
    expect(html).toContain('src="https://example.com/avatar.png"');
    expect(html).toMatch(/<button inert[^>]*>.*Logout<\/button>/);
    // What needs the app (bid panel, questions) is loading; nothing in it takes input yet.
    expect(html).toContain("Loading bids and questions");
    expect(html).not.toMatch(/<(form|button)(?![^>]*\sinert)[\s>]/);
  });

  it("is made for one reader: never stored by a cache, and varies with the cookie", async () => {
    const response = await page(`/task-details/${taskId}`, { cookie: reader.cookie });
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(response.headers.vary).toBe("accept-encoding, cookie");
    // The security headers every page has.
    expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
  });

  it("comes compressed: brotli, else gzip", async () => {
    const br = await page(`/task-details/${taskId}`, { cookie: reader.cookie, "accept-encoding": "gzip, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    const html = brotliDecompressSync(br.rawPayload).toString();
    expect(html).toContain("Priya Poster");
    expect(br.rawPayload.length).toBeLessThan(html.length);
    const gz = await page(`/task-details/${taskId}`, { cookie: reader.cookie, "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toContain("Priya Poster");
  });

  it("is the task for a visitor too, without the contact email, with its title, description and address in the head", async () => {
    for (const cookie of [undefined, "better-auth.session_token=forged.value"]) {
      const response = await page(`/task-details/${taskId}`, cookie ? { cookie } : {});
      expect(response.statusCode).toBe(200);
      const html = response.body;
      expect(html).toMatch(/<h1[^>]*>Logo for a &lt;script&gt;alert\(1\)&lt;\/script&gt; bakery<\/h1>/);
      expect(html).toContain("Two colours &amp; a round mark.\nDelivered as SVG.");
      expect(html).toContain("Priya Poster");
      expect(html).not.toContain(poster.email);
      expect(html).toMatch(/<a[^>]*href="\/auth\/login\?redirect=%2Ftask-details%2F[^"]+"[^>]*>Log in to see it<\/a>/);
      // The head: the task's title in the tab, the start of its description, the one address of the page.
      expect(
        html.startsWith(
          "<!doctype html><title>Logo for a &lt;script&gt;alert(1)&lt;/script&gt; bakery - QuickGig</title>",
        ),
      ).toBe(true);
      expect(html).toContain('<meta name="description" content="Two colours &amp; a round mark. Delivered as SVG."/>');
      expect(html).not.toContain("The site.");
      expect(html).toContain(`<link rel="canonical" href="${ctx.config.publicUrl}/task-details/${taskId}"/>`);
      // The header signed out: Login, no bell, no Dashboard.
      expect(html).toMatch(/<a[^>]*href="\/auth\/login"[^>]*>.*Login<\/a>/);
      expect(html).not.toContain('aria-label="Notifications"');
      // The same page for every visitor: asked again each time, never kept for a person.
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.headers.vary).toBe("accept-encoding, cookie");
    }
  });

  it("cuts a long description for the head at a word, and marks the cut", async () => {
    const long = await postTask(ctx.app, poster, {
      title: "Long brief",
      description: `${"word ".repeat(60)}end`,
    });
    const html = (await page(`/task-details/${long}`)).body;
    const [, description] = html.match(/<meta name="description" content="([^"]*)"/) ?? [];
    expect(description?.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/^(word )+word…$/);
  });

  it("answers 404 with index.html for a task that does not exist or an id that cannot be one (the app says Task not found)", async () => {
    for (const id of ["AAAAAAAAAAAAAAAA", "not%20an%20id", "x".repeat(60)]) {
      for (const headers of [{ cookie: reader.cookie }, {} as Record<string, string>]) {
        const response = await page(`/task-details/${id}`, headers);
        expect(response.statusCode, id).toBe(404);
        expect(response.body, id).toBe(indexHtml);
      }
    }
  });

  it("follows the task: a changed title is in the next page", async () => {
    const updated = await ctx.app.inject({
      method: "PUT",
      url: `/api/tasks/${taskId}`,
      headers: { cookie: poster.cookie },
      payload: {
        title: "Logo for a corner bakery",
        category: "Design",
        description: "Round mark.",
        deadline: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
        budget: 350,
      },
    });
    expect(updated.statusCode).toBe(200);
    const html = (await page(`/task-details/${taskId}`, { cookie: poster.cookie })).body;
    expect(html).toContain("Logo for a corner bakery");
    expect(html).toContain("$350.00");
  });
});

describe("My Bids, first screen rendered by the server", () => {
  // Fiona has 22 bids; Omar, one.
  let freelancer: TestUser;
  let other: TestUser;
  let wonTask: string;
  beforeAll(async () => {
    [freelancer, other] = await Promise.all([
      signUp(ctx.app, { name: "Fiona Freelancer" }),
      signUp(ctx.app, { name: "Omar Other" }),
    ]);
    const bid = async (user: TestUser, taskId: string, amount?: number) => {
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/bids",
        headers: { cookie: user.cookie },
        payload: { taskId, ...(amount ? { amount } : {}) },
      });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as { _id: string })._id;
    };
    // The oldest two of Fiona's 22 bids: a title to escape, and a bid the client accepted.
    const escapedTask = await postTask(ctx.app, poster, { title: "Menu for a <b>bistro</b> & bar", budget: 480 });
    await bid(freelancer, escapedTask, 405.5);
    wonTask = await postTask(ctx.app, poster, { title: "Poster for the summer fair", budget: 300 });
    const won = await bid(freelancer, wonTask, 277);
    const accepted = await ctx.app.inject({
      method: "POST",
      url: `/api/tasks/${wonTask}/accept`,
      headers: { cookie: poster.cookie },
      payload: { bidId: won },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    for (let n = 1; n <= 20; n++) {
      await bid(freelancer, await postTask(ctx.app, poster, { title: `Small job ${n}`, budget: 50 }));
    }
    await bid(other, await postTask(ctx.app, poster, { title: "Omar's only task", budget: 90 }));
  });

  const myBids = (query = "", user: TestUser | null = freelancer) =>
    page(`/dashboard/my-bids${query}`, user ? { cookie: user.cookie } : {});
  /** The titles of the tasks the page lists, in its order. */
  const titles = (html: string) =>
    [...html.matchAll(/<a[^>]*href="\/task-details\/[^"]+"[^>]*>([^<]*(?:<[^/][^<]*)*)<\/a>/g)].map((m) => m[1]);

  it("holds the reader's latest bids, in the dashboard's frame, signed in", async () => {
    const response = await myBids();
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    const html = response.body;
    expect(
      html.startsWith(
        `<!doctype html><title>My Bids - QuickGig</title><meta name="description" content="The site."><div id=root>`,
      ),
    ).toBe(true);
    expect(html).toContain("data-first-screen");
    expect(html).toMatch(/<h1[^>]*>My Bids<\/h1>/);
    // The side menu, My Bids marked as the current page; the drawer's button on phones (a picture).
    expect(html).toMatch(/<nav aria-label="Dashboard">/);
    expect(html).toMatch(/<a aria-current="page" class="[^"]*" href="\/dashboard\/my-bids"/);
    expect(html).toMatch(/<button inert[^>]*>.*Dashboard menu<\/button>/);
    // The header: the reader signed in.
    expect(html).toContain('aria-label="Fiona Freelancer (profile)"');
    // A page of 20, the latest offer first, of 22 in all; the pager to the next.
    expect(html).toContain('aria-label="Your bids (22)"');
    expect(titles(html)).toEqual(Array.from({ length: 20 }, (_, i) => `Small job ${20 - i}`));
    expect(html).toMatch(/Page <!-- -->1<!-- --> of <!-- -->2/);
    expect(html).toMatch(/<a class="btn-secondary" rel="next" href="\/dashboard\/my-bids\?page=2"/);
    expect(html).toMatch(/<option value="" selected="">All bids<\/option>/);
    // The status filter is a picture too, until the app puts the live one in its place.
    expect(html).toMatch(/<select inert class="input w-auto">/);
    expect(html).not.toMatch(/<(form|button|input|select)(?![^>]*\sinert)[\s>]/);
  });

  it("holds the page and the status the URL names, titles escaped", async () => {
    const html = (await myBids("?page=2")).body;
    expect(titles(html)).toEqual(["Poster for the summer fair", "Menu for a &lt;b&gt;bistro&lt;/b&gt; &amp; bar"]);
    expect(html).not.toContain("<b>bistro</b>");
    expect(html).toContain("$405.50");
    expect(html).toContain(`href="/dashboard/messages/${wonTask}/${freelancer.id}"`);
    expect(html).toMatch(/<a class="btn-secondary" rel="prev" href="\/dashboard\/my-bids"/);

    const accepted = (await myBids("?status=accepted")).body;
    expect(accepted).toContain('aria-label="Your bids (1)"');
    expect(titles(accepted)).toEqual(["Poster for the summer fair"]);
    expect(accepted).toContain("$277.00");
    expect(accepted).toContain('title="Bid status: Accepted"');
    expect(accepted).toMatch(/<option value="accepted" selected="">Accepted<\/option>/);
    expect(accepted).not.toContain('aria-label="Pages"');

    const pending = (await myBids("?status=pending&page=2")).body;
    expect(pending).toContain('aria-label="Your bids (21)"');
    expect(titles(pending)).toEqual(["Menu for a &lt;b&gt;bistro&lt;/b&gt; &amp; bar"]);
    expect(pending).toMatch(/<a class="btn-secondary" rel="prev" href="\/dashboard\/my-bids\?status=pending"/);
  });

  it("falls back as the page does: an unknown status lists all, a page that is no number is the first", async () => {
    const html = (await myBids("?status=bogus&page=first")).body;
    expect(html).toContain('aria-label="Your bids (22)"');
    expect(titles(html)[0]).toBe("Small job 20");
    expect((await myBids("?page=0")).body).toMatch(/Page <!-- -->1<!-- --> of <!-- -->2/);
    // A page the API refuses (past its limit): the app shows what it says.
    expect((await myBids("?page=2000000")).body).toBe(indexHtml);
  });

  it("says when there is nothing: no bids yet, or none with the status asked for", async () => {
    const newcomer = await signUp(ctx.app, { name: "Nina Newcomer" });
    const none = (await myBids("", newcomer)).body;
    expect(none).toContain("No bids yet.");
    expect(none).toMatch(/<a class="btn-primary mt-4" href="\/browse-tasks"[^>]*>Browse Tasks<\/a>/);
    expect(none).not.toContain("Your bids");
    expect((await myBids("?status=withdrawn")).body).toContain("No withdrawn bids.");
  });

  it("shows each reader only their own bids", async () => {
    const html = (await myBids("", other)).body;
    expect(html).toContain('aria-label="Omar Other (profile)"');
    expect(titles(html)).toEqual(["Omar&#x27;s only task"]);
    expect(html).not.toContain("Fiona Freelancer");
    expect(html).not.toContain("Small job");
    expect(html).not.toContain("bistro");
  });

  it("is made for one reader: never stored by a cache, and varies with the cookie", async () => {
    const response = await myBids("?status=pending");
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(response.headers.vary).toBe("accept-encoding, cookie");
    const br = await page("/dashboard/my-bids", { cookie: freelancer.cookie, "accept-encoding": "br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain("Small job 20");
  });

  it("is index.html for a visitor who is not signed in (the app sends them to log in)", async () => {
    const response = await myBids("?status=accepted", null);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(indexHtml);
    expect(response.headers["cache-control"]).toBe("no-cache");
    const forged = await page("/dashboard/my-bids", { cookie: "better-auth.session_token=forged.value" });
    expect(forged.body).toBe(indexHtml);
  });
});

describe("the dashboard's home and Messages, first screens rendered by the server", () => {
  let client: TestUser;
  let hired: TestUser;
  let taskTitle: string;
  let taskId: string;
  beforeAll(async () => {
    [client, hired] = await Promise.all([
      signUp(ctx.app, { name: "Carla Client" }),
      signUp(ctx.app, { name: "Dan Doer" }),
    ]);
    taskTitle = "Fix a <i>leaking</i> tap";
    taskId = await postTask(ctx.app, client, { title: taskTitle, budget: 150 });
    const bid = await ctx.app.inject({
      method: "POST",
      url: "/api/bids",
      headers: { cookie: hired.cookie },
      payload: { taskId, amount: 120 },
    });
    expect(bid.statusCode, bid.body).toBe(201);
    const accepted = await ctx.app.inject({
      method: "POST",
      url: `/api/tasks/${taskId}/accept`,
      headers: { cookie: client.cookie },
      payload: { bidId: (bid.json() as { _id: string })._id },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const sent = await ctx.app.inject({
      method: "POST",
      url: `/api/tasks/${taskId}/threads/${hired.id}/messages`,
      headers: { cookie: client.cookie },
      payload: { body: "The washer is under the sink & the <b>key</b> too." },
    });
    expect(sent.statusCode, sent.body).toBe(201);
  });

  const dashboard = (user: TestUser | null) => page("/dashboard", user ? { cookie: user.cookie } : {});
  /** A figure's value as the page shows it, by its label. */
  const figure = (html: string, label: string) =>
    html.match(new RegExp(`>${label}</p>.*?<p class="mt-2 text-3xl[^"]*">([^<]*)</p>`))?.[1];

  it("holds the reader's figures and latest doings, in the dashboard's frame, signed in", async () => {
    const response = await dashboard(client);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const html = response.body;
    expect(html.startsWith("<!doctype html><title>Dashboard - QuickGig</title>")).toBe(true);
    expect(html).toMatch(/<h1[^>]*>Dashboard<\/h1>/);
    expect(html).toMatch(/Welcome back<!-- -->, Carla Client<!-- -->!/);
    expect(html).toMatch(/<a aria-current="page" class="[^"]*" href="\/dashboard"/);
    expect(html).toContain('aria-label="Carla Client (profile)"');
    expect(figure(html, "Active Projects")).toBe("1");
    expect(figure(html, "Proposals Sent")).toBe("0");
    expect(html).toContain("You posted “Fix a &lt;i&gt;leaking&lt;/i&gt; tap”");
    expect(html).not.toContain("<i>leaking</i>");
    expect(html).not.toMatch(/<(form|button|input|select)(?![^>]*\sinert)[\s>]/);
  });

  it("shows each reader their own figures", async () => {
    const html = (await dashboard(hired)).body;
    expect(html).toMatch(/Welcome back<!-- -->, Dan Doer<!-- -->!/);
    expect(figure(html, "Proposals Sent")).toBe("1");
    expect(html).toContain("You were hired for “Fix a &lt;i&gt;leaking&lt;/i&gt; tap” at $120.00");
    expect(html).not.toContain("Carla Client (profile)");
  });

  it("is index.html for a visitor who is not signed in (the app sends them to log in)", async () => {
    const response = await dashboard(null);
    expect(response.body).toBe(indexHtml);
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect((await page("/dashboard/messages")).body).toBe(indexHtml);
  });

  const messages = (user: TestUser) => page("/dashboard/messages", { cookie: user.cookie });

  it("holds the reader's threads in Messages, with the other person, the task, the last message and what is unread", async () => {
    const response = await messages(hired);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const html = response.body;
    expect(html.startsWith("<!doctype html><title>Messages - QuickGig</title>")).toBe(true);
    expect(html).toMatch(/<h1[^>]*>Messages<\/h1>/);
    expect(html).toMatch(/<a aria-current="page" class="[^"]*" href="\/dashboard\/messages"/);
    expect(html).toContain('aria-label="Conversations"');
    expect(html).toContain(`href="/dashboard/messages/${taskId}/${hired.id}"`);
    expect(html).toMatch(
      /Carla Client<!-- --> <span class="muted font-normal">· <!-- -->Fix a &lt;i&gt;leaking&lt;\/i&gt; tap/,
    );
    expect(html).toContain("The washer is under the sink &amp; the &lt;b&gt;key&lt;/b&gt; too.");
    expect(html).toMatch(/>1<!-- --> unread</);
    // The writer has read their own message.
    const own = (await messages(client)).body;
    expect(own).toMatch(/Dan Doer<!-- --> <span/);
    expect(own).not.toContain(" unread</span>");
  });

  it("says when there are no messages yet", async () => {
    const newcomer = await signUp(ctx.app, { name: "Nora Newcomer" });
    const html = (await messages(newcomer)).body;
    expect(html).toContain("No messages yet.");
    expect(html).not.toContain('aria-label="Conversations"');
  });
});

describe("a public profile and the moderators' queue, first screens rendered by the server", () => {
  let worker: TestUser;
  let hirer: TestUser;
  let moderator: TestUser;
  let reportedTask: string;
  beforeAll(async () => {
    [worker, hirer, moderator] = await Promise.all([
      signUp(ctx.app, { name: "Wendy Worker" }),
      signUp(ctx.app, { name: "Hugo Hirer" }),
      signUp(ctx.app, { name: "Mona Moderator" }),
    ]);
    // Hugo hires Wendy and completes; both reviews are published.
    await kit.reviewed(hirer, worker, "Fixed the <b>tap</b> & cleaned up after.");
    await kit.grant(moderator, "moderator");
    reportedTask = await postTask(ctx.app, worker, { title: "Pay me by <u>bank transfer</u>" });
    expect((await kit.report(hirer, "task", reportedTask, "scam", "Asks to pay outside.")).statusCode).toBe(201);
    // A second job, finished, that only Hugo has reviewed: hidden until Wendy reviews too.
    const second = await postTask(ctx.app, hirer, { title: "Second job" });
    const bidId = await kit.bid(worker, second);
    await kit.ok(kit.call(hirer, "POST", `/api/tasks/${second}/accept`, { bidId }));
    await kit.ok(kit.call(hirer, "POST", `/api/tasks/${second}/complete`));
    await kit.ok(kit.call(hirer, "POST", `/api/tasks/${second}/reviews`, { rating: 2, text: "Waiting unseen." }), 201);
  });

  const profile = (id: string, query = "", user: TestUser | null = null) =>
    page(`/users/${id}${query}`, user ? { cookie: user.cookie } : {});

  it("holds a person's record and reviews for a visitor, their name in the tab", async () => {
    const response = await profile(worker.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-cache");
    const html = response.body;
    expect(html.startsWith('<!doctype html><title>Wendy Worker - QuickGig</title><link rel="canonical"')).toBe(true);
    expect(html).toMatch(/<h1[^>]*>Wendy Worker<\/h1>/);
    expect(html).toContain("As a freelancer");
    expect(html).toContain('aria-label="Reviews as a freelancer"');
    expect(html).toContain("Fixed the &lt;b&gt;tap&lt;/b&gt; &amp; cleaned up after.");
    expect(html).not.toContain("<b>tap</b>");
    // A visitor: the header signed out, and no Report.
    expect(html).not.toContain("(profile)");
    expect(html).not.toContain("Report");
    // Published reviews only; Hugo's as a client are on the other tab.
    expect(html).not.toContain("Waiting unseen.");
    expect(html).not.toContain("Clear brief");
    // Wendy wrote no bio: the site's description stays; one address, whichever tab or page.
    expect(html).toContain('<meta name="description" content="The site.">');
    expect(html).toContain(`<link rel="canonical" href="${ctx.config.publicUrl}/users/${worker.id}"/>`);
    expect((await profile(worker.id, "?as=client&page=2")).body).toContain(
      `<link rel="canonical" href="${ctx.config.publicUrl}/users/${worker.id}"/>`,
    );
  });

  it("holds the reviews the URL names, and Report for a signed-in reader, as a picture until the app runs", async () => {
    const response = await profile(hirer.id, "?as=client", worker);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const html = response.body;
    expect(html.startsWith("<!doctype html><title>Hugo Hirer - QuickGig</title>")).toBe(true);
    expect(html).toContain('aria-label="Reviews as a client"');
    expect(html).toContain("Clear brief");
    expect(html).not.toContain("Fixed the");
    // His reviews as a freelancer: none, on the tab the URL names by default.
    const asFreelancer = (await profile(hirer.id, "", worker)).body;
    expect(asFreelancer).toContain("No published reviews of Hugo Hirer&#x27;s work yet.");
    expect(asFreelancer).not.toContain("Clear brief");
    expect(html).toMatch(/<a aria-current="page"[^>]*href="\/users\/[^"]+\?as=client#reviews"/);
    expect(html).toContain('aria-label="Wendy Worker (profile)"');
    expect(html).toMatch(/<button inert[^>]*aria-label="Report this profile"/);
    expect(html).not.toMatch(/<(form|button|input|select)(?![^>]*\sinert)[\s>]/);
  });

  it("answers 404 with index.html for a person who is not there or suspended (the app says so); reads its page as the page does", async () => {
    const response = await profile("u-nobody-at-all");
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe(indexHtml);
    const suspended = await signUp(ctx.app, { name: "Sid Suspended" });
    expect((await profile(suspended.id)).statusCode).toBe(200);
    await kit.ok(
      kit.decideAs(moderator, {
        targetKind: "profile",
        targetId: suspended.id,
        remove: false,
        sanction: "suspend",
        rule: "honest",
        note: "Fake identity.",
      }),
    );
    const gone = await profile(suspended.id, "", worker);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toBe(indexHtml);
    // A page that is no page is the first, as the page reads it.
    expect((await profile(worker.id, "?page=0")).body).toContain("Fixed the &lt;b&gt;tap");
  });

  it("holds the open reports and appeals for a moderator; anyone else gets index.html", async () => {
    const response = await page("/admin", { cookie: moderator.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const html = response.body;
    expect(html.startsWith("<!doctype html><title>Moderation queue - QuickGig</title>")).toBe(true);
    expect(html).toMatch(/<h1[^>]*>Moderation queue<\/h1>/);
    expect(html).toContain('aria-label="Task: Pay me by &lt;u&gt;bank transfer&lt;/u&gt;"');
    expect(html).toContain("Asks to pay outside.");
    expect(html).toContain("No appeals waiting.");
    // The decision's form is a picture until the app puts the live one in its place.
    expect(html).toMatch(/<form inert/);
    expect(html).not.toMatch(/<(form|button|input|select|textarea)(?![^>]*\sinert)[\s>]/);

    for (const reader of [hirer, null]) {
      const refused = await page("/admin", reader ? { cookie: reader.cookie } : {});
      expect(refused.statusCode).toBe(200);
      expect(refused.body).toBe(indexHtml);
    }
  });
});
