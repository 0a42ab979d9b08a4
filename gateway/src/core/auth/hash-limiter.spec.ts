import { HashLimiter } from './hash-limiter';

describe('argon2 work limiter', () => {
  it('never runs more than its limit at once, and serves waiting sign-ins before waiting API clients', async () => {
    const limiter = new HashLimiter(2);
    const order: string[] = [];
    const gates: Array<() => void> = [];
    const job = (name: string, lane: 'interactive' | 'api') =>
      limiter.run(lane, () => new Promise<void>((resolve) => gates.push(() => (order.push(name), resolve()))));
    const all = [job('api-1', 'api'), job('api-2', 'api'), job('api-3', 'api'), job('api-4', 'api'), job('login', 'interactive')];
    while (order.length < 5) {
      await new Promise((resolve) => setImmediate(resolve));
      gates.shift()?.();
    }
    await Promise.all(all);
    expect(limiter.peak).toBe(2);
    expect(order).toEqual(['api-1', 'api-2', 'login', 'api-3', 'api-4']);
  });
});
