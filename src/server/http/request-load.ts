import { setTimeout } from "node:timers/promises";
import type { FastifyInstance } from "fastify";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A request that stays open (the live stream): it is not load that background work waits out. */
    longLived?: boolean;
  }
}

/** A moment without requests: none in flight, and none begun within it. */
const QUIET_MS = 50;
/** How often a job waiting for quiet looks again. */
const LOOK_EVERY_MS = 10;

/**
 * The requests a process is answering, for its background jobs (task alerts, decision 043) to give
 * way to: a job waits for a quiet moment (nothing in flight and nothing begun for QUIET_MS), or
 * until its deadline, so that a burst of requests is answered before the work they cause.
 */
export class RequestLoad {
  private inFlight = 0;
  private lastBegun = Number.NEGATIVE_INFINITY;

  /** Counts every request of `app` from its start until its socket is done with it, the long-lived left out. */
  watch(app: FastifyInstance): void {
    app.addHook("onRequest", async (request, reply) => {
      if (request.routeOptions.config?.longLived) return;
      this.inFlight += 1;
      this.lastBegun = performance.now();
      // A response closes once, whether it was sent or its client went away.
      reply.raw.once("close", () => {
        this.inFlight -= 1;
      });
    });
  }

  /** Whether nothing is being answered, and nothing began within QUIET_MS. */
  get quiet(): boolean {
    return this.inFlight === 0 && performance.now() - this.lastBegun >= QUIET_MS;
  }

  /** Waits for a quiet moment, or until `deadline` (a performance.now() moment), whichever comes first. */
  async quietOrBy(deadline: number): Promise<void> {
    while (!this.quiet && performance.now() < deadline) {
      await setTimeout(Math.max(1, Math.min(LOOK_EVERY_MS, deadline - performance.now())));
    }
  }
}
