import { describe, expect, it } from "vitest";
import { GateFullError, WorkGate } from "./work-gate.ts";

function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe("WorkGate", () => {
  it("runs at most `concurrency` jobs at once, in arrival order, and refuses beyond the queue", async () => {
    const gate = new WorkGate(2, 1);
    const started: number[] = [];
    const jobs = [deferred(), deferred(), deferred()];
    const runs = jobs.map((job, i) =>
      gate.run(async () => {
        started.push(i);
        await job.promise;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    await expect(gate.run(async () => "late")).rejects.toBeInstanceOf(GateFullError);

    jobs[0]?.resolve();
    await runs[0];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    jobs[1]?.resolve();
    jobs[2]?.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    // Everything drained: the gate takes work again.
    expect(await gate.run(async () => "again")).toBe("again");
  });

  it("frees the slot when a job fails", async () => {
    const gate = new WorkGate(1, 0);
    await expect(gate.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await gate.run(async () => "next")).toBe("next");
  });
});
