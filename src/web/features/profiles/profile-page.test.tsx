import { waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import type { Figure, PublicProfile, Review } from "../../../contract/reputation.ts";
import type { MockStore } from "../../mocks/store.ts";
import { AISHA, LUCAS, userId } from "../../test/demo.ts";
import { DEMO_CLIENT, DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";

beforeEach(() => toast.dismiss());

const SINCE = "2026-03-04T10:00:00.000Z";
const figure = (numerator: number, denominator: number, value: number | null, shown = true): Figure => ({
  value,
  numerator,
  denominator,
  from: SINCE,
  to: "2026-11-26T10:00:00.000Z",
  shown,
});

/** A profile with known figures: 11 of 12 completed, 12 reviews averaging 4.8, a client below the minimum. */
const PROFILE: PublicProfile = {
  id: "u-figures",
  name: "Maya",
  image: null,
  memberSince: SINCE,
  bio: "Designer for small brands.",
  skills: ["Figma", "Logo design"],
  field: "Designers",
  asFreelancer: {
    completed: 11,
    gaveBack: 1,
    rating: { average: figure(58, 12, 4.8), count: 12, distribution: { 5: 9, 4: 3, 3: 0, 2: 0, 1: 0 } },
    aspects: {
      communication: figure(47, 10, 4.7),
      quality: figure(0, 0, null, false),
      deadline: figure(45, 10, 4.5),
    },
    completionRate: figure(11, 12, 11 / 12),
  },
  asClient: {
    posted: 4,
    hired: 3,
    completed: 2,
    rating: { average: figure(0, 0, null, false), count: 0, distribution: { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 } },
    cancelRate: figure(1, 3, null, false),
  },
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Maya's work before the demo's: nine more published reviews of her as a freelancer, each older
 * than the demo's two (so 11 in all, the demo's newest), by the demo client, Lucas and Aisha in turn.
 */
function addPastReviews(db: MockStore) {
  const maya = userId(db, DEMO_FREELANCER);
  const authors = [DEMO_CLIENT, LUCAS, AISHA].map((email) => db.person(userId(db, email)));
  for (let index = 0; index < 9; index += 1) {
    const time = new Date(Date.now() - (30 + index * 7) * DAY_MS).toISOString();
    db.reviews.push({
      _id: db.nextId("r"),
      taskId: "",
      taskTitle: `Past work ${index + 1}`,
      role: "client",
      author: authors[index % authors.length] ?? db.person(maya),
      subject: db.person(maya),
      rating: 4 + (index % 2),
      text: `Past review ${index + 1}.`,
      createdAt: time,
      updatedAt: time,
      publishedAt: time,
      answer: null,
    } satisfies Review);
  }
  return maya;
}

/** The explanation a figure's button is described by, while it is open (null while closed). */
function openExplanation(button: HTMLElement): string | null {
  const tip = document.getElementById(button.getAttribute("aria-describedby") ?? "");
  if (!tip) throw new Error("the figure is described by its explanation");
  return tip.hidden ? null : tip.textContent;
}

const fixedProfile = [
  http.get("*/api/users/u-figures", () => HttpResponse.json(PROFILE)),
  http.get("*/api/users/u-figures/reviews", () => HttpResponse.json({ reviews: [], total: 0 })),
];

describe("A public profile", () => {
  it("shows the person and each figure with what it is made of, on hover, on a tap and on keyboard focus", async () => {
    const { screen, user } = await renderRoute("/users/u-figures", { handlers: fixedProfile });
    expect(await screen.findByRole("heading", { level: 1, name: "Maya" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Maya - QuickGig"));
    expect(screen.getByText(/Member since March 2026/)).toBeTruthy();
    // No photo: the initials stand in (the photo is optional).
    expect(screen.getByRole("img", { name: "Photo of Maya" }).textContent).toBe("M");
    expect(
      within(screen.getByRole("list", { name: "Skills" }))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Figma", "Logo design"]);
    expect(screen.getByRole("link", { name: "How reputation works" }).getAttribute("href")).toBe(
      "/how-reputation-works",
    );

    // No explanation is open at first.
    const completion = screen.getByRole("button", { name: "92 %" });
    expect(openExplanation(completion)).toBeNull();
    await user.hover(completion);
    await waitFor(() =>
      expect(openExplanation(completion)).toBe(
        "92 % · of the 12 tasks Maya completed or gave back, 11 were completed and 1 given back, since March 2026",
      ),
    );
    await user.unhover(completion);
    await waitFor(() => expect(openExplanation(completion)).toBeNull());

    // A tap (a click without hover) opens it too, and a tap elsewhere closes it.
    const average = screen.getAllByRole("button", { name: /^4\.8/ })[0];
    if (!average) throw new Error("the average is shown");
    average.click();
    await waitFor(() =>
      expect(openExplanation(average)).toBe("4.8 · average of 12 reviews since March 2026 (58 stars in all)"),
    );
    await user.click(screen.getByRole("heading", { level: 1 }));
    await waitFor(() => expect(openExplanation(average)).toBeNull());

    // Keyboard focus opens it; Escape closes it.
    const completed = screen.getByRole("button", { name: "11" });
    completed.focus();
    await waitFor(() =>
      expect(openExplanation(completed)).toBe("11 tasks assigned to Maya and completed since March 2026"),
    );
    await user.keyboard("{Escape}");
    await waitFor(() => expect(openExplanation(completed)).toBeNull());
  });

  it("says New on QuickGig below five, and how far from shown", async () => {
    const { screen, user } = await renderRoute("/users/u-figures", { handlers: fixedProfile });
    const client = await screen.findByRole("region", { name: "As a client" });
    const fresh = within(client).getByRole("button", { name: "New on QuickGig" });
    await user.hover(fresh);
    await waitFor(() =>
      expect(openExplanation(fresh)).toBe(
        "Shown once 5 hired tasks are completed or cancelled; Maya has 3 so far (since March 2026).",
      ),
    );
    expect(within(client).getByRole("button", { name: "No reviews yet" })).toBeTruthy();
  });

  it("shows how many reviews gave each number of stars, and the aspects' averages", async () => {
    const { screen } = await renderRoute("/users/u-figures", { handlers: fixedProfile });
    const bars = await screen.findByRole("list", { name: "Reviews by stars" });
    expect(
      within(bars)
        .getAllByRole("listitem")
        .map((row) => row.textContent),
    ).toEqual(["5 stars9 reviews", "4 stars3 reviews", "3 stars0 reviews", "2 stars0 reviews", "1 star0 reviews"]);
    expect(screen.getByRole("button", { name: "4.7" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Not rated yet" })).toBeTruthy();
  });

  it("shows no star chart of someone not reviewed, and no client's side of someone who never posted", async () => {
    const newcomer: PublicProfile = {
      ...PROFILE,
      id: "u-new",
      asFreelancer: {
        ...PROFILE.asFreelancer,
        completed: 0,
        gaveBack: 0,
        rating: { average: figure(0, 0, null, false), count: 0, distribution: { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 } },
      },
      asClient: { ...PROFILE.asClient, posted: 0, hired: 0, completed: 0, cancelRate: figure(0, 0, null, false) },
    };
    const { screen } = await renderRoute("/users/u-new", {
      handlers: [
        http.get("*/api/users/u-new", () => HttpResponse.json(newcomer)),
        http.get("*/api/users/u-new/reviews", () => HttpResponse.json({ reviews: [], total: 0 })),
      ],
    });
    const work = await screen.findByRole("region", { name: "As a freelancer" });
    expect(within(work).getByRole("button", { name: "No reviews yet" })).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Reviews by stars" })).toBeNull();
    expect(screen.queryByRole("region", { name: "As a client" })).toBeNull();
    const tabs = within(screen.getByRole("navigation", { name: "Whose reviews" }));
    expect(tabs.getAllByRole("link").map((link) => link.textContent)).toEqual(["As a freelancer (0)"]);
  });

  it("pages through the published reviews, newest first, and shows those of the person as a client", async () => {
    const db = freshMockApi();
    const maya = addPastReviews(db);
    const { screen, user, router } = await renderRoute(`/users/${maya}`, { db });
    const list = await screen.findByRole("list", { name: "Reviews as a freelancer" });
    const first = within(list).getAllByRole("listitem");
    expect(first).toHaveLength(10);
    const dates = first.map((item) => item.querySelector("time")?.getAttribute("dateTime") ?? "");
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(screen.getByText("Page 1 of 2 · 11 reviews")).toBeTruthy();
    // The author's name leads to their profile.
    const client = db.users.find((person) => person.email === DEMO_CLIENT);
    expect(within(list).getAllByRole("link", { name: "Demo Client" })[0]?.getAttribute("href")).toBe(
      `/users/${client?.id}`,
    );

    await user.click(screen.getByRole("link", { name: /Next/ }));
    await waitFor(() => expect(router.state.location.search).toBe("?page=2"));
    expect(await screen.findByText("Page 2 of 2 · 11 reviews")).toBeTruthy();
    expect(within(screen.getByRole("list", { name: "Reviews as a freelancer" })).getAllByRole("listitem")).toHaveLength(
      1,
    );

    await user.click(screen.getByRole("link", { name: /As a client/ }));
    const asClient = await screen.findByRole("list", { name: "Reviews as a client" });
    expect(within(asClient).getAllByRole("listitem").length).toBeGreaterThan(0);
    expect(router.state.location.search).toBe("?as=client");
  });

  it("offers no Answer to anyone but the person reviewed", async () => {
    const db = freshMockApi();
    const maya = addPastReviews(db);
    const { screen } = await renderRoute(`/users/${maya}`, { db, as: DEMO_CLIENT });
    const list = await screen.findByRole("list", { name: "Reviews as a freelancer" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(10);
    expect(screen.queryByRole("button", { name: /^Answer/ })).toBeNull();
  });

  it("lets the person reviewed answer, once", async () => {
    const db = freshMockApi();
    const maya = addPastReviews(db);
    const { screen, user } = await renderRoute(`/users/${maya}`, { db, as: DEMO_FREELANCER });
    const list = await screen.findByRole("list", { name: "Reviews as a freelancer" });
    const buttons = within(list).getAllByRole("button", { name: /^Answer/ });
    // One of Maya's reviews is answered already: it shows its answer, and no button.
    expect(buttons).toHaveLength(9);
    expect(within(list).getByText("Thank you! The croissant shots were my favourites.")).toBeTruthy();

    const review = within(list).getAllByRole("listitem")[2];
    if (!review) throw new Error("a third review");
    await user.click(within(review).getByRole("button", { name: /^Answer/ }));
    await user.click(within(review).getByRole("button", { name: "Publish answer" }));
    expect(await within(review).findByText("Answer is required")).toBeTruthy();
    await user.type(within(review).getByLabelText("Your public answer"), "Thank you, it was a pleasure.");
    await user.click(within(review).getByRole("button", { name: "Publish answer" }));
    expect(await within(review).findByText("Thank you, it was a pleasure.")).toBeTruthy();
    expect(within(review).getByText(/Answer from Maya Patel/)).toBeTruthy();
    expect(within(review).queryByRole("button", { name: /^Answer/ })).toBeNull();
    expect(await screen.findByText("Your answer is published.")).toBeTruthy();
  });

  it("shows the error page for a person who does not exist", async () => {
    const { screen } = await renderRoute("/users/nobody-here");
    expect(await screen.findByRole("heading", { name: "This person does not exist." })).toBeTruthy();
    expect(screen.getByText("404")).toBeTruthy();
  });
});

describe("How reputation works", () => {
  it("gives each formula in words", async () => {
    const { screen } = await renderRoute("/how-reputation-works");
    expect(await screen.findByRole("heading", { level: 1, name: "How reputation works" })).toBeTruthy();
    expect(
      screen.getByText(/Giving a task back counts against them; a client cancelling a task does not/),
    ).toBeTruthy();
    expect(screen.getByText(/New on QuickGig/)).toBeTruthy();
    expect(screen.getByText(/14 days have passed since the task ended/)).toBeTruthy();
  });
});
