import { waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import type { MockBid, MockTask } from "../../mocks/store.ts";
import { LUCAS, userId } from "../../test/demo.ts";
import { DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";

function bidsList(screen: Awaited<ReturnType<typeof renderRoute>>["screen"]) {
  return screen.findByRole("list", { name: /^Your bids/ });
}

describe("My Bids", () => {
  it("lists every bid of mine, newest first, with its task, amount and both statuses", async () => {
    const db = freshMockApi();
    const { screen } = await renderRoute("/dashboard/my-bids", { as: DEMO_FREELANCER, db });
    const list = await bidsList(screen);
    expect(list.getAttribute("aria-label")).toBe("Your bids (6)");
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(6);

    const translate = db.tasks.find((task) => task.title.startsWith("Translate product pages"));
    const hired = items.find((item) => item.textContent?.includes("Translate product pages")) as HTMLElement;
    expect(within(hired).getByRole("link", { name: translate?.title }).getAttribute("href")).toBe(
      `/task-details/${translate?._id}`,
    );
    expect(within(hired).getByText("$340.00")).toBeTruthy();
    expect(within(hired).getByTitle("Bid status: Accepted")).toBeTruthy();
    expect(within(hired).getByTitle("Task status: Assigned")).toBeTruthy();
    expect(
      within(hired)
        .getByRole("link", { name: `Message the client of ${translate?.title}` })
        .getAttribute("href"),
    ).toBe(`/dashboard/messages/${translate?._id}/${db.viewerId}`);

    // The SEO audit's deadline has passed: its bid waits on a closed task.
    const closed = items.find((item) => item.textContent?.includes("SEO audit")) as HTMLElement;
    expect(within(closed).getByTitle("Bid status: Pending")).toBeTruthy();
    expect(within(closed).getByTitle("Task status: Closed")).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("My Bids - QuickGig"));
  });

  it("filters by the bid's status through the URL, and says when none has it", async () => {
    const { screen, user, router } = await renderRoute("/dashboard/my-bids", { as: DEMO_FREELANCER });
    await bidsList(screen);
    await user.selectOptions(screen.getByLabelText("Status"), "accepted");
    await waitFor(() => expect(router.state.location.search).toBe("?status=accepted"));
    await waitFor(async () => expect((await bidsList(screen)).getAttribute("aria-label")).toBe("Your bids (3)"));
    expect(within(await bidsList(screen)).getByText(/Translate product pages/)).toBeTruthy();

    await user.selectOptions(screen.getByLabelText("Status"), "declined");
    expect(await screen.findByText("No declined bids.")).toBeTruthy();
    expect(router.state.location.search).toBe("?status=declined");

    await user.selectOptions(screen.getByLabelText("Status"), "");
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect((await bidsList(screen)).getAttribute("aria-label")).toBe("Your bids (6)");
  });

  it("says when there are no bids yet, with the way to find work", async () => {
    const db = freshMockApi();
    const maya = db.users.find((person) => person.email === DEMO_FREELANCER)?.id;
    db.bids = db.bids.filter((bid) => bid.bidderId !== maya);
    const { screen } = await renderRoute("/dashboard/my-bids", { as: DEMO_FREELANCER, db });
    expect(await screen.findByText("No bids yet.")).toBeTruthy();
    const main = screen.getByRole("main");
    expect(within(main).getAllByRole("link", { name: "Browse Tasks" }).at(-1)?.getAttribute("href")).toBe(
      "/browse-tasks",
    );
  });

  it("pages through many bids, keeping the filter", async () => {
    const db = freshMockApi();
    const maya = db.users.find((person) => person.email === DEMO_FREELANCER);
    const client = db.person(userId(db, LUCAS));
    if (!maya) throw new Error("Maya is in the demo");
    for (let n = 1; n <= 20; n++) {
      const task = {
        _id: db.nextId("t"),
        title: `Small job ${n}`,
        category: "Design",
        description: "A small job",
        deadline: "2099-01-01",
        budget: 50,
        userName: client.name,
        ownerId: client.id,
        createdAt: db.now(),
        status: "open",
        offersPublic: false,
      } satisfies MockTask;
      db.tasks.push(task);
      db.bids.push({
        _id: db.nextId("b"),
        taskId: task._id,
        bidTime: db.now(),
        status: "pending",
        userName: maya.name,
        userEmail: maya.email,
        bidderId: maya.id,
        amount: 40,
      } satisfies MockBid);
    }
    const { screen, user, router } = await renderRoute("/dashboard/my-bids?status=pending", {
      as: DEMO_FREELANCER,
      db,
    });
    expect(await screen.findByText("Page 1 of 2")).toBeTruthy();
    expect((await bidsList(screen)).getAttribute("aria-label")).toBe("Your bids (23)");
    expect(within(await bidsList(screen)).getAllByRole("listitem")).toHaveLength(20);
    await user.click(screen.getByRole("link", { name: /Next/ }));
    expect(await screen.findByText("Page 2 of 2")).toBeTruthy();
    expect(router.state.location.search).toBe("?status=pending&page=2");
    expect(within(await bidsList(screen)).getAllByRole("listitem")).toHaveLength(3);
    await user.click(screen.getByRole("link", { name: /Previous/ }));
    expect(await screen.findByText("Page 1 of 2")).toBeTruthy();
    expect(router.state.location.search).toBe("?status=pending");
  });

  it("shows the server's sentence when the API fails", async () => {
    const { screen } = await renderRoute("/dashboard/my-bids", {
      as: DEMO_FREELANCER,
      handlers: [
        http.get("*/api/my-bids", () =>
          HttpResponse.json(
            { type: "about:blank", title: "Internal Server Error", status: 500, detail: "Bids are resting." },
            { status: 500, headers: { "content-type": "application/problem+json" } },
          ),
        ),
      ],
    });
    expect(await screen.findByRole("heading", { name: "Bids are resting." })).toBeTruthy();
    expect(screen.getByText("500")).toBeTruthy();
  });

  it("says the network is down when the API cannot be reached", async () => {
    const { screen } = await renderRoute("/dashboard/my-bids", {
      as: DEMO_FREELANCER,
      handlers: [http.get("*/api/my-bids", () => HttpResponse.error())],
    });
    expect(
      await screen.findByRole("heading", { name: "Could not reach QuickGig. Check your connection and try again." }),
    ).toBeTruthy();
  });

  it("sends a visitor to the login page, with the way back", async () => {
    const { router } = await renderRoute("/dashboard/my-bids?status=accepted");
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/login"));
    expect(new URLSearchParams(router.state.location.search).get("redirect")).toBe(
      "/dashboard/my-bids?status=accepted",
    );
  });
});
