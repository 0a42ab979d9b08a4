import { CheckScheduler } from './check-scheduler.service';

/** Lease renewal: a claimed check that waits in the local queue (or starts late) keeps its lease. */
describe('check scheduler leases', () => {
  const row = (id: string) => ({ id, type: 'slow', spec: { name: id }, status: null, schedule: '@hourly', next_runtime: new Date() });

  function setup(due: ReturnType<typeof row>[]) {
    const writes: Array<{ text: string; params: unknown[] }> = [];
    const db = {
      transaction: async (work: (tx: unknown) => Promise<unknown>) =>
        work({ query: async (text: string) => ({ rows: text.trimStart().startsWith('SELECT') ? due : [] }) }),
      query: async (text: string, params: unknown[]) => {
        writes.push({ text, params });
        return [];
      },
    };
    // Runs never finish here: the first check holds the only slot, the second waits in the queue.
    const runner = { timeoutFor: () => 1_000, runScheduled: () => new Promise(() => undefined), drain: async () => undefined };
    const scheduler = new CheckScheduler(db as never, runner as never);
    scheduler.globalCap = 1;
    scheduler.perTypeCap = 1;
    return { scheduler, writes };
  }

  it('renews the leases of queued and running checks before they run out, and not earlier', async () => {
    const { scheduler, writes } = setup([row('a'), row('b')]);
    expect(await scheduler.tick()).toBe(2);
    // claimed with timeout 1 s + 30 s: nothing to renew yet
    expect(await scheduler.renewLeases()).toBe(0);
    // 20 s later both leases end within the 15 s margin: both are renewed to then + 31 s
    const later = Date.now() + 20_000;
    expect(await scheduler.renewLeases(later)).toBe(2);
    const renewal = writes.at(-1)!;
    expect(renewal.text).toContain('run_lease_until = v.until');
    expect([...(renewal.params[0] as string[])].sort()).toEqual(['a', 'b']);
    expect((renewal.params[1] as Date[]).every((d) => d.getTime() === later + 31_000)).toBe(true);
    // and renewed leases are left alone until they near their end again
    expect(await scheduler.renewLeases(later + 1_000)).toBe(0);
  });
});
