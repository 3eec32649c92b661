/**
 * Things that arrive over time (events of a stream, emails of an SMTP server): a test waits for the
 * first that matches, already here or still to come.
 */
export class Arrivals<T> {
  readonly items: T[] = [];
  private readonly waiters = new Set<() => void>();

  push(item: T): void {
    this.items.push(item);
    for (const wake of this.waiters) wake();
  }

  /** The first item from index `from` on that matches; fails after `timeoutMs`, listing what came. */
  async first(match: (item: T) => boolean, options: { from?: number; timeoutMs: number; what: string }): Promise<T> {
    const deadline = Date.now() + options.timeoutMs;
    for (;;) {
      const found = this.items.slice(options.from ?? 0).find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(`no such ${options.what} in ${options.timeoutMs} ms; got ${JSON.stringify(this.items)}`);
      }
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiters.add(wake);
      });
    }
  }
}
