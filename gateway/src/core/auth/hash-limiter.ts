/**
 * Bounds argon2id work (64 MiB and a core each) to a few at once. Interactive sign-ins are served before API
 * (Basic) verifications that wait, so a burst of API clients cannot starve a person signing in.
 */
export class HashLimiter {
  private running = 0;
  private readonly waiting: { interactive: Array<() => void>; api: Array<() => void> } = { interactive: [], api: [] };
  peak = 0;

  constructor(private readonly limit: number) {}

  async run<T>(lane: 'interactive' | 'api', work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting[lane].push(resolve));
    else this.running++;
    this.peak = Math.max(this.peak, this.running);
    try {
      return await work();
    } finally {
      const next = this.waiting.interactive.shift() ?? this.waiting.api.shift();
      // The slot passes straight to the next waiter, so the count never dips below what is running.
      if (next) next();
      else this.running--;
    }
  }
}
