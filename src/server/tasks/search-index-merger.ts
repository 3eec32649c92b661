import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { FastifyBaseLogger } from "fastify";

/**
 * The worker's code, plain JavaScript so that it runs alike from the sources and from the bundled
 * server. It merges the index in steps of a few pages until a step leaves the index's structure as
 * it was, then answers how many steps it took.
 */
const WORKER = `
(async () => {
  const { parentPort, workerData } = await import("node:worker_threads");
  const { default: SQLite } = await import(workerData.driver);
  const db = new SQLite(workerData.file);
  db.pragma("busy_timeout = 5000");
  const step = db.prepare("insert into tasks_search (tasks_search, rank) values ('merge', ?)");
  const structure = db.prepare("select block from tasks_search_data where id = 10").pluck();
  parentPort.on("message", () => {
    const started = Date.now();
    let steps = 0;
    try {
      for (;;) {
        const before = structure.get();
        step.run(workerData.pages);
        steps++;
        if (Buffer.compare(before, structure.get()) === 0) break;
      }
      parentPort.postMessage({ steps, ms: Date.now() - started });
    } catch (error) {
      parentPort.postMessage({ steps, ms: Date.now() - started, error: String(error?.message ?? error) });
    }
  });
})();
`;

/** Pages a step writes: a step holds the write lock while it runs (a few ms; once in a while a long list). */
const PAGES = 16;

export interface MergeResult {
  /** Merge steps taken; 1 when the index was already whole. */
  steps: number;
  ms: number;
}

/**
 * Keeps SQLite's search index (FTS5, decision 017) in one piece. FTS5 writes each task posted as a
 * segment of its own and merges segments as they pile up, so a grown index is a few dozen of them,
 * and every word of a search reads each one: at 100,000 tasks posted one at a time that cost about
 * 0.1 ms per word per read (docs/performance.md). This merges the whole index into one segment at
 * start, then every `intervalMs` when it changed. It runs in a worker thread with a connection of
 * its own: a step that merges a long list (a one-letter start) can take a quarter of a second,
 * which would hold up every request on the main thread; in the worker it only makes a writer wait,
 * and readers go on (WAL).
 */
export class SearchIndexMerger {
  private worker: Worker | undefined;
  private timer: NodeJS.Timeout | undefined;
  private pending: Promise<MergeResult> | undefined;

  constructor(
    private readonly file: string,
    private readonly options: { intervalMs: number; log: FastifyBaseLogger },
  ) {}

  start(): void {
    const driver = pathToFileURL(createRequire(import.meta.url).resolve("better-sqlite3")).href;
    this.worker = new Worker(WORKER, { eval: true, workerData: { driver, file: this.file, pages: -PAGES } });
    this.worker.unref();
    this.worker.on("error", (error) => this.options.log.error({ err: error }, "search index merger failed"));
    const run = () => {
      this.merge().then(
        (result) => {
          if (result.steps > 1) this.options.log.info(result, "search index merged");
        },
        (error: unknown) => this.options.log.error({ err: error }, "search index merge failed"),
      );
      this.timer = setTimeout(run, this.options.intervalMs);
      this.timer.unref();
    };
    run();
  }

  /** Merges the index now (after the merge in progress, if one is). */
  merge(): Promise<MergeResult> {
    const worker = this.worker;
    if (!worker) return Promise.reject(new Error("The search index merger is not started"));
    const previous = this.pending ?? Promise.resolve();
    const next = previous.then(
      () =>
        new Promise<MergeResult>((resolve, reject) => {
          const answered = (message: MergeResult & { error?: string }) => {
            worker.off("exit", exited);
            if (message.error) reject(new Error(message.error));
            else resolve({ steps: message.steps, ms: message.ms });
          };
          const exited = () => {
            worker.off("message", answered);
            reject(new Error("The search index merger stopped"));
          };
          worker.once("message", answered);
          worker.once("exit", exited);
          worker.postMessage("merge");
        }),
    );
    this.pending = next.catch(() => ({ steps: 0, ms: 0 }));
    return next;
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    // Between merges the worker only waits for the next: ending it then leaves nothing half-written.
    await this.pending;
    await worker.terminate();
  }
}
