import { afterEach, describe, expect, it, vi } from "vitest";
import { loadSoon } from "./load-soon.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("loadSoon", () => {
  it("starts the import in the next task, not in the caller's", () => {
    vi.useFakeTimers();
    const load = vi.fn(() => Promise.resolve({}));
    loadSoon(load);
    expect(load).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
