import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { MockDb } from "../../mocks/mock-db.ts";
import { LUCAS, taskTitled } from "../../test/demo.ts";
import { DEMO_FREELANCER } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";
import { loadSession } from "../accounts/public.ts";
import { loader } from "./task-details-page.tsx";

// The lazy parts a task's page shows at once, counted each time their module loads (once: modules are kept).
const loads = vi.hoisted(() => ({ reviews: 0, askForm: 0 }));
vi.mock("../reviews/task-reviews.tsx", () => {
  loads.reviews += 1;
  return { default: () => null };
});
vi.mock("../questions/question-form.tsx", () => {
  loads.askForm += 1;
  return { default: () => null };
});

function load(taskId: string) {
  const url = new URL(`http://localhost/task-details/${taskId}`);
  return loader({
    request: new Request(url),
    url,
    pattern: "/task-details/:id",
    params: { id: taskId },
    context: new RouterContextProvider(),
  });
}

/** Signs a demo person in (by email), or out (null), as the session reads it. */
async function readAs(db: MockDb, email: string | null) {
  db.viewerId = email ? (db.users.find((user) => user.email === email)?.id ?? null) : null;
  await loadSession({ refresh: true });
}

/** One turn of the event loop: a timer set before this has run when it resolves. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

// The loader starts them, each in a task of its own after the loader's, so that Vite's preload
// links for their files are not added inside React's first render of the page (lib/load-soon.ts).
describe("a task page's loader starts loading the lazy parts the page shows at once", () => {
  it("the Reviews panel for a task ended with a hire, not for an open task", async () => {
    const db = freshMockApi();
    await load(taskTitled(db, "Social media plan").id);
    await nextTask();
    expect(loads.reviews).toBe(0);

    const ended = taskTitled(db, "Logo and colour palette");
    ended.status = "completed";
    expect((await load(ended.id)).task.status).toBe("completed");
    expect(loads.reviews).toBe(0);
    await vi.waitFor(() => expect(loads.reviews).toBe(1));
  });

  it("the form to ask a question for a signed-in reader, not for a visitor or the task's poster", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Social media plan");
    await readAs(db, null);
    await load(task.id);
    await nextTask();
    expect(loads.askForm).toBe(0);
    // The poster (the demo freelancer posted this one) answers on a tap: nothing loads for them.
    await readAs(db, DEMO_FREELANCER);
    expect((await load(task.id)).ownTask).toBe(true);
    await nextTask();
    expect(loads.askForm).toBe(0);

    await readAs(db, LUCAS);
    expect((await load(task.id)).ownTask).toBe(false);
    expect(loads.askForm).toBe(0);
    await vi.waitFor(() => expect(loads.askForm).toBe(1));
  });
});
