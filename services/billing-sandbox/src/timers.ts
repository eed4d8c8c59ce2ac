/** The sandbox's pending timers, so stop() leaves nothing behind to fire into a closed server. */
export class Timers {
  private readonly pending = new Set<NodeJS.Timeout>();

  later(fn: () => void, ms: number): void {
    const timer = setTimeout(() => {
      this.pending.delete(timer);
      fn();
    }, ms);
    this.pending.add(timer);
  }

  clear(): void {
    for (const timer of this.pending) clearTimeout(timer);
    this.pending.clear();
  }
}
