import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadSoon } from "../../lib/load-soon.ts";
import type { MockStore } from "../../mocks/store.ts";
import { LUCAS, taskTitled } from "../../test/demo.ts";
import { DEMO_FREELANCER } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";
import { loadSession } from "../accounts/public.ts";
import { loader } from "./task-details-page.tsx";

// loadSoon as it is, watched; and the lazy parts, each counted when its module loads.
vi.mock("../../lib/load-soon.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../lib/load-soon.ts")>();
  return { loadSoon: vi.fn(original.loadSoon) };
});
const loads = vi.hoisted(() => ({ reviews: 0, askForm: 0, manage: 0 }));
vi.mock("../reviews/task-reviews.tsx", () => {
  loads.reviews += 1;
  return { default: () => null };
});
vi.mock("../questions/question-form.tsx", () => {
  loads.askForm += 1;
  return { default: () => null };
});
vi.mock("./manage-task.tsx", () => {
  loads.manage += 1;
  return { default: () => null };
});

afterEach(() => {
  vi.mocked(loadSoon).mockClear();
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
async function readAs(db: MockStore, email: string | null) {
  db.viewerId = email ? (db.users.find((user) => user.email === email)?.id ?? null) : null;
  await loadSession({ refresh: true });
}

// Each starts in the next task (loadSoon), so that Vite's preload links for its files are not
// added inside React's first render of the page.
describe("a task page's loader starts loading the lazy parts the page shows its reader at once", () => {
  it("the Reviews panel for a task ended with a hire, for anyone; nothing for an open task read by a visitor", async () => {
    const db = freshMockApi();
    await readAs(db, null);
    await load(taskTitled(db, "Social media plan")._id);
    expect(loadSoon).not.toHaveBeenCalled();

    const ended = taskTitled(db, "Logo and colour palette");
    ended.status = "completed";
    expect((await load(ended._id)).task.status).toBe("completed");
    expect(loadSoon).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(loads.reviews).toBe(1));
  });

  it("the form to ask for a signed-in reader, the task's management for its poster", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Social media plan");
    await readAs(db, LUCAS);
    expect((await load(task._id)).ownTask).toBe(false);
    expect(loadSoon).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(loads.askForm).toBe(1));
    expect(loads.manage).toBe(0);

    // The demo freelancer posted this one.
    vi.mocked(loadSoon).mockClear();
    await readAs(db, DEMO_FREELANCER);
    expect((await load(task._id)).ownTask).toBe(true);
    expect(loadSoon).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(loads.manage).toBe(1));
  });
});
