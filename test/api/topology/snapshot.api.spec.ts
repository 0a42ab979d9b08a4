import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FeatureService } from '../../../gateway/src/core/features/feature.service';
import type { ExtensionPoint } from '../../../gateway/src/core/plugin-host/extension-point';
import { LOG_SEARCH, type ComponentLogSearch } from '../../../gateway/src/core/logs/log-backends';
import { PluginHost } from '../../../gateway/src/core/plugin-host/plugin-host.service';
import { RollupService } from '../../../plugins/topology/gateway/rollup.service';
import { csvRecords as records, zipFiles as files } from '../../support/snapshot-zip';
import { TestApp, type SignedInAgent } from '../../support/test-app';

/**
 * `GET /api/snapshot/topology/{id}` (spec 02 card menu → Snapshot): a streamed zip of a component's subtree, its
 * checks and their results, linked configs and their changes, incidents and logs over a time range. The rows are
 * inserted directly; the archive is read back with fflate and every file checked.
 */
describe('topology snapshot', () => {
  let t: TestApp;
  let admin: SignedInAgent;
  let viewer: SignedInAgent;
  /** When set, what LOG_SEARCH is instead of the logs area's (`use: undefined`: no logs area installed). */
  let logSearch: { use: ComponentLogSearch | undefined } | undefined;
  let logRoot: string;
  const ids: Record<string, string> = {};

  const download = (who: SignedInAgent, id: string, query = '') => who.agent.get(`/api/snapshot/topology/${id}${query}`).responseType('blob');
  const json = <T = Record<string, unknown>[]>(zip: Record<string, string>, name: string) => JSON.parse(zip[name]) as T;
  const names = (rows: { name: string }[]) => rows.map((r) => r.name).sort();
  const insert = async (sql: string, params: unknown[] = []) => (await t.pool.query<{ id: string }>(`${sql} RETURNING id`, params)).rows[0].id;
  const component = (name: string, parent: string | null, path: string | null, extra: Record<string, unknown> = {}) =>
    insert(
      `INSERT INTO components (name, type, parent_id, path, status, properties, summary, logs, deleted_at) VALUES ($1, 'Service', $2, $3, 'healthy', $4, $5, $6, $7)`,
      [
        name,
        parent,
        path,
        JSON.stringify(extra.properties ?? [{ name: 'cpu', value: 42, max: 100 }]),
        JSON.stringify(extra.summary ?? { checks: { healthy: 1, unhealthy: 0, warning: 0, unknown: 0 } }),
        JSON.stringify(extra.logs ?? []),
        extra.deleted ? new Date() : null,
      ],
    );
  const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

  beforeAll(async () => {
    // The logs area's own search over a `file` backend: a log whose lines are 90, 30 and 5 minutes old.
    logRoot = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'snapshot-logs-')));
    const logLine = (minutes: number, msg: string) => JSON.stringify({ level: 30, time: ago(minutes).getTime(), msg, pod: 'orders-1' });
    fs.writeFileSync(
      path.join(logRoot, 'orders.log'),
      [logLine(90, 'old request'), logLine(30, 'half an hour ago'), logLine(5, 'recent request')].join('\n') + '\n',
    );
    t = await TestApp.start({
      HEALTH_SCHEDULER: 'false',
      TOPOLOGY_SCHEDULER: 'false',
      SCRAPER_SCHEDULER: 'false',
      LOG_FILE_ROOTS: logRoot,
      LOGS_TIMEOUT_MS: '5000',
    });
    const host = t.app.get(PluginHost);
    const original = host.find.bind(host);
    jest
      .spyOn(host, 'find')
      .mockImplementation(((point: ExtensionPoint<unknown>, id: string) =>
        point === LOG_SEARCH && logSearch ? logSearch.use : original(point, id)) as unknown as PluginHost['find']);
    admin = await t.signInAs(['admin']);
    viewer = await t.signInAs(['viewer']);
    await t.pool.query(`INSERT INTO logging_backends (name, spec) VALUES ('files', $1)`, [
      JSON.stringify({ file: { path: path.join(logRoot, 'orders.log') } }),
    ]);
    // top › Payments, "API" › orders › ledger; `loose` is below Payments by path only; `gone` is deleted.
    ids.top = await component('top', null, null);
    ids.root = await component('Payments, "API" / eu', ids.top, ids.top);
    ids.orders = await component('orders', ids.root, `${ids.top}.${ids.root}`, {
      logs: [
        { name: 'app', backend: 'files' },
        { name: 'broken', backend: 'no-such-backend' },
      ],
    });
    ids.ledger = await component('ledger', ids.orders, `${ids.top}.${ids.root}.${ids.orders}`);
    ids.loose = await component('loose', null, `${ids.top}.${ids.root}`);
    ids.gone = await component('gone', ids.root, `${ids.top}.${ids.root}`, { deleted: true });
    ids.goneChild = await component('gone-child', ids.gone, `${ids.top}.${ids.root}.${ids.gone}`, { deleted: true });
    ids.other = await component('other', null, null);
    ids.related = await component('shared-db', null, null);
    await t.pool.query(`INSERT INTO component_relationships (component_id, relationship_id, selector_id) VALUES ($1, $2, 'db')`, [ids.related, ids.orders]);
    // Either way round: orders' own selector picks redis.
    ids.relatedOut = await component('redis', null, null);
    await t.pool.query(`INSERT INTO component_relationships (component_id, relationship_id, selector_id) VALUES ($1, $2, 'cache')`, [
      ids.orders,
      ids.relatedOut,
    ]);
    ids.relatedGone = await component('old-cache', null, null);
    await t.pool.query(`INSERT INTO component_relationships (component_id, relationship_id, selector_id, deleted_at) VALUES ($1, $2, 'cache', now())`, [
      ids.relatedGone,
      ids.orders,
    ]);

    const canary = await insert(`INSERT INTO canaries (name, spec) VALUES ('shop', '{}')`);
    const check = (name: string) =>
      insert(`INSERT INTO checks (canary_id, type, name, status, spec) VALUES ($1, 'http', $2, 'healthy', '{"url": "https://x"}')`, [canary, name]);
    const link = (componentId: string, checkId: string, deleted = false) =>
      t.pool.query(`INSERT INTO check_component_relationships (component_id, check_id, canary_id, deleted_at) VALUES ($1, $2, $3, $4)`, [
        componentId,
        checkId,
        canary,
        deleted ? new Date() : null,
      ]);
    const status = (checkId: string, at: Date, pass: boolean, message: string, error: string | null = null) =>
      t.pool.query(`INSERT INTO check_statuses (check_id, time, duration, status, message, error) VALUES ($1, $2, 17, $3, $4, $5)`, [
        checkId,
        at,
        pass,
        message,
        error,
      ]);
    ids.check = await check('api, "health"');
    await link(ids.orders, ids.check);
    await status(ids.check, ago(5), false, 'line one\nsecond, part', 'HTTP 503');
    await status(ids.check, ago(120), true, 'two hours ago');
    ids.relatedCheck = await check('db-ping');
    await link(ids.related, ids.relatedCheck);
    await status(ids.relatedCheck, ago(3), true, 'db ok');
    ids.otherCheck = await check('other-check');
    await link(ids.other, ids.otherCheck);
    await status(ids.otherCheck, ago(3), true, 'not ours');
    ids.unlinkedCheck = await check('unlinked');
    await link(ids.ledger, ids.unlinkedCheck, true);

    ids.config = await insert(`INSERT INTO config_items (type, name, config) VALUES ('Kubernetes::Deployment', 'ledger-deploy', '{"spec": {"replicas": 3}}')`);
    await t.pool.query(`INSERT INTO config_component_relationships (component_id, config_id) VALUES ($1, $2)`, [ids.ledger, ids.config]);
    await t.pool.query(`INSERT INTO config_changes (config_id, change_type, summary, created_at) VALUES ($1, 'diff', 'replicas 2 -> 3', $2)`, [
      ids.config,
      ago(4),
    ]);
    await t.pool.query(`INSERT INTO config_changes (config_id, change_type, summary, created_at) VALUES ($1, 'diff', 'image bumped', $2)`, [
      ids.config,
      ago(150),
    ]);
    ids.otherConfig = await insert(`INSERT INTO config_items (type, name) VALUES ('Kubernetes::Pod', 'other-pod')`);
    await t.pool.query(`INSERT INTO config_component_relationships (component_id, config_id) VALUES ($1, $2)`, [ids.other, ids.otherConfig]);

    ids.incident = await insert(`INSERT INTO incidents (title, severity, type) VALUES ('Ledger down', 'high', 'availability')`);
    const hypothesis = await insert(`INSERT INTO hypotheses (incident_id, type, title) VALUES ($1, 'root', 'db')`, [ids.incident]);
    await t.pool.query(`INSERT INTO evidences (hypothesis_id, type, component_id) VALUES ($1, 'topology', $2), ($1, 'topology', $3)`, [
      hypothesis,
      ids.ledger,
      ids.orders,
    ]);
    const otherIncident = await insert(`INSERT INTO incidents (title) VALUES ('Elsewhere')`);
    const otherHypothesis = await insert(`INSERT INTO hypotheses (incident_id, type) VALUES ($1, 'root')`, [otherIncident]);
    await t.pool.query(`INSERT INTO evidences (hypothesis_id, type, component_id) VALUES ($1, 'topology', $2)`, [otherHypothesis, ids.other]);
  });
  afterAll(async () => {
    await t?.stop();
    if (logRoot) fs.rmSync(logRoot, { recursive: true, force: true });
  });
  /** Lets the roll-up settle (it rewrites health and summary from the rows above) so the stored summary stays put. */
  const settle = async () => {
    const rollup = t.app.get(RollupService);
    for (let pass = 0; pass < 20; pass++) {
      await rollup.pass();
      const queued = await t.pool.query(`SELECT 1 FROM component_rollup_queue LIMIT 1`);
      if (!queued.rowCount) return;
    }
    throw new Error('the component roll-up did not settle');
  };
  afterEach(() => (logSearch = undefined));

  it('streams a zip named after the component with the subtree, its checks and results, configs, changes and incidents of the last 15 minutes', async () => {
    await settle();
    const res = await download(admin, ids.root).expect(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Payments-API-eu-snapshot.zip"');
    const zip = files(res.body);
    expect(Object.keys(zip).sort()).toEqual([
      'README.md',
      'check_statuses.csv',
      'checks.json',
      'components.csv',
      'components.json',
      'config_changes.csv',
      'configs.json',
      'incidents.json',
      'logs/orders-app.json',
    ]);

    const components = json<{ id: string; name: string; properties: unknown; summary: unknown; related: boolean; parent_id: string | null }[]>(
      zip,
      'components.json',
    );
    expect(components[0].id).toBe(ids.root);
    expect(names(components)).toEqual(['Payments, "API" / eu', 'ledger', 'loose', 'orders']);
    expect(components.find((c) => c.name === 'ledger')).toMatchObject({
      parent_id: ids.orders,
      properties: [{ name: 'cpu', value: 42, max: 100 }],
      related: false,
    });
    const stored = await t.pool.query(`SELECT summary FROM components WHERE id = $1`, [ids.ledger]);
    expect(components.find((c) => c.name === 'ledger')?.summary).toEqual(stored.rows[0].summary);
    expect(stored.rows[0].summary).toHaveProperty('checks');
    const componentRows = records(zip['components.csv']);
    expect(componentRows.map((r) => r.name).sort()).toEqual(['Payments, "API" / eu', 'ledger', 'loose', 'orders']);
    expect(zip['components.csv']).toContain(`${ids.root},"Payments, ""API"" / eu",Service,`);

    const checks = json<{ id: string; name: string; component_ids: string[]; spec?: unknown }[]>(zip, 'checks.json');
    expect(checks).toEqual([expect.objectContaining({ id: ids.check, name: 'api, "health"', component_ids: [ids.orders], canary_name: 'shop' })]);
    expect(checks[0].spec).toBeUndefined();
    // Only the result of the last 15 minutes, with its message's comma, quotes and line break quoted.
    expect(records(zip['check_statuses.csv'])).toEqual([
      {
        check_id: ids.check,
        check_name: 'api, "health"',
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        status: 'unhealthy',
        duration: '17',
        message: 'line one\nsecond, part',
        error: 'HTTP 503',
      },
    ]);
    expect(zip['check_statuses.csv']).toContain(`"api, ""health""",`);
    expect(zip['check_statuses.csv']).toContain(`"line one\nsecond, part",HTTP 503\r\n`);

    const configs = json<{ id: string; name: string; component_ids: string[] }[]>(zip, 'configs.json');
    expect(configs).toEqual([expect.objectContaining({ id: ids.config, name: 'ledger-deploy', type: 'Kubernetes::Deployment', component_ids: [ids.ledger] })]);
    expect(configs[0]).not.toHaveProperty('config');
    expect(records(zip['config_changes.csv'])).toEqual([
      expect.objectContaining({
        config_id: ids.config,
        config_name: 'ledger-deploy',
        config_type: 'Kubernetes::Deployment',
        change_type: 'diff',
        summary: 'replicas 2 -> 3',
      }),
    ]);

    const incidents = json<{ id: string; title: string; component_ids: string[] }[]>(zip, 'incidents.json');
    expect(incidents).toEqual([expect.objectContaining({ id: ids.incident, title: 'Ledger down', severity: 'high' })]);
    expect(incidents[0].component_ids.sort()).toEqual([ids.ledger, ids.orders].sort());

    const readme = zip['README.md'];
    expect(readme).toContain('# Snapshot of Payments, "API" / eu');
    expect(readme).toContain(ids.root);
    const range = /Time range: (\S+) to (\S+)/.exec(readme);
    expect(range).not.toBeNull();
    expect(Date.parse(range![2]) - Date.parse(range![1])).toBe(15 * 60_000);
    expect(readme).toContain('| check_statuses.csv |');
    expect(readme).toMatch(/\| components\.json \|.*\| 4 \(4 in the subtree\) \|/);
    expect(readme).toMatch(/\| check_statuses\.csv \|.*\| 1 \|/);
    expect(readme).toContain('Related components: not included');
    expect(json<{ results: { message: string }[] }>(zip, 'logs/orders-app.json').results.map((l) => l.message)).toEqual(['recent request']);
    expect(readme).toContain('- orders / app: logs/orders-app.json, 1 line(s)');
    expect(readme).toMatch(/- orders \/ broken: \*\*failed\*\*: .*no-such-backend/);
  });

  it('takes a wider range from start, relative or ISO', async () => {
    const relative = files((await download(admin, ids.root, '?start=now-3h').expect(200)).body);
    expect(records(relative['check_statuses.csv']).map((r) => r.message)).toEqual(['line one\nsecond, part', 'two hours ago']);
    expect(records(relative['config_changes.csv']).map((r) => r.summary)).toEqual(['replicas 2 -> 3', 'image bumped']);
    const iso = files((await download(admin, ids.root, `?start=${encodeURIComponent(ago(130).toISOString())}`).expect(200)).body);
    expect(records(iso['check_statuses.csv']).map((r) => r.message)).toEqual(['line one\nsecond, part', 'two hours ago']);
    expect(records(iso['config_changes.csv']).map((r) => r.summary)).toEqual(['replicas 2 -> 3']);
  });

  it('adds the components related by selector and their checks with related=true, and not otherwise', async () => {
    const zip = files((await download(admin, ids.root, '?related=true').expect(200)).body);
    const components = json<{ id: string; name: string; related: boolean }[]>(zip, 'components.json');
    expect(names(components)).toEqual(['Payments, "API" / eu', 'ledger', 'loose', 'orders', 'redis', 'shared-db']);
    expect(components.filter((c) => c.related).map((c) => c.name)).toEqual(['redis', 'shared-db']);
    expect(names(json(zip, 'checks.json') as { name: string }[])).toEqual(['api, "health"', 'db-ping']);
    expect(records(zip['check_statuses.csv']).map((r) => r.check_name)).toEqual(['db-ping', 'api, "health"']);
    expect(zip['README.md']).toMatch(/\| 6 \(4 in the subtree, 2 related\) \|/);

    const off = files((await download(admin, ids.root, '?related=false').expect(200)).body);
    expect(names(json(off, 'components.json') as { name: string }[])).toEqual(['Payments, "API" / eu', 'ledger', 'loose', 'orders']);
    expect(names(json(off, 'checks.json') as { name: string }[])).toEqual(['api, "health"']);
  });

  it('snapshots a leaf as well, for a viewer too', async () => {
    const res = await download(viewer, ids.ledger).expect(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="ledger-snapshot.zip"');
    const zip = files(res.body);
    expect(names(json(zip, 'components.json') as { name: string }[])).toEqual(['ledger']);
    expect(json(zip, 'checks.json')).toEqual([]);
    expect(records(zip['check_statuses.csv'])).toEqual([]);
    expect(zip['check_statuses.csv']).toBe('check_id,check_name,time,status,duration,message,error\r\n');
    expect((json(zip, 'configs.json') as { id: string }[]).map((c) => c.id)).toEqual([ids.config]);
  });

  it('answers 404 for an unknown or deleted component and 400 for a bad start, related or id', async () => {
    const missing = await admin.agent.get('/api/snapshot/topology/7d7a3b0e-0000-4000-8000-000000000000').expect(404);
    expect(missing.body).toMatchObject({ statusCode: 404, message: 'Component not found' });
    expect((await admin.agent.get(`/api/snapshot/topology/${ids.gone}`).expect(404)).body.message).toBe('Component not found');
    for (const start of ['yesterday', 'now-15x', 'now+1h', 'now', '2024-13-45T00:00:00Z', `${new Date(Date.now() + 3_600_000).toISOString()}`]) {
      const bad = await admin.agent.get(`/api/snapshot/topology/${ids.root}?start=${encodeURIComponent(start)}`).expect(400);
      expect(bad.body.message).toMatch(/^start: /);
    }
    await admin.agent.get(`/api/snapshot/topology/${ids.root}?start=now-1h&start=now-2h`).expect(400);
    expect((await admin.agent.get(`/api/snapshot/topology/${ids.root}?related=maybe`).expect(400)).body.message).toBe('related: use true or false');
    await admin.agent.get('/api/snapshot/topology/not-a-uuid').expect(400);
  });

  it('answers 403 while the topology feature is disabled (every role reads topologies) and 401 without a session', async () => {
    await t.http().get(`/api/snapshot/topology/${ids.root}`).expect(401);
    const features = t.app.get(FeatureService);
    await t.pool.query(`INSERT INTO properties (name, value) VALUES ('topology.disable', 'true')`);
    features.invalidate();
    try {
      await download(viewer, ids.root).expect(403);
      await download(admin, ids.root).expect(403);
    } finally {
      await t.pool.query(`DELETE FROM properties WHERE name = 'topology.disable'`);
      features.invalidate();
    }
    await download(viewer, ids.root).expect(200);
  });

  it("adds each log selector's lines over the range through the logs area, and reports a failing one in the README", async () => {
    const zip = files((await download(admin, ids.root, '?start=now-1h').expect(200)).body);
    expect(Object.keys(zip).filter((n) => n.startsWith('logs/'))).toEqual(['logs/orders-app.json']);
    const log = json<{ start: string; end: string; results: { message: string; timestamp: string; labels: Record<string, string> }[] }>(
      zip,
      'logs/orders-app.json',
    );
    expect(log).toMatchObject({
      component: { id: ids.orders, name: 'orders' },
      selector: { name: 'app', backend: 'files' },
      backend: { name: 'files', type: 'file' },
      truncated: false,
    });
    // Newest first, and only the lines of the last hour.
    expect(log.results.map((l) => l.message)).toEqual(['recent request', 'half an hour ago']);
    expect(log.results[0].labels).toMatchObject({ pod: 'orders-1' });
    const range = /Time range: (\S+) to (\S+)/.exec(zip['README.md'])!;
    expect([log.start, log.end]).toEqual([range[1], range[2]]);
    expect(zip['README.md']).toContain('- orders / app: logs/orders-app.json, 2 line(s)\n');
    expect(zip['README.md']).toMatch(/- orders \/ broken: \*\*failed\*\*: .*no-such-backend/);
  });

  it('says in the README why logs are missing: no logs area, or the logs feature disabled', async () => {
    logSearch = { use: undefined };
    const absent = files((await download(admin, ids.root, '?start=now-1h').expect(200)).body);
    expect(Object.keys(absent).filter((n) => n.startsWith('logs/'))).toEqual([]);
    expect(absent['README.md']).toContain(
      'Logs were not collected: the logs area is not installed in this console (2 log selector(s) named by the components).',
    );

    logSearch = undefined;
    const features = t.app.get(FeatureService);
    await t.pool.query(`INSERT INTO properties (name, value) VALUES ('logs.disable', 'true')`);
    features.invalidate();
    try {
      const off = files((await download(admin, ids.root, '?start=now-1h').expect(200)).body);
      expect(Object.keys(off).filter((n) => n.startsWith('logs/'))).toEqual([]);
      expect(off['README.md']).toContain('Logs were not collected: the logs feature is disabled (2 log selector(s) named by the components).');
    } finally {
      await t.pool.query(`DELETE FROM properties WHERE name = 'logs.disable'`);
      features.invalidate();
    }
  });

  it('ends the archive with ERROR.txt when a step fails after the download began', async () => {
    // A log search answering without results (a broken provider) fails the logs step once the earlier files went out.
    logSearch = { use: { search: async () => ({}) as never } };
    const res = await download(admin, ids.root).expect(200);
    const zip = files(res.body);
    expect(zip['ERROR.txt']).toMatch(/^The snapshot stopped while writing logs\/: /);
    expect(zip['README.md']).toBeUndefined();
    expect(records(zip['check_statuses.csv'])).toHaveLength(1);
  });

  it('answers an error status, not an attachment, when a read fails before the first byte', async () => {
    // The related components are read before anything is written: without their table that read fails.
    await t.pool.query(`ALTER TABLE component_relationships RENAME TO component_relationships_away`);
    try {
      const res = await admin.agent.get(`/api/snapshot/topology/${ids.root}?related=true`).expect(500);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(res.body.statusCode).toBe(500);
    } finally {
      await t.pool.query(`ALTER TABLE component_relationships_away RENAME TO component_relationships`);
    }
    await download(admin, ids.root, '?related=true').expect(200);
  });

  it('caps check_statuses.csv at 50,000 rows, newest first, and says so in the README', async () => {
    const busy = await component('busy', null, null);
    const canary = await insert(`INSERT INTO canaries (name, spec) VALUES ('busy', '{}')`);
    const check = await insert(`INSERT INTO checks (canary_id, type, name) VALUES ($1, 'tcp', 'busy-port')`, [canary]);
    await t.pool.query(`INSERT INTO check_component_relationships (component_id, check_id, canary_id) VALUES ($1, $2, $3)`, [busy, check, canary]);
    // 50,010 results one millisecond apart (and so all inside the last 15 minutes); the oldest ten fall off.
    await t.pool.query(
      `INSERT INTO check_statuses (check_id, time, status, message)
       SELECT $1, date_trunc('second', now()) - interval '1 minute' - n * interval '1 millisecond', true, 'n=' || n FROM generate_series(0, 50009) n`,
      [check],
    );
    const zip = files((await download(admin, busy).expect(200)).body);
    const rows = records(zip['check_statuses.csv']);
    expect(rows).toHaveLength(50_000);
    expect(rows[0].message).toBe('n=0');
    expect(rows[4_999].message).toBe('n=4999');
    expect(rows[5_000].message).toBe('n=5000');
    expect(rows[49_999].message).toBe('n=49999');
    expect(new Set(rows.map((r) => r.time)).size).toBe(50_000);
    expect(zip['README.md']).toContain('Capped at the 50,000 newest rows');
    expect(zip['README.md']).toMatch(/\| check_statuses\.csv \|.*\| 50000 \|/);
  });
});
