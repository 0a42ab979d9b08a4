import { buildQuery } from '../../../web/src/core/api/query';
import { encodeIncludeExclude, decodeIncludeExclude } from '../../../web/src/core/jobs/includeExclude';
import { type JobHistoryFilter, jobHistoryParams } from '../../../web/src/core/jobs/jobHistoryQuery';
import { TestApp, type SignedInAgent } from '../../support/test-app';

/**
 * The Job History page's reads (spec 03 §7) against the real data API: the query is built by the page's own
 * jobHistoryParams, so what is tested is what the page asks. Who may read: those with read on `database` (every role
 * reads it; the settings routes are hidden from viewers by the web only), behind settings.job_history.
 */
describe('job history through the data API', () => {
  let t: TestApp;
  let admin: SignedInAgent;
  const HOUR = 3_600_000;
  const now = Date.now();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR).toISOString();

  beforeAll(async () => {
    t = await TestApp.start({ EVENT_CONSUMER: 'false', HEALTH_SCHEDULER: 'false' });
    admin = await t.signInAs(['admin']);
    const canary = (await t.pool.query<{ id: string }>(`INSERT INTO canaries (name, spec) VALUES ('shop', '{}') RETURNING id`)).rows[0].id;
    const runs: [string, string, string | null, string, number, number][] = [
      // name, resource_type, resource_id, status, duration_millis, hours ago
      ['SyncCanary', 'canary', canary, 'SUCCESS', 200, 1],
      ['SyncCanary', 'canary', canary, 'FAILED', 90_000, 2],
      ['SyncCanary', 'canary', canary, 'WARNING', 5_000, 30],
      ['ScrapeConfig', 'config_scraper', null, 'RUNNING', 61_000, 3],
      ['ScrapeConfig', 'config_scraper', null, 'FAILED', 10, 72],
      ['Reconcile, with: punctuation', 'topology', null, 'STOPPED', 1_000, 4],
    ];
    for (const [name, type, id, status, duration, hoursAgo] of runs) {
      await t.pool.query(
        `INSERT INTO job_history (name, resource_type, resource_id, status, duration_millis, time_start, created_at, details)
         VALUES ($1, $2, $3, $4, $5, $6, $6, $7)`,
        [name, type, id, status, duration, at(hoursAgo), status === 'FAILED' ? { errors: ['boom'] } : null],
      );
    }
  });
  afterAll(() => t?.stop());

  const page = async (filter: JobHistoryFilter) => {
    const res = await admin.agent.get(`/api/db/job_histories${buildQuery(jobHistoryParams(filter))}`).set('Prefer', 'count=exact');
    // 206 Partial Content when the page is not all of the rows (PostgREST's answer).
    expect([200, 206]).toContain(res.status);
    return { rows: res.body as { name: string; status: string; resource_name: string | null; duration_millis: number }[], range: res.headers['content-range'] };
  };
  /** The page's defaults: SUCCESS excluded, the last 2 days, 50 a page. */
  const defaults: JobHistoryFilter = { status: decodeIncludeExclude('SUCCESS:-1'), from: at(48), pageSize: 50 };

  it('lists the last 2 days without successful runs, newest first, with the total and resource names', async () => {
    const { rows, range } = await page(defaults);
    expect(rows.map((r) => [r.name, r.status])).toEqual([
      ['SyncCanary', 'FAILED'],
      ['ScrapeConfig', 'RUNNING'],
      ['Reconcile, with: punctuation', 'STOPPED'],
      ['SyncCanary', 'WARNING'],
    ]);
    expect(range).toBe('0-3/4');
    expect(rows[0].resource_name).toBe('shop');
  });

  it('filters by job name (also one with a comma and a colon), resource type, included statuses and duration', async () => {
    expect((await page({ ...defaults, name: 'Reconcile, with: punctuation' })).rows).toHaveLength(1);
    expect((await page({ ...defaults, resourceType: 'config_scraper' })).rows.map((r) => r.status)).toEqual(['RUNNING']);
    const included = decodeIncludeExclude(encodeIncludeExclude({ FAILED: 1, WARNING: 1 }));
    expect((await page({ ...defaults, status: included })).rows.map((r) => r.status)).toEqual(['FAILED', 'WARNING']);
    expect((await page({ ...defaults, minDurationMs: 60_000 })).rows.map((r) => r.duration_millis)).toEqual([90_000, 61_000]);
  });

  it("'All' statuses and a wider window bring back the rest; an absolute window has both ends", async () => {
    const all = await page({ status: {}, from: at(24 * 7), pageSize: 50 });
    expect(all.range).toBe('0-5/6');
    const window = await page({ status: {}, from: at(30.5), to: at(1.5), pageSize: 50 });
    expect(window.rows.map((r) => r.status)).toEqual(['FAILED', 'RUNNING', 'STOPPED', 'WARNING']);
  });

  it('pages with limit and offset, keeps the total, and sorts as asked', async () => {
    const first = await page({ status: {}, from: at(24 * 7), pageSize: 4, pageIndex: 0 });
    const second = await page({ status: {}, from: at(24 * 7), pageSize: 4, pageIndex: 1 });
    expect(first.range).toBe('0-3/6');
    expect(second.range).toBe('4-5/6');
    expect(new Set([...first.rows, ...second.rows].map((r) => `${r.name}/${r.status}`)).size).toBe(6);
    const slowest = await page({ status: {}, from: at(24 * 7), sortBy: 'duration_millis', sortOrder: 'desc', pageSize: 1 });
    expect(slowest.rows[0].duration_millis).toBe(90_000);
  });

  it('lists the job names for the Job Name filter', async () => {
    const names = await admin.agent.get('/api/db/job_history_names?order=name.asc').expect(200);
    expect(names.body).toEqual([{ name: 'Reconcile, with: punctuation' }, { name: 'ScrapeConfig' }, { name: 'SyncCanary' }]);
  });

  it('is readable by viewers (read on database) and gone while settings.job_history is off', async () => {
    const viewer = await t.signInAs(['viewer']);
    await viewer.agent.get(`/api/db/job_histories${buildQuery(jobHistoryParams(defaults))}`).expect(200);
    await viewer.agent
      .post('/api/db/job_history')
      .set('x-csrf-token', viewer.csrf)
      .send({ name: 'x' })
      .expect((res) => expect(res.status).toBeGreaterThanOrEqual(400));
    await t.pool.query(`INSERT INTO properties (name, value) VALUES ('health.disable', 'true')`);
    const { FeatureService } = await import('../../../gateway/src/core/features/feature.service');
    t.app.get(FeatureService).invalidate();
    try {
      const off = await admin.agent.get('/api/db/job_histories?limit=1');
      expect(off.status).toBeGreaterThanOrEqual(400);
    } finally {
      await t.pool.query(`DELETE FROM properties WHERE name = 'health.disable'`);
      t.app.get(FeatureService).invalidate();
    }
  });
});
