import { cleanup, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../contract/messages.ts";
import { problem } from "../../mocks/scenarios.ts";
import type { MockMessage, MockStore } from "../../mocks/store.ts";
import { AISHA, taskTitled, userId } from "../../test/demo.ts";
import { DEMO_CLIENT, DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";
import { receiveNotice } from "../notifications/live-updates.ts";

/** The bakery's landing page (the demo client's), and Maya's thread with the client about it. */
function bakeryThread(db: MockStore) {
  const task = taskTitled(db, "Landing page");
  const maya = userId(db, DEMO_FREELANCER);
  const say = (senderId: string, body: string) =>
    db.messages.push({
      _id: db.nextId("m"),
      body,
      senderName: db.person(senderId).name,
      sentAt: db.now(),
      taskId: task._id,
      bidderId: maya,
      senderId,
    } satisfies MockMessage);
  return { task, maya, client: userId(db, DEMO_CLIENT), say, path: `/dashboard/messages/${task._id}/${maya}` };
}

// Toasts and dialogs are kept by modules that outlive a test: none carries over to the next; nor do drafts.
beforeEach(() => {
  toast.dismiss();
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith("quickgig:message-draft:")) localStorage.removeItem(key);
  }
});

describe("Messages", () => {
  it("says when there are no conversations yet", async () => {
    const { screen } = await renderRoute("/dashboard/messages", { as: DEMO_FREELANCER });
    expect(await screen.findByRole("heading", { level: 1, name: "Messages" })).toBeTruthy();
    expect(screen.getByText("No messages yet.")).toBeTruthy();
    expect(
      screen.getByText("Write to a bidder from your task's Bids, or to a client from a task you bid on."),
    ).toBeTruthy();
  });

  it("lists the conversations with the unread count, opens one and answers in it", async () => {
    const db = freshMockApi();
    const thread = bakeryThread(db);
    thread.say(thread.client, "Hello Maya, thanks for the offer.");
    thread.say(thread.maya, "Can I see the current site?");
    const { screen, user, router } = await renderRoute("/dashboard/messages", { as: DEMO_CLIENT, db });

    const list = await screen.findByRole("list", { name: "Conversations" });
    const link = within(list).getByRole("link");
    expect(link.textContent).toContain(`Maya Patel · ${thread.task.title}`);
    expect(link.textContent).toContain("Can I see the current site?");
    expect(within(link).getByText("1 unread")).toBeTruthy();
    expect(link.getAttribute("href")).toBe(thread.path);

    await user.click(link);
    expect(await screen.findByRole("heading", { level: 1, name: "Messages with Maya Patel" })).toBeTruthy();
    expect(router.state.location.pathname).toBe(thread.path);
    expect(screen.getByRole("link", { name: thread.task.title }).getAttribute("href")).toBe(
      `/task-details/${thread.task._id}`,
    );
    const shown = within(screen.getByRole("list", { name: "Messages" })).getAllByRole("listitem");
    expect(shown.map((item) => item.querySelector("p")?.textContent)).toEqual(["You", "Maya Patel"]);
    expect(shown[1]?.textContent).toContain("Can I see the current site?");
    // Showing the thread read it (a POST of its own, once the messages are shown).
    await waitFor(() => expect(db.reads.has(`${thread.task._id} ${thread.maya} ${thread.client}`)).toBe(true));

    const box = screen.getByLabelText("Your message") as HTMLTextAreaElement;
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Message is required")).toBeTruthy();
    expect(box.getAttribute("aria-invalid")).toBe("true");
    await user.type(box, "  Sure: bakery.example  ");
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(db.messages).toHaveLength(3));
    expect(db.messages.at(-1)).toMatchObject({ senderId: thread.client, body: "Sure: bakery.example" });
    // Telling Maya is the server's ("a message tells the other person" in notifications.api.test.ts).
    await waitFor(() =>
      expect(within(screen.getByRole("list", { name: "Messages" })).getAllByRole("listitem")).toHaveLength(3),
    );
    expect(screen.getByText("Sure: bakery.example")).toBeTruthy();
    expect(box.value).toBe("");
    expect(screen.queryByText("Message is required")).toBeNull();

    await user.click(screen.getByRole("link", { name: "All messages" }));
    expect(await screen.findByRole("list", { name: "Conversations" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/dashboard/messages");
  });

  it("names the client for the bidder, and invites a first message", async () => {
    const db = freshMockApi();
    const thread = bakeryThread(db);
    const { screen } = await renderRoute(thread.path, { as: DEMO_FREELANCER, db });
    expect(await screen.findByRole("heading", { level: 1, name: "Messages with Demo Client" })).toBeTruthy();
    expect(screen.getByText("No messages yet. Say hello.")).toBeTruthy();
  });

  it("says why a message was not sent, and keeps it", async () => {
    const db = freshMockApi();
    const thread = bakeryThread(db);
    const { screen, user } = await renderRoute(thread.path, {
      as: DEMO_FREELANCER,
      db,
      handlers: [http.post("*/api/tasks/:id/threads/:bidderId/messages", () => HttpResponse.error())],
    });
    await user.type(await screen.findByLabelText("Your message"), "Hello!");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Could not reach QuickGig. Check your connection and try again.")).toBeTruthy();
    expect(db.messages).toHaveLength(0);
    expect((screen.getByLabelText("Your message") as HTMLTextAreaElement).value).toBe("Hello!");
  });

  it("says the conversation does not exist when the server keeps it from a third person", async () => {
    const db = freshMockApi();
    const thread = bakeryThread(db);
    thread.say(thread.maya, "Private offer details");
    // Who may read a thread is the server's ("nobody else can read or write a thread" in
    // messages.api.test.ts): it answers so to anyone but the poster and the bidder.
    const { screen } = await renderRoute(thread.path, {
      as: AISHA,
      db,
      handlers: [
        http.get(`*/api/tasks/${thread.task._id}/threads/${thread.maya}/messages`, () =>
          problem(404, MESSAGES.threadNotFound),
        ),
      ],
    });
    expect(await screen.findByRole("heading", { name: MESSAGES.threadNotFound })).toBeTruthy();
    expect(screen.getByText("404")).toBeTruthy();
    expect(screen.queryByText("Private offer details")).toBeNull();
  });

  it("shows the server's sentence when the conversations cannot be read", async () => {
    const { screen } = await renderRoute("/dashboard/messages", {
      as: DEMO_CLIENT,
      handlers: [
        http.get("*/api/threads", () =>
          HttpResponse.json(
            { type: "about:blank", title: "Internal Server Error", status: 500, detail: "Messages are resting." },
            { status: 500, headers: { "content-type": "application/problem+json" } },
          ),
        ),
      ],
    });
    expect(await screen.findByRole("heading", { name: "Messages are resting." })).toBeTruthy();
    expect(screen.getByText("500")).toBeTruthy();
  });

  it("says the network is down when the conversations cannot be reached", async () => {
    const { screen } = await renderRoute("/dashboard/messages", {
      as: DEMO_CLIENT,
      handlers: [http.get("*/api/threads", () => HttpResponse.error())],
    });
    expect(
      await screen.findByRole("heading", { name: "Could not reach QuickGig. Check your connection and try again." }),
    ).toBeTruthy();
  });

  it("sends a visitor to the login page, with the way back to the thread", async () => {
    const { router } = await renderRoute("/dashboard/messages/t1/u2");
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/login"));
    expect(new URLSearchParams(router.state.location.search).get("redirect")).toBe("/dashboard/messages/t1/u2");
  });

  it("keeps a pasted message longer than 5,000 characters whole, counts it and refuses it by name", async () => {
    const db = freshMockApi();
    const thread = bakeryThread(db);
    const { screen, user } = await renderRoute(thread.path, { as: DEMO_CLIENT, db });
    const box = (await screen.findByLabelText("Your message")) as HTMLTextAreaElement;
    const before = db.messages.length;
    await user.click(box);
    await user.paste("x".repeat(5003));
    expect(box.value).toHaveLength(5003);
    expect(screen.getByText("3 characters too many")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Message must be at most 5,000 characters")).toBeTruthy();
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(db.messages.length).toBe(before);
  });

  it("sends with Enter, starts a new line with Shift+Enter", async () => {
    const db = freshMockApi();
    const thread = bakeryThread(db);
    const { screen, user } = await renderRoute(thread.path, { as: DEMO_CLIENT, db });
    const box = (await screen.findByLabelText("Your message")) as HTMLTextAreaElement;
    expect(screen.getByText("Enter sends; Shift+Enter starts a new line.")).toBeTruthy();
    await user.type(box, "First line{Shift>}{Enter}{/Shift}Second line");
    expect(box.value).toBe("First line\nSecond line");
    expect(db.messages).toHaveLength(0);
    await user.keyboard("{Enter}");
    await waitFor(() => expect(db.messages).toHaveLength(1));
    expect(db.messages[0]).toMatchObject({ senderId: thread.client, body: "First line\nSecond line" });
    await waitFor(() => expect(box.value).toBe(""));
    // Enter on an empty box sends nothing: it says what is missing.
    await user.keyboard("{Enter}");
    expect(await screen.findByText("Message is required")).toBeTruthy();
    expect(db.messages).toHaveLength(1);
  });

  it("keeps what is typed while a message goes out, as the next draft", async () => {
    const db = freshMockApi();
    const thread = bakeryThread(db);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = http.post("*/api/tasks/:id/threads/:bidderId/messages", async () => {
      await held;
      return undefined;
    });
    const { screen, user } = await renderRoute(thread.path, { as: DEMO_CLIENT, db, handlers: [slow] });
    const box = (await screen.findByLabelText("Your message")) as HTMLTextAreaElement;
    await user.type(box, "First{Enter}");
    await user.type(box, "Second");
    release();
    await waitFor(() => expect(db.messages.at(-1)?.body).toBe("First"));
    await waitFor(() => expect(screen.getByText("First")).toBeTruthy());
    expect(box.value).toBe("Second");
  });

  it("keeps the draft of each thread across a reload, for its writer only, until it is sent", async () => {
    const db = freshMockApi();
    const thread = bakeryThread(db);
    const first = await renderRoute(thread.path, { as: DEMO_CLIENT, db });
    await first.user.type(await first.screen.findByLabelText("Your message"), "Half a thought");
    cleanup();

    // The page again (a reload): the draft is back.
    const again = await renderRoute(thread.path, { as: DEMO_CLIENT, db });
    const box = (await again.screen.findByLabelText("Your message")) as HTMLTextAreaElement;
    expect(box.value).toBe("Half a thought");
    cleanup();

    // Someone else signed in on this browser, in the same thread: none of it.
    const other = await renderRoute(thread.path, { as: DEMO_FREELANCER, db });
    expect(((await other.screen.findByLabelText("Your message")) as HTMLTextAreaElement).value).toBe("");
    cleanup();

    // Sent: gone, a reload shows an empty box.
    const sending = await renderRoute(thread.path, { as: DEMO_CLIENT, db });
    await sending.user.type(await sending.screen.findByLabelText("Your message"), " and the rest{Enter}");
    await waitFor(() => expect(db.messages.at(-1)?.body).toBe("Half a thought and the rest"));
    cleanup();
    const after = await renderRoute(thread.path, { as: DEMO_CLIENT, db });
    expect(((await after.screen.findByLabelText("Your message")) as HTMLTextAreaElement).value).toBe("");
  });

  it("makes no toast for a message in the thread on screen, and one for a message in another thread", async () => {
    const db = freshMockApi();
    const thread = bakeryThread(db);
    const { screen } = await renderRoute(thread.path, { as: DEMO_CLIENT, db });
    expect(await screen.findByRole("heading", { level: 1, name: "Messages with Maya Patel" })).toBeTruthy();
    const message = (id: number, bidderId: string, actorName: string) => ({
      id,
      kind: "message-new" as const,
      data: { taskId: thread.task._id, taskTitle: thread.task.title, bidderId, actorName },
      createdAt: db.now(),
      read: false,
    });
    receiveNotice(message(900, thread.maya, "Maya Patel"));
    const aisha = db.person(userId(db, AISHA)).name;
    receiveNotice(message(901, userId(db, AISHA), aisha));
    expect(await screen.findByText(`${aisha} sent you a message about “${thread.task.title}”.`)).toBeTruthy();
    expect(screen.queryByText(`Maya Patel sent you a message about “${thread.task.title}”.`)).toBeNull();
  });
});
