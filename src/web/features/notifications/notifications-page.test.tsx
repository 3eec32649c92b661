import { act, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { MockNotice } from "../../mocks/store.ts";
import { DEMO_CLIENT, DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";
import { receiveNotice, setUnreadCounts } from "./live-updates.ts";

describe("Notifications", () => {
  it("lists what happened with links, and marks everything read", async () => {
    const db = freshMockApi();
    const client = db.users.find((user) => user.email === DEMO_CLIENT);
    const open = db.tasks.find((task) => task.status === "open" && task.ownerId === client?.id);
    if (!client || !open) throw new Error("no demo data");
    // Maya bid on the client's task: the server told the client so.
    db.notices.push({
      id: 1,
      userId: client.id,
      kind: "bid-new",
      data: { taskId: open._id, taskTitle: open.title, actorName: "Maya Patel", amount: 123 },
      read: false,
      createdAt: db.now(),
    } satisfies MockNotice);
    const { screen, user } = await renderRoute("/dashboard/notifications", { as: DEMO_CLIENT, db });
    const text = await screen.findByText(new RegExp(`bid for \\$123\\.00 on “${open.title}”`));
    expect(text.closest("a")?.getAttribute("href")).toBe(`/task-details/${open._id}`);
    const list = screen.getByRole("list", { name: "Notifications" });
    expect(within(list).getByText("New")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: /Mark all as read/ }));
    // The request reached the API, and the list shows the notice read.
    await waitFor(() => expect(db.notices.every((notice) => notice.read)).toBe(true));
    await waitFor(() => expect(within(list).queryByText("New")).toBeNull());
  });

  it("shows why a task alert matched: the words marked in the title, or in the description's words around them", async () => {
    const db = freshMockApi();
    const maya = db.users.find((user) => user.email === DEMO_FREELANCER);
    const task = db.tasks.find((candidate) => candidate.status === "open" && candidate.ownerId !== maya?.id);
    if (!maya || !task) throw new Error("no demo data");
    const alert = (id: number, taskTitle: string, extra: object) => ({
      id,
      userId: maya.id,
      kind: "task-alert" as const,
      data: { taskId: task._id, taskTitle, amount: 350, searchName: "logo design", filters: ["Design"], ...extra },
      read: false,
      createdAt: db.now(),
    });
    db.notices.push(
      alert(1, "Bakery Logo refresh", { words: ["logo", "design"] }),
      alert(2, "Wedding invitations", {
        words: ["watercolour"],
        excerpt: "…love a watercolour painting of the venue…",
      }),
      alert(3, "Café sign painting", { words: ["cafe"] }),
    );
    const { screen } = await renderRoute("/dashboard/notifications", { as: DEMO_FREELANCER, db });
    const list = await screen.findByRole("list", { name: "Notifications" });
    // The innermost element that holds the whole sentence.
    const sentence = (start: string) => {
      const holders = within(list).getAllByText((_, element) => !!element?.textContent?.startsWith(start));
      const found = holders.at(-1);
      if (!found) throw new Error(`no notice saying ${start}`);
      return found;
    };
    const first = await waitFor(() => sentence("New task for “logo design”: Bakery Logo refresh"));
    expect(first.textContent).toBe(
      "New task for “logo design”: Bakery Logo refresh — $350.00 · matched logo, design (Design).",
    );
    // Only the title's word is marked, as it is written there.
    expect([...first.querySelectorAll("mark")].map((mark) => mark.textContent)).toEqual(["Logo"]);
    expect(first.closest("a")?.getAttribute("href")).toBe(`/task-details/${task._id}`);
    const second = sentence("New task for “logo design”: Wedding invitations");
    expect([...second.querySelectorAll("mark")].map((mark) => mark.textContent)).toEqual(["watercolour"]);
    expect(second.textContent).toContain("…love a watercolour painting of the venue…");
    // Whatever its accents, as search found it.
    const third = sentence("New task for “logo design”: Café sign painting");
    expect([...third.querySelectorAll("mark")].map((mark) => mark.textContent)).toEqual(["Café"]);
  });

  it("sends a dispute's notices to the payment's receipt, where it is answered", async () => {
    const db = freshMockApi();
    const client = db.users.find((user) => user.email === DEMO_CLIENT);
    const task = db.tasks.find((candidate) => candidate.ownerId === client?.id);
    if (!client || !task) throw new Error("no demo data");
    const about = { taskId: task._id, taskTitle: task.title, paymentId: "pay-7", actorName: "Maya Patel" };
    db.notices.push(
      {
        id: 1,
        userId: client.id,
        kind: "dispute-opened",
        data: about,
        read: true,
        createdAt: db.now(),
      } satisfies MockNotice,
      {
        id: 2,
        userId: client.id,
        kind: "dispute-proposal",
        data: { ...about, toFreelancer: 200, toClient: 160 },
        read: false,
        createdAt: db.now(),
      } satisfies MockNotice,
    );
    const { screen } = await renderRoute("/dashboard/notifications", { as: DEMO_CLIENT, db });
    const proposal = await screen.findByText(/Maya Patel proposes a split of the payment/);
    expect(proposal.textContent).toContain("$200.00 to the freelancer, $160.00 back to the client");
    expect(proposal.closest("a")?.getAttribute("href")).toBe("/payments/pay-7");
    const opened = screen.getByText(/Maya Patel opened a dispute over the payment/);
    expect(opened.closest("a")?.getAttribute("href")).toBe("/payments/pay-7");
  });

  it("says when there is nothing yet", async () => {
    const { screen } = await renderRoute("/dashboard/notifications", { as: DEMO_FREELANCER });
    expect(await screen.findByText(/no notifications/i)).toBeTruthy();
  });

  it("fetches notices the live stream never sent when the counts say there are more", async () => {
    const { screen, db } = await renderRoute("/dashboard/notifications", { as: DEMO_FREELANCER });
    expect(await screen.findByText("No notifications yet.")).toBeTruthy();
    // Written before this tab's stream connected: only the counts tell of it.
    const maya = db.users.find((user) => user.email === DEMO_FREELANCER);
    const task = db.tasks[0];
    if (!maya || !task) throw new Error("no demo data");
    db.notices.push({
      id: 1,
      userId: maya.id,
      kind: "task-completed",
      data: { taskId: task._id, taskTitle: task.title },
      read: false,
      createdAt: db.now(),
    } satisfies MockNotice);
    act(() => setUnreadCounts({ notifications: 1, messages: 0 }));
    expect(await screen.findByText(`“${task.title}” was marked completed by the client.`)).toBeTruthy();
  });

  it("reads a notice live when its outcome arrives: reviews published read “… reviewed you — write yours”", async () => {
    const db = freshMockApi();
    const maya = db.users.find((user) => user.email === DEMO_FREELANCER);
    const [task, other] = db.tasks;
    if (!maya || !task || !other) throw new Error("no demo data");
    const told = (id: number, kind: MockNotice["kind"], on: typeof task) =>
      ({
        id,
        userId: maya.id,
        kind,
        data: { taskId: on._id, taskTitle: on.title, actorName: "Demo Client" },
        read: false,
        createdAt: db.now(),
      }) satisfies MockNotice;
    db.notices.push(told(1, "review-received", task), told(2, "review-received", other));
    const { screen } = await renderRoute("/dashboard/notifications", { as: DEMO_FREELANCER, db });
    const list = await screen.findByRole("list", { name: "Notifications" });
    expect(within(list).getAllByText("New")).toHaveLength(2);
    // What the stream brings once both reviews of the first task are out (the server read the first notice).
    const { userId: _, ...outcome } = told(3, "reviews-published", task);
    act(() => receiveNotice(outcome));
    expect(await within(list).findByText(`Your reviews of “${task.title}” are published.`)).toBeTruthy();
    // Newest first: the outcome, the other task's notice (not settled by it), the settled one.
    const items = within(list).getAllByRole("listitem");
    expect(items.map((item) => within(item).queryByText("New") !== null)).toEqual([true, true, false]);
    expect(items[1]?.textContent).toContain(`Demo Client reviewed you`);
    expect(items[2]?.textContent).toContain(`Demo Client reviewed you`);
  });
});
