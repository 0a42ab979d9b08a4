import { ScratchPostgres } from '../support/scratch-postgres';
import { TestApp, type SignedInAgent } from '../support/test-app';

/**
 * Issue 8, fault tests: Postgres stops under a stream of writes and comes back. While it is down the gateway says
 * so (readyz 503, clear 503 answers, nothing hangs); afterwards it recovers by itself, and every write it
 * acknowledged is in the database.
 */
describe('Postgres restart under load', () => {
  let pg: ScratchPostgres;
  let t: TestApp;
  let admin: SignedInAgent;
  const previousAdminUrl = process.env.TEST_ADMIN_DATABASE_URL;

  beforeAll(async () => {
    pg = await ScratchPostgres.create();
    process.env.TEST_ADMIN_DATABASE_URL = pg.url;
    t = await TestApp.start({ HEALTH_SCHEDULER: 'off', AUTH_CACHE_MS: '0' });
    admin = await t.signInAs(['admin']);
  }, 120_000);
  afterAll(async () => {
    process.env.TEST_ADMIN_DATABASE_URL = previousAdminUrl;
    if (previousAdminUrl === undefined) delete process.env.TEST_ADMIN_DATABASE_URL;
    await t?.app.close().catch(() => undefined);
    await t?.pool.end().catch(() => undefined);
    await pg?.destroy();
  });

  it('reports the outage, recovers alone, and keeps every acknowledged write', async () => {
    const acknowledged: string[] = [];
    const outcomes: number[] = [];
    let running = true;
    let n = 0;
    const writer = async () => {
      while (running) {
        const name = `team-${n++}`;
        const res = await admin.agent.post('/api/db/teams').set('x-csrf-token', admin.csrf).send({ name }).timeout(15_000);
        outcomes.push(res.status);
        if (res.status === 201) acknowledged.push(name);
        else expect(res.status).toBeGreaterThanOrEqual(500);
        if (res.status >= 500) expect(res.body.message).toMatch(/not reachable|connect|unavailable|shutting down|terminat/i);
      }
    };
    const writers = [writer(), writer(), writer()];
    while (acknowledged.length < 30) await new Promise((resolve) => setTimeout(resolve, 20));

    await pg.stop();
    const down = await t.http().get('/readyz').timeout(10_000);
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ status: 'unavailable', database: false });
    const failuresBefore = outcomes.filter((s) => s >= 500).length;
    while (outcomes.filter((s) => s >= 500).length < failuresBefore + 5) await new Promise((resolve) => setTimeout(resolve, 20));

    await pg.start();
    let ready = false;
    for (let i = 0; i < 300 && !ready; i++) {
      ready = (await t.http().get('/readyz')).status === 200;
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(ready).toBe(true);
    const afterRestart = acknowledged.length;
    while (acknowledged.length < afterRestart + 30) await new Promise((resolve) => setTimeout(resolve, 20));
    running = false;
    await Promise.all(writers);

    const stored = new Set((await t.pool.query<{ name: string }>(`select name from teams`)).rows.map((r) => r.name));
    expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
    expect(outcomes.filter((s) => s >= 500).length).toBeGreaterThan(0);
  }, 120_000);
});
