import type { ScrapeOutput, ScraperType } from '@contracts';
import type { ExtensionPoint } from '../../../gateway/src/core/plugin-host/extension-point';
import { SCRAPER_TYPES } from '../../../gateway/src/core/scrapers';
import { PluginHost } from '@gateway/core/plugin-host/plugin-host.service';
import { ScrapeRunnerService } from '../../../plugins/catalog/gateway/scrape-runner.service';
import { TestApp, type SignedInAgent } from '../../support/test-app';

/**
 * The catalogue engine end to end through its API, with a scraper type whose output each test sets (the real types
 * are tested against real peers in their own suites): items, diffs and their dedupe, stale delete and undelete,
 * relationships, insights, job history, Run Now's lease, RBAC, and documents refused whole.
 */
describe('catalogue engine', () => {
  let t: TestApp;
  let editor: SignedInAgent;
  let viewer: SignedInAgent;
  const fake: ScraperType & { next: ScrapeOutput | Error } = {
    type: 'trivy',
    next: { configs: [] },
    validate: (spec) => (spec.target ? [] : ['target: required']),
    scrape: async () => {
      if (fake.next instanceof Error) throw fake.next;
      return structuredClone(fake.next);
    },
  };

  beforeAll(async () => {
    t = await TestApp.start({ SCRAPER_SCHEDULER: 'off' });
    const host = t.app.get(PluginHost);
    const original = host.find.bind(host);
    jest
      .spyOn(host, 'find')
      .mockImplementation(((point: ExtensionPoint<unknown>, id: string) =>
        point === SCRAPER_TYPES && id === 'trivy' ? fake : original(point, id)) as unknown as PluginHost['find']);
    editor = await t.signInAs(['editor']);
    viewer = await t.signInAs(['viewer']);
  });
  afterAll(() => t?.stop());

  const yaml = (name: string, extra = '') => `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: ${name}
  namespace: ops
spec:
  schedule: "@every 5m"
  trivy:
    - target: demo
      id: $.id
      type: $.kind
      name: $.name
      transform:
        exclude:
          - jsonpath: $.volatile
${extra}`;
  const post = (as: SignedInAgent, path: string, body: object) => as.agent.post(path).set('x-csrf-token', as.csrf).send(body);
  const items = async (scraperId: string) =>
    (
      await t.pool.query(
        `select id, external_id, type, name, config, health, deleted_at, delete_reason from config_items where scraper_id = $1 order by external_id`,
        [scraperId],
      )
    ).rows;
  const doc = (id: string, extra: Record<string, unknown> = {}) => ({
    config: { id, kind: 'Demo::Thing', name: `thing-${id}`, volatile: Math.random(), ...extra },
  });

  it('creates a scraper from YAML, runs it now, and stores its items with the job history', async () => {
    const created = await post(editor, '/api/scrapers', { yaml: yaml('things') }).expect(201);
    expect(created.body).toMatchObject({ name: 'things', namespace: 'ops', schedule: '@every 5m' });
    expect(created.body.yaml).toContain('kind: ScrapeConfig');
    fake.next = { configs: [doc('a', { size: 1 }), doc('b'), { ...doc('c'), health: 'unhealthy', parent: { type: 'Demo::Thing', externalId: 'a' } }] };
    const run = await post(editor, `/api/scrapers/${created.body.id}/run`, {}).expect(200);
    expect(run.body).toMatchObject({ status: 'SUCCESS', success_count: 3, error_count: 0 });
    expect(run.body.scrape_summary['Demo::Thing']).toEqual({ added: 3, updated: 0, unchanged: 0, changes: 0, deduped: 0, deleted: 0 });
    const stored = await items(created.body.id);
    expect(stored.map((r) => [r.external_id, r.type, r.name])).toEqual([
      ['a', 'Demo::Thing', 'thing-a'],
      ['b', 'Demo::Thing', 'thing-b'],
      ['c', 'Demo::Thing', 'thing-c'],
    ]);
    // The excluded path is not stored; keys are sorted.
    expect(stored[0].config).toEqual({ id: 'a', kind: 'Demo::Thing', name: 'thing-a', size: 1 });
    expect(stored[2].health).toBe('unhealthy');
    const parent = await t.pool.query(`select parent_id from config_items where id = $1`, [stored[2].id]);
    expect(parent.rows[0].parent_id).toBe(stored[0].id);
    const job = await t.pool.query(`select name, resource_type, status, success_count, details from job_history where id = $1`, [run.body.job_history_id]);
    expect(job.rows[0]).toMatchObject({ resource_type: 'config_scraper', status: 'SUCCESS', success_count: 3 });
    expect(job.rows[0].details.scrape_summary['Demo::Thing'].added).toBe(3);
  });

  it('records a diff change, dedupes an identical one within the hour, and leaves volatile fields out', async () => {
    const id = (await post(editor, '/api/scrapers', { yaml: yaml('diffs') }).expect(201)).body.id;
    fake.next = { configs: [doc('x', { replicas: 1, image: 'web:1' })] };
    await post(editor, `/api/scrapers/${id}/run`, {}).expect(200);
    // Only the excluded field differs: unchanged.
    fake.next = { configs: [doc('x', { replicas: 1, image: 'web:1' })] };
    const same = await post(editor, `/api/scrapers/${id}/run`, {}).expect(200);
    expect(same.body.scrape_summary['Demo::Thing']).toMatchObject({ unchanged: 1, changes: 0 });

    fake.next = { configs: [doc('x', { replicas: 2, image: 'web:1' })] };
    const changed = await post(editor, `/api/scrapers/${id}/run`, {}).expect(200);
    expect(changed.body.scrape_summary['Demo::Thing']).toMatchObject({ updated: 1, changes: 1 });
    const [item] = await items(id);
    const changes = await t.pool.query(`select change_type, summary, diff, patches, count from config_changes where config_id = $1`, [item.id]);
    expect(changes.rows).toHaveLength(1);
    expect(changes.rows[0]).toMatchObject({ change_type: 'diff', summary: 'replicas', patches: { replicas: 2 }, count: 1 });
    expect(changes.rows[0].diff).toMatch(/-\s+"replicas": 1,?\n\+\s+"replicas": 2/);

    // 2 → 3 differs from 1 → 2 only by numbers: the same fingerprint within the hour, so the count goes up.
    fake.next = { configs: [doc('x', { replicas: 3, image: 'web:1' })] };
    const again = await post(editor, `/api/scrapers/${id}/run`, {}).expect(200);
    expect(again.body.scrape_summary['Demo::Thing']).toMatchObject({ updated: 1, changes: 0, deduped: 1 });
    const counted = await t.pool.query(`select count from config_changes where config_id = $1`, [item.id]);
    expect(counted.rows).toEqual([{ count: 2 }]);

    // A different path is a different change.
    fake.next = { configs: [doc('x', { replicas: 3, image: 'web:2' })] };
    await post(editor, `/api/scrapers/${id}/run`, {}).expect(200);
    expect((await t.pool.query(`select count(*)::int n from config_changes where config_id = $1`, [item.id])).rows[0].n).toBe(2);

    // Through the catalogue's changes call, with the config's type and name.
    const search = await post(viewer, '/api/catalog/changes', { id: item.id }).expect(200);
    expect(search.body.total).toBe(2);
    expect(search.body.changes[0]).toMatchObject({ config_id: item.id, type: 'Demo::Thing', name: 'thing-x', change_type: 'diff' });
  });

  it('stamps last_scraped_time on an unchanged item without moving updated_at; a health change moves it without a diff', async () => {
    const id = (await post(editor, '/api/scrapers', { yaml: yaml('stamps') }).expect(201)).body.id;
    fake.next = { configs: [{ ...doc('s1'), health: 'healthy' }] };
    await post(editor, `/api/scrapers/${id}/run`, {}).expect(200);
    const read = async () => (await t.pool.query(`select id, updated_at, last_scraped_time from config_items where scraper_id = $1`, [id])).rows[0];
    const first = await read();
    await new Promise((r) => setTimeout(r, 20));
    await post(editor, `/api/scrapers/${id}/run`, {}).expect(200);
    const second = await read();
    expect(second.updated_at).toEqual(first.updated_at);
    expect(second.last_scraped_time.getTime()).toBeGreaterThan(first.last_scraped_time.getTime());
    fake.next = { configs: [{ ...doc('s1'), health: 'unhealthy' }] };
    const run = await post(editor, `/api/scrapers/${id}/run`, {}).expect(200);
    expect(run.body.scrape_summary['Demo::Thing']).toMatchObject({ updated: 1, changes: 0 });
    expect((await read()).updated_at.getTime()).toBeGreaterThan(second.updated_at.getTime());
  });

  it('soft-deletes what a clean scrape no longer returns (STALE) and undeletes it when it comes back', async () => {
    const id = (await post(editor, '/api/scrapers', { yaml: yaml('stale') }).expect(201)).body.id;
    fake.next = { configs: [doc('1'), doc('2')] };
    await post(editor, `/api/scrapers/${id}/run`, {}).expect(200);

    // A scrape with errors, or one that returned nothing, deletes nothing.
    fake.next = { configs: [doc('1')], errors: ['one file unreadable'] };
    const partial = await post(editor, `/api/scrapers/${id}/run`, {}).expect(200);
    expect(partial.body.status).toBe('WARNING');
    fake.next = { configs: [] };
    await post(editor, `/api/scrapers/${id}/run`, {}).expect(200);
    fake.next = new Error('the source is down');
    const failed = await post(editor, `/api/scrapers/${id}/run`, {}).expect(200);
    expect(failed.body).toMatchObject({ status: 'FAILED', errors: ['spec.trivy[0]: the source is down'] });
    expect((await items(id)).every((r) => r.deleted_at === null)).toBe(true);

    fake.next = { configs: [doc('1')] };
    const clean = await post(editor, `/api/scrapers/${id}/run`, {}).expect(200);
    expect(clean.body.scrape_summary['Demo::Thing']).toMatchObject({ deleted: 1 });
    let rows = await items(id);
    expect(rows.map((r) => [r.external_id, r.delete_reason])).toEqual([
      ['1', null],
      ['2', 'STALE'],
    ]);
    expect(rows[1].deleted_at).not.toBeNull();

    fake.next = { configs: [doc('1'), doc('2')] };
    const back = await post(editor, `/api/scrapers/${id}/run`, {}).expect(200);
    expect(back.body.scrape_summary['Demo::Thing']).toMatchObject({ updated: 1, unchanged: 1, deleted: 0 });
    rows = await items(id);
    expect(rows.map((r) => r.deleted_at)).toEqual([null, null]);
  });

  it('stores relationships, reported changes (deduped by their id) and insights, and resolves stale insights', async () => {
    const id = (await post(editor, '/api/scrapers', { yaml: yaml('graph') }).expect(201)).body.id;
    const on = { type: 'Demo::Thing', externalId: 'p' };
    fake.next = {
      configs: [{ ...doc('p'), relationships: [{ to: { type: 'Demo::Thing', externalId: 'q' }, relation: 'ThingUses' }] }, doc('q')],
      changes: [{ on, changeType: 'BackOff', severity: 'high', summary: 'restarting', externalChangeId: 'ev-1' }],
      analysis: [{ on, analyzer: 'crash-loop', analysisType: 'availability', severity: 'high', message: 'crash looping' }],
    };
    const first = await post(editor, `/api/scrapers/${id}/run`, {}).expect(200);
    expect(first.body.scrape_summary['Demo::Thing']).toMatchObject({ added: 2, changes: 1 });
    const second = await post(editor, `/api/scrapers/${id}/run`, {}).expect(200);
    expect(second.body.scrape_summary['Demo::Thing']).toMatchObject({ unchanged: 2, changes: 0, deduped: 1 });
    const [p, q] = await items(id);
    const rel = await t.pool.query(`select config_id, related_id, relation, selector_id from config_relationships where config_id = $1`, [p.id]);
    expect(rel.rows).toEqual([{ config_id: p.id, related_id: q.id, relation: 'ThingUses', selector_id: 'automatic' }]);
    const related = await viewer.agent.get(`/api/db/rpc/related_configs_recursive?config_id=${p.id}`).expect(200);
    expect(related.body.map((r: { id: string }) => r.id)).toEqual([q.id]);
    const insight = await t.pool.query(`select analyzer, status, severity from config_analysis where config_id = $1`, [p.id]);
    expect(insight.rows).toEqual([{ analyzer: 'crash-loop', status: 'open', severity: 'high' }]);

    // Not seen again for 48 hours: resolved by the next whole scrape.
    await t.pool.query(`update config_analysis set last_observed = now() - interval '49 hours' where config_id = $1`, [p.id]);
    fake.next = { configs: [doc('p'), doc('q')] };
    await post(editor, `/api/scrapers/${id}/run`, {}).expect(200);
    expect((await t.pool.query(`select status from config_analysis where config_id = $1`, [p.id])).rows).toEqual([{ status: 'resolved' }]);
    // The relationship it no longer reports is removed.
    expect((await t.pool.query(`select deleted_at from config_relationships where config_id = $1`, [p.id])).rows[0].deleted_at).not.toBeNull();
  });

  it('summarises the catalogue by group with health and change counts', async () => {
    const res = await post(viewer, '/api/catalog/summary', { groupBy: ['config_class', 'type'] }).expect(200);
    const row = res.body.summary.find((r: { type: string }) => r.type === 'Demo::Thing');
    expect(row).toMatchObject({ config_class: 'Demo', type: 'Demo::Thing' });
    expect(row.count).toBe((await t.pool.query(`select count(*)::int n from config_items where type = 'Demo::Thing' and deleted_at is null`)).rows[0].n);
    expect(row.health.unhealthy).toBe(
      (await t.pool.query(`select count(*)::int n from config_items where type = 'Demo::Thing' and deleted_at is null and health = 'unhealthy'`)).rows[0].n,
    );
    expect(row.health.unhealthy).toBeGreaterThan(0);
    expect(row.changes).toBeGreaterThanOrEqual(2);
    await post(viewer, '/api/catalog/summary', { groupBy: ['nope'] }).expect(400);
  });

  it('reuses a summary answer until the next ingest, and filters it by class and tags', async () => {
    const count = async () =>
      (await post(viewer, '/api/catalog/summary', { configType: 'Demo::Thing' }).expect(200)).body.summary.reduce(
        (n: number, r: { count: number }) => n + r.count,
        0,
      );
    const before = await count();
    await t.pool.query(`insert into config_items (type, name, tags) values ('Demo::Thing', 'written-directly', '{"team":"blue"}')`);
    // Written around the engine: the kept answer stands until it expires or an ingest drops it.
    expect(await count()).toBe(before);
    const id = (await post(editor, '/api/scrapers', { yaml: yaml('refresh') }).expect(201)).body.id;
    fake.next = { configs: [doc('fresh')] };
    await post(editor, `/api/scrapers/${id}/run`, {}).expect(200);
    expect(await count()).toBe(before + 2);
    const tagged = await post(viewer, '/api/catalog/summary', { configClass: 'Demo', tags: 'team=blue:1' }).expect(200);
    expect(tagged.body.summary).toEqual([expect.objectContaining({ config_class: 'Demo', type: 'Demo::Thing', count: 1 })]);
  });

  it('refuses a bad document whole, naming each field, through the API and the data API', async () => {
    const before = (await t.pool.query(`select count(*)::int n from config_scrapers`)).rows[0].n;
    const bad = await post(editor, '/api/scrapers', {
      yaml: `kind: ScrapeConfig\nmetadata: {name: Bad_Name}\nspec:\n  schedule: "61 * * * *"\n  trivy:\n    - id: "$.id[?(@.x)]"\n  nosuch: []\n`,
    }).expect(400);
    expect(bad.body.message).toContain('metadata.name: use lowercase letters');
    expect(bad.body.message).toContain('spec.schedule:');
    expect(bad.body.message).toContain('spec.trivy[0].target: required');
    expect(bad.body.message).toContain("spec.nosuch: unknown scraper type 'nosuch'");
    const located = await post(editor, '/api/scrapers/validate', { yaml: `metadata: {name: ok}\nspec:\n  trivy:\n    - {}\n` }).expect(200);
    expect(located.body.errors).toEqual([expect.objectContaining({ message: 'spec.trivy[0].target: required', path: 'spec.trivy[0].target', line: 4 })]);
    const viaDb = await editor.agent
      .post('/api/db/config_scrapers')
      .set('x-csrf-token', editor.csrf)
      .send({ name: 'via-db', namespace: 'ops', spec: { trivy: [{}] } })
      .expect(400);
    expect(viaDb.body.message).toContain('spec.trivy[0].target: required');
    expect((await t.pool.query(`select count(*)::int n from config_scrapers`)).rows[0].n).toBe(before);
    const ok = await editor.agent
      .post('/api/db/config_scrapers')
      .set('x-csrf-token', editor.csrf)
      .set('prefer', 'return=representation')
      .send({ name: 'via-db', namespace: 'ops', spec: { schedule: '@every 2m', trivy: [{ target: 'x' }] } })
      .expect(201);
    const row = await t.pool.query(`select schedule, next_runtime from config_scrapers where id = $1`, [ok.body[0].id]);
    expect(row.rows[0].schedule).toBe('@every 2m');
    expect(row.rows[0].next_runtime).not.toBeNull();
  });

  it('lets only writers of config_scrapers create, change or run scrapers (enforced on the server)', async () => {
    const id = (await post(editor, '/api/scrapers', { yaml: yaml('guarded') }).expect(201)).body.id;
    await post(viewer, '/api/scrapers', { yaml: yaml('sneaky') }).expect(403);
    await post(viewer, `/api/scrapers/${id}/run`, {}).expect(403);
    await viewer.agent
      .put(`/api/scrapers/${id}`)
      .set('x-csrf-token', viewer.csrf)
      .send({ yaml: yaml('guarded') })
      .expect(403);
    await viewer.agent.delete(`/api/scrapers/${id}`).set('x-csrf-token', viewer.csrf).expect(403);
    await viewer.agent
      .post('/api/db/config_scrapers')
      .set('x-csrf-token', viewer.csrf)
      .send({ name: 'x', spec: { trivy: [{ target: 'x' }] } })
      .expect(403);
    const responder = await t.signInAs(['responder']);
    await post(responder, `/api/scrapers/${id}/run`, {}).expect(403);
    // Reading is open to viewers.
    expect((await viewer.agent.get(`/api/scrapers/${id}`).expect(200)).body.name).toBe('guarded');
  });

  it('runs one scrape of a scraper at a time: Run Now during a run answers 409', async () => {
    const id = (await post(editor, '/api/scrapers', { yaml: yaml('single') }).expect(201)).body.id;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = fake.scrape;
    fake.scrape = async () => {
      await gate;
      return { configs: [doc('s')] };
    };
    try {
      const first = post(editor, `/api/scrapers/${id}/run`, {}).then((r) => r);
      await new Promise((r) => setTimeout(r, 300));
      const second = await post(editor, `/api/scrapers/${id}/run`, {}).expect(409);
      expect(second.body.message).toMatch(/already running/);
      release();
      expect((await first).status).toBe(200);
    } finally {
      fake.scrape = slow;
    }
  });

  it('refuses a scrape larger than SCRAPER_MAX_ITEMS whole: nothing of it saved, nothing marked stale', async () => {
    const id = (await post(editor, '/api/scrapers', { yaml: yaml('huge') }).expect(201)).body.id;
    fake.next = { configs: [doc('h1')] };
    await post(editor, `/api/scrapers/${id}/run`, {}).expect(200);
    const runner = t.app.get(ScrapeRunnerService);
    const max = runner.maxItems;
    runner.maxItems = 2;
    try {
      fake.next = { configs: [doc('h2'), doc('h3'), doc('h4')] };
      const run = await post(editor, `/api/scrapers/${id}/run`, {}).expect(200);
      expect(run.body).toMatchObject({ status: 'FAILED', success_count: 0 });
      expect(run.body.errors).toEqual(['spec.trivy[0]: the scrape found more than 2 items (SCRAPER_MAX_ITEMS); nothing of it was saved']);
      expect((await items(id)).map((r) => [r.external_id, r.deleted_at])).toEqual([['h1', null]]);
    } finally {
      runner.maxItems = max;
    }
  });

  it('finishes a type no plugin implements with "scraper type not supported", inventing nothing', async () => {
    const id = (
      await post(editor, '/api/scrapers', {
        yaml: `apiVersion: configs.flanksource.com/v1\nkind: ScrapeConfig\nmetadata: {name: cloud}\nspec:\n  azure:\n    - {}\n`,
      }).expect(201)
    ).body.id;
    const run = await post(editor, `/api/scrapers/${id}/run`, {}).expect(200);
    expect(run.body).toMatchObject({ status: 'FAILED', success_count: 0, errors: ['spec.azure[0]: scraper type not supported'] });
    expect(await items(id)).toEqual([]);
  });
});
