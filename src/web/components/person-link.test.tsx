import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { MockQuestion } from "../mocks/store.ts";
import { taskTitled, userId } from "../test/demo.ts";
import { DEMO_CLIENT, DEMO_FREELANCER, renderRoute } from "../test/render-route.tsx";
import { freshMockApi } from "../test/setup.ts";
import { PersonLink } from "./person-link.tsx";

describe("Names link to profiles where people meet", () => {
  it("links the plain name to the profile when the id is known, and shows the name alone when not", () => {
    const router = createMemoryRouter([
      {
        path: "/",
        element: (
          <p>
            <PersonLink id="u-1" name="Maya Patel" /> and <PersonLink name="Someone" />
          </p>
        ),
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(screen.getByRole("link", { name: "Maya Patel" }).getAttribute("href")).toBe("/users/u-1");
    expect(screen.queryByRole("link", { name: "Someone" })).toBeNull();
    expect(screen.getByText(/and Someone/)).toBeTruthy();
  });

  it("on a task's page: the poster, and the asker of a question", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Landing page");
    const maya = userId(db, DEMO_FREELANCER);
    db.questions.push({
      _id: db.nextId("q"),
      taskId: task._id,
      askerName: "Maya Patel",
      askerId: maya,
      body: "Is there a brand guide?",
      hidden: false,
      createdAt: db.now(),
    } satisfies MockQuestion);
    const { screen: view } = await renderRoute(`/task-details/${task._id}`, { db });
    const posted = (await view.findByText("Posted by", { selector: "dt" })).nextElementSibling;
    if (!(posted instanceof HTMLElement)) throw new Error("Posted by has its value");
    expect(within(posted).getByRole("link", { name: "Demo Client" }).getAttribute("href")).toBe(
      `/users/${userId(db, DEMO_CLIENT)}`,
    );
    const questions = await view.findByRole("list", { name: "Questions" });
    expect(within(questions).getByRole("link", { name: "Maya Patel" }).getAttribute("href")).toBe(`/users/${maya}`);
  });

  it("in a conversation: the other person", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Landing page");
    const maya = userId(db, DEMO_FREELANCER);
    const { screen: view } = await renderRoute(`/dashboard/messages/${task._id}/${maya}`, { db, as: DEMO_CLIENT });
    expect(await view.findByRole("heading", { level: 1, name: "Messages with Maya Patel" })).toBeTruthy();
    expect(view.getByRole("link", { name: "Maya Patel's profile" }).getAttribute("href")).toBe(`/users/${maya}`);
  });
});
