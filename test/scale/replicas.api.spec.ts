import * as http from 'node:http';
import type { PlaybookRunDetail } from '@contracts';
import { CheckRunnerService } from '../../plugins/health/gateway/check-runner.service';
import { ScrapeRunnerService } from '../../plugins/catalog/gateway/scrape-runner.service';
import { PlaybookRunWorker } from '../../plugins/playbooks/gateway/run-worker.service';
import { eventually, loopbackPeer, on, ReplicaSet, type Replica, type Session } from './replicas';

/**
 * Two gateway replicas (A and B: whole apps, every scheduler, worker and listener on) on ONE Postgres database, as
 * several pods behind one Service run. Work is shared through the database only (claims with FOR UPDATE SKIP LOCKED
 * and leases, LISTEN/NOTIFY, sessions and flags in tables): each test makes something happen through one replica and
 * checks what the other does, or that both together did it exactly once.
 *
 * Short settings keep it quick: the schedulers tick every 50 ms, the caps are small (so one replica cannot take every
 * due item and both take part), and the auth cache is 1 s. Schedules are not waited for: a "tick" of a schedule is
 * made by setting the rows' `next_runtime` to now, exactly what the time passing does.
 */
describe('two replicas on one database', () => {
  const AUTH_CACHE_MS = 1000;
  let set: ReplicaSet;
  let A: Replica;
  let B: Replica;
  let admin: Session;
  let peer: Awaited<ReturnType<typeof loopbackPeer>>;

  beforeAll(async () => {
    peer = await loopbackPeer({
      delayMs: 40,
      body: (path) =>
        path.startsWith('/scrape')
          ? {
              items: [
                { id: 'svc-1', kind: 'Service' },
                { id: 'svc-2', kind: 'Service' },
              ],
            }
          : { ok: true },
    });
    set = await ReplicaSet.start(2, {
      OUTBOUND_ALLOW: '127.0.0.1',
      HEALTH_SCHEDULER_TICK_MS: '50',
      HEALTH_CHECK_CONCURRENCY: '4',
      HEALTH_CHECK_TYPE_CONCURRENCY: '4',
      SCRAPER_SCHEDULER_TICK_MS: '50',
      PLAYBOOK_WORKER_TICK_MS: '100',
      PLAYBOOK_CONCURRENCY: '2',
      AUTH_CACHE_MS: String(AUTH_CACHE_MS),
      TOPOLOGY_SCHEDULER: 'off',
    });
    [A, B] = set.replicas;
    const person = await set.createPerson(['admin']);
    admin = await set.signIn(A, person.email);
  }, 60_000);

  afterAll(async () => {
    peer?.release();
    await set?.stop();
    await peer?.close();
  });

  const count = async (sql: string, params: unknown[]) => (await set.pool.query<{ n: number }>(sql, params)).rows[0].n;

  it('runs each due check once per tick across both replicas: results equal the schedule, no doubles, both replicas take part', async () => {
    const runs = [A, B].map((r) => jest.spyOn(r.get(CheckRunnerService), 'runScheduled'));
    const CHECKS = 16;
    const ROUNDS = 3;
    const created = await on(A, admin)
      .post('/api/canaries', {
        name: 'scale-checks',
        namespace: 'default',
        spec: {
          schedule: '@every 10m',
          http: Array.from({ length: CHECKS }, (_, i) => ({ name: `endpoint-${i}`, url: `${peer.url}/check/${i}` })),
        },
      })
      .expect(201);
    const canary = created.body.id as string;
    const checkIds = new Set((created.body.checks as { id: string }[]).map((c) => c.id));
    expect(checkIds.size).toBe(CHECKS);
    const settled = (rounds: number) =>
      eventually(
        async () => ({
          results: await count(`SELECT count(*)::int AS n FROM check_statuses s JOIN checks k ON k.id = s.check_id WHERE k.canary_id = $1`, [canary]),
          leased: await count(`SELECT count(*)::int AS n FROM checks WHERE canary_id = $1 AND run_lease_until IS NOT NULL`, [canary]),
        }),
        (s) => s.results >= rounds * CHECKS && s.leased === 0,
        `round ${rounds} of ${CHECKS} checks`,
      );
    // A new check is due at once (round 1); each later round is the schedule's next tick, made due now.
    await settled(1);
    for (let round = 2; round <= ROUNDS; round++) {
      await set.pool.query(`UPDATE checks SET next_runtime = now() WHERE canary_id = $1`, [canary]);
      await settled(round);
    }
    const perCheck = (
      await set.pool.query<{ name: string; n: number }>(
        `SELECT k.name, count(s.check_id)::int AS n FROM checks k LEFT JOIN check_statuses s ON s.check_id = k.id WHERE k.canary_id = $1 GROUP BY k.name ORDER BY k.name`,
        [canary],
      )
    ).rows;
    expect(perCheck).toHaveLength(CHECKS);
    expect(perCheck.filter((c) => c.n !== ROUNDS)).toEqual([]);
    // The target saw each check's request once per round: no run happened twice and none was lost unstored.
    for (let i = 0; i < CHECKS; i++) expect([i, peer.hits(`/check/${i}`)]).toEqual([i, ROUNDS]);
    const [onA, onB] = runs.map((spy) => spy.mock.calls.filter(([row]) => checkIds.has((row as { id: string }).id)).length);
    expect(onA + onB).toBe(CHECKS * ROUNDS);
    // With 4 runs at once per replica and 16 due together, one replica alone could not have run them all as fast: both did.
    expect(onA).toBeGreaterThan(0);
    expect(onB).toBeGreaterThan(0);
    await on(B, admin).delete(`/api/canaries/${canary}`).expect(204);
    runs.forEach((spy) => spy.mockRestore());
  });

  it('runs a due scrape once across both replicas: one job history row and one request per tick', async () => {
    const runs = [A, B].map((r) => jest.spyOn(r.get(ScrapeRunnerService), 'run'));
    const ROUNDS = 3;
    const created = await on(B, admin)
      .post('/api/scrapers', {
        name: 'scale-scrape',
        namespace: 'default',
        spec: { schedule: '@every 60m', http: [{ url: `${peer.url}/scrape`, items: '$.items', id: '$.id', type: '$.kind' }] },
      })
      .expect(201);
    const scraper = created.body.id as string;
    const settled = (rounds: number) =>
      eventually(
        async () => ({
          done: await count(`SELECT count(*)::int AS n FROM job_history WHERE resource_id = $1 AND status <> 'RUNNING'`, [scraper]),
          leased: await count(`SELECT count(*)::int AS n FROM config_scrapers WHERE id = $1 AND run_lease_until IS NOT NULL`, [scraper]),
        }),
        (s) => s.done >= rounds && s.leased === 0,
        `scrape round ${rounds}`,
      );
    await settled(1);
    for (let round = 2; round <= ROUNDS; round++) {
      await set.pool.query(`UPDATE config_scrapers SET next_runtime = now() WHERE id = $1`, [scraper]);
      await settled(round);
    }
    const history = (await set.pool.query<{ status: string }>(`SELECT status FROM job_history WHERE resource_id = $1`, [scraper])).rows;
    expect(history.map((h) => h.status)).toEqual(Array(ROUNDS).fill('SUCCESS'));
    expect(peer.hits('/scrape')).toBe(ROUNDS);
    expect(runs.reduce((sum, spy) => sum + spy.mock.calls.length, 0)).toBe(ROUNDS);
    const items = (await set.pool.query<{ external_id: string }>(`SELECT external_id FROM config_items WHERE scraper_id = $1 ORDER BY 1`, [scraper])).rows;
    expect(items.map((i) => i.external_id)).toEqual(['svc-1', 'svc-2']);
    await on(B, admin).delete(`/api/scrapers/${scraper}`).expect(204);
    runs.forEach((spy) => spy.mockRestore());
  });

  it('executes each playbook run once, and each of its actions once, whichever replica started it', async () => {
    const started = [A, B].map((r) => jest.spyOn(r.get(PlaybookRunWorker) as unknown as { start(run: unknown): void }, 'start'));
    const RUNS = 10;
    const playbook = (
      await on(A, admin)
        .post('/api/playbooks', {
          title: 'Scale once',
          spec: {
            actions: [
              { name: 'first', http: { url: `${peer.url}/pb/{{ .run.id }}/first` } },
              { name: 'second', http: { url: `${peer.url}/pb/{{ .run.id }}/second` } },
            ],
          },
        })
        .expect(201)
    ).body.id as string;
    const ids: string[] = [];
    for (let i = 0; i < RUNS; i++)
      ids.push(
        (
          await on(i % 2 ? B : A, admin)
            .post('/api/playbook/run', { id: playbook })
            .expect(200)
        ).body.run_id,
      );
    const final = await eventually(
      async () => (await set.pool.query<{ id: string; status: string }>(`SELECT id, status FROM playbook_runs WHERE id = ANY($1::uuid[])`, [ids])).rows,
      (rows) => rows.length === RUNS && rows.every((r) => ['completed', 'failed', 'cancelled'].includes(r.status)),
      'every run ending',
    );
    expect(final.map((r) => r.status)).toEqual(Array(RUNS).fill('completed'));
    const actions = (
      await set.pool.query<{ run: string; name: string; status: string }>(
        `SELECT playbook_run_id AS run, name, status FROM playbook_run_actions WHERE playbook_run_id = ANY($1::uuid[]) ORDER BY 1, action_index`,
        [ids],
      )
    ).rows;
    expect(actions).toHaveLength(RUNS * 2);
    expect(actions.filter((a) => a.status !== 'completed')).toEqual([]);
    for (const id of ids) expect([id, peer.hits(`/pb/${id}/first`), peer.hits(`/pb/${id}/second`)]).toEqual([id, 1, 1]);
    const claims = started.map((spy) => spy.mock.calls.filter(([run]) => ids.includes((run as { id: string }).id)).length);
    // Each run claimed once (no lease ran out here), and with 2 runs at once per replica both replicas executed some.
    expect(claims[0] + claims[1]).toBe(RUNS);
    expect(claims[0]).toBeGreaterThan(0);
    expect(claims[1]).toBeGreaterThan(0);
    started.forEach((spy) => spy.mockRestore());
  });

  it('accepts a session made on A on B (reads and CSRF-checked writes); a sign-out on A ends it on B within the auth cache time', async () => {
    const person = await set.createPerson(['admin']);
    const session = await set.signIn(A, person.email);
    expect((await on(B, session).get('/api/auth/whoami').expect(200)).body).toMatchObject({ user: { id: person.id } });
    // A write on B with the session and CSRF token A handed out (the token is derived from the session, not from a replica).
    await on(B, session).post('/api/db/properties', { name: 'scale-session.check', value: 'x' }).expect(201);
    // Both replicas have the principal cached now; signing out on A revokes the session row and evicts A's cache.
    await on(A, session).get('/api/auth/whoami').expect(200);
    await on(A, session).post('/api/auth/logout').expect(204);
    const signedOut = Date.now();
    await on(A, session).get('/api/auth/whoami').expect(401);
    // B trusts its cached principal for at most AUTH_CACHE_MS, then asks the database and refuses.
    await eventually(
      async () => (await on(B, session).get('/api/auth/whoami')).status,
      (status) => status === 401,
      'the session ending on B',
      200,
      25,
    );
    // Measured, not asserted (the machine may be loaded): the time from the sign-out's answer on A to B's first 401.
    const took = Date.now() - signedOut;
    process.stdout.write(`[scale] sign-out on A refused on B after ${took} ms (AUTH_CACHE_MS ${AUTH_CACHE_MS})\n`);
  });

  it('shows a feature flag change made on A on B at once (B LISTENs for properties_changed)', async () => {
    // Warm B's cache: without the notification B would answer from it for 2 s.
    expect((await on(B, admin).get('/api/features').expect(200)).body.features.logs).toBe(true);
    await on(A, admin).post('/api/properties', { name: 'logs.disable', value: 'true' }).expect(201);
    const changed = Date.now();
    await eventually(
      async () => (await on(B, admin).get('/api/features').expect(200)).body.features.logs,
      (enabled) => enabled === false,
      'B seeing logs disabled',
      40,
      25,
    );
    const took = Date.now() - changed;
    process.stdout.write(`[scale] flag change on A seen on B after ${took} ms\n`);
    await on(A, admin).delete('/api/properties?name=logs.disable').expect(204);
    await eventually(
      async () => (await on(B, admin).get('/api/features').expect(200)).body.features.logs,
      (enabled) => enabled === true,
      'B seeing logs enabled again',
      40,
      25,
    );
  });

  it('delivers a run executing on one replica to its live stream opened on the other', async () => {
    const playbook = (
      await on(A, admin)
        .post('/api/playbooks', {
          title: 'Scale live',
          spec: {
            actions: [
              { name: 'wait', http: { url: `${peer.url}/hold/{{ .run.id }}` } },
              { name: 'after', http: { url: `${peer.url}/after/{{ .run.id }}` } },
            ],
          },
        })
        .expect(201)
    ).body.id as string;
    const runId = (await on(A, admin).post('/api/playbook/run', { id: playbook }).expect(200)).body.run_id as string;
    // Whichever replica claimed it holds the lease while its first action waits on the peer.
    const owner = await eventually(
      async () =>
        (await set.pool.query<{ lease_owner: string | null }>(`SELECT lease_owner FROM playbook_runs WHERE id = $1 AND status = 'running'`, [runId])).rows[0]
          ?.lease_owner ?? null,
      (o) => o !== null && peer.hits(`/hold/${runId}`) === 1,
      'a replica executing the run',
    );
    const executing = [A, B].find((r) => r.get(PlaybookRunWorker).owner === owner)!;
    const watching = executing === A ? B : A;
    expect(executing).toBeDefined();

    const stream = await openStream(`${watching.url}/api/playbook/run/${runId}/events`, admin.cookie);
    try {
      expect(stream.status).toBe(200);
      await eventually(
        () => stream.runs(),
        (runs) => runs.length >= 1,
        'the first message',
      );
      expect(stream.runs()[0].status).toBe('running');
      peer.release();
      // The executing replica finishes; the watching one hears of it through Postgres (NOTIFY, or its re-read each second).
      const runs = await eventually(
        () => stream.runs(),
        (r) => r.at(-1)?.status === 'completed',
        `the stream on ${watching.name} showing the run completed`,
      );
      expect(runs.at(-1)!.actions.map((a) => [a.name, a.status])).toEqual([
        ['wait', 'completed'],
        ['after', 'completed'],
      ]);
      await eventually(
        () => stream.ended(),
        (ended) => ended,
        'the stream ending with the run',
      );
      expect(peer.hits(`/after/${runId}`)).toBe(1);
    } finally {
      stream.close();
    }
  });
});

/** A server-sent events stream of a playbook run, read as it arrives. */
function openStream(url: string, cookie: string) {
  return new Promise<{ status: number; runs(): PlaybookRunDetail[]; ended(): boolean; close(): void }>((resolve, reject) => {
    let text = '';
    let ended = false;
    const req = http.get(url, { headers: { cookie, accept: 'text/event-stream' }, agent: false }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('close', () => (ended = true));
      resolve({
        status: res.statusCode ?? 0,
        runs: () => [...text.matchAll(/event: run\ndata: (.*)\n\n/g)].map((m) => JSON.parse(m[1]) as PlaybookRunDetail),
        ended: () => ended,
        close: () => req.destroy(),
      });
    });
    req.on('error', (error) => (ended ? undefined : reject(error)));
  });
}
