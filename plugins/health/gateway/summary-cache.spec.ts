import { SummaryService } from './summary.service';

/** The summary's answer cache: reuse within the TTL, one computation at a time, stale-while-recomputing, invalidation. */
describe('summary cache', () => {
  function setup(ttl: number) {
    let computed = 0;
    let release: (() => void) | null = null;
    let hold = false;
    const db = {
      query: async () => {
        computed++;
        const n = computed;
        if (hold) await new Promise<void>((resolve) => (release = resolve));
        return [{ body: `{"checks_summary":[],"n":${n}}` }];
      },
    };
    const config = { health: { summaryCacheMs: ttl, hourlyRollupDays: 90 } };
    const service = new SummaryService(db as never, {} as never, config as never);
    return {
      service,
      computed: () => computed,
      holdNext: () => (hold = true),
      release: () => {
        hold = false;
        release?.();
      },
    };
  }

  it('reuses an answer within the TTL and computes concurrent first reads once', async () => {
    const { service, computed } = setup(60_000);
    const [a, b] = await Promise.all([service.summaryJson({}), service.summaryJson({})]);
    expect(a).toBe(b);
    expect(await service.summaryJson({ timeRange: '1h' })).toBe(a);
    expect(computed()).toBe(1);
    // another query is another answer
    await service.summaryJson({ timeRange: '2h' });
    expect(computed()).toBe(2);
  });

  it('answers with the stale one while one read recomputes, then with the new one', async () => {
    const { service, computed, holdNext, release } = setup(20);
    const first = await service.summaryJson({});
    await new Promise((r) => setTimeout(r, 30));
    holdNext();
    expect(await service.summaryJson({})).toBe(first); // stale, recomputing in the background
    expect(await service.summaryJson({})).toBe(first); // still only one recomputation
    expect(computed()).toBe(2);
    release();
    await new Promise((r) => setTimeout(r, 5));
    expect(await service.summaryJson({})).toContain('"n":2');
  });

  it('invalidate() makes the next read fresh; bad input is refused whether cached or not', async () => {
    const { service, computed } = setup(60_000);
    await service.summaryJson({});
    service.invalidate();
    expect(await service.summaryJson({})).toContain('"n":2');
    expect(computed()).toBe(2);
    await expect(service.summaryJson({ timeRange: 'soon' })).rejects.toThrow(/timeRange/);
  });

  it('computes every read when the TTL is 0', async () => {
    const { service, computed } = setup(0);
    await service.summaryJson({});
    await service.summaryJson({});
    expect(computed()).toBe(2);
  });
});
