import { availableParallelism } from "node:os";

/** The gate is full: the work was refused without waiting. */
export class GateFullError extends Error {
  constructor() {
    super("too much of this work is waiting already");
  }
}

/**
 * Runs at most `concurrency` jobs at once and lets at most `queue` more wait; a job beyond that is
 * refused at once. Password hashing takes about 25 ms of a core and 19 MiB each: a burst of
 * sign-ins would otherwise take every core and make every other request wait many seconds.
 */
export class WorkGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly concurrency: number,
    readonly queue: number,
  ) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queue) throw new GateFullError();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await job();
    } finally {
      // The slot passes straight to the next in line, or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** One core is left for everything else; each hashing core may have a few sign-ins queued behind it. */
export function passwordWorkGate(): WorkGate {
  const concurrency = Math.max(1, availableParallelism() - 1);
  return new WorkGate(concurrency, concurrency * 8);
}
