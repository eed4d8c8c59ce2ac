/**
 * The most statements a repository groups into one bulk write: the embedded FerretDB serialises
 * writes and deadlocks on a bulk update of about a hundred statements; 25 is far from that and
 * still turns a burst into a few writes.
 */
export const BULK_WRITE_MAX = 25;

/**
 * Group commit: calls made while a flush is running are gathered and handled by the next
 * flush as one batch. Under no load a call is flushed at once (no added latency); under a
 * burst the batch grows by itself, so 200 or 10,000 timers firing together become a few
 * bulk writes instead of one round trip each.
 */
export class Batcher<In, Out> {
  private queue: Array<{ input: In; resolve: (v: Out) => void; reject: (e: unknown) => void }> = [];
  private running = 0;

  constructor(
    private readonly flush: (inputs: In[]) => Promise<Out[]>,
    private readonly options: { maxBatch: number; maxConcurrent: number },
  ) {}

  submit(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      this.pump();
    });
  }

  private pump() {
    while (this.running < this.options.maxConcurrent && this.queue.length) {
      const batch = this.queue.splice(0, this.options.maxBatch);
      this.running++;
      this.flush(batch.map((b) => b.input)).then(
        (outs) => batch.forEach((b, i) => b.resolve(outs[i])),
        (err: unknown) => batch.forEach((b) => b.reject(err)),
      ).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }
}
