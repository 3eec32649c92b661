import { describe, expect, it, vi } from "vitest";
import { taskTitled } from "../../test/demo.ts";
import { freshMockApi } from "../../test/setup.ts";
import { loader } from "../tasks/task-details-page.tsx";

// The Reviews panel's module, counted each time it loads (it loads once: modules are kept).
const panel = vi.hoisted(() => ({ loads: 0 }));
vi.mock("./task-reviews.tsx", () => {
  panel.loads += 1;
  return { default: () => null };
});

const load = (taskId: string) =>
  loader({
    request: new Request(`http://localhost/task-details/${taskId}`),
    params: { id: taskId },
    context: undefined,
  } as Parameters<typeof loader>[0]);

/** One turn of the event loop: a timer set before this has run when it resolves. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

describe("the task page's loader and the Reviews panel", () => {
  it("starts loading the panel of a task ended with a hire before anything renders, and not for an open task", async () => {
    const db = freshMockApi();
    const open = taskTitled(db, "Social media plan");
    await load(open.id);
    await nextTask();
    expect(panel.loads).toBe(0);

    const ended = taskTitled(db, "Logo and colour palette");
    ended.status = "completed";
    const loaded = await load(ended.id);
    expect(loaded.task.status).toBe("completed");
    // In a task of its own, after the loader's: Vite's preload links for it are not added inside React's render.
    expect(panel.loads).toBe(0);
    await vi.waitFor(() => expect(panel.loads).toBe(1));
  });
});
