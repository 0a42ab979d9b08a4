import { extensionsOf } from '@gateway/core/plugin-host/extension-point';
import { Db } from '@gateway/core/database/db.service';
import { runMigrations } from '../../../gateway/src/database/migrate';
import { Pool } from 'pg';
import type { CheckRunContext } from '@contracts';
import { checkContext, reachable } from '../../../test/support/check-context';
import { adminDatabaseUrl, createTestDatabase, type TestDatabase } from '../../../test/support/test-db';
import { CatalogCheckRunner } from './catalog.runner';
import { parseSelector } from './selector';

const context = (timeoutMs = 5000): CheckRunContext => checkContext(timeoutMs);

const ITEMS = [
  {
    name: 'api',
    type: 'Kubernetes::Deployment',
    health: 'healthy',
    status: 'Running',
    labels: { app: 'api', tier: 'web' },
    tags: { cluster: 'prod', namespace: 'shop' },
  },
  {
    name: 'worker',
    type: 'Kubernetes::Deployment',
    health: 'unhealthy',
    status: 'Degraded',
    labels: { app: 'worker', tier: 'jobs' },
    tags: { cluster: 'prod', namespace: 'shop' },
  },
  { name: 'orders-db', type: 'AWS::RDS::DBInstance', health: 'warning', status: 'available', labels: { team: 'data' }, tags: { account: '1234' } },
  {
    name: 'api-canary',
    type: 'Kubernetes::Pod',
    health: 'healthy',
    status: 'Running',
    labels: { app: 'api', legacy: 'yes' },
    tags: { cluster: 'stage', namespace: 'shop' },
  },
  {
    name: 'old-api',
    type: 'Kubernetes::Deployment',
    health: 'healthy',
    status: 'Running',
    labels: { app: 'api' },
    tags: { cluster: 'prod', namespace: 'shop' },
    deleted: true,
  },
];

describe('catalog check', () => {
  let database: TestDatabase | null = null;
  let pool: Pool;
  let runner: CatalogCheckRunner;
  const ids: Record<string, string> = {};
  const names = (r: { details: Record<string, unknown> }) => ((r.details.items ?? []) as { name: string }[]).map((i) => i.name);

  beforeAll(async () => {
    const admin = new URL(adminDatabaseUrl());
    if (!(await reachable(admin.hostname, Number(admin.port || 5432)))) {
      console.log(`catalog check: skipping database tests, no Postgres at ${admin.hostname}:${admin.port || 5432}`);
      return;
    }
    database = await createTestDatabase('check_catalog');
    await runMigrations(database.url);
    pool = new Pool({ connectionString: database.url, max: 2 });
    runner = new CatalogCheckRunner(new Db(pool));
    for (const item of ITEMS) {
      const { rows } = await pool.query(
        `INSERT INTO config_items (type, name, health, status, labels, tags, deleted_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [item.type, item.name, item.health, item.status, JSON.stringify(item.labels), JSON.stringify(item.tags), item.deleted ? new Date() : null],
      );
      ids[item.name] = rows[0].id;
    }
  }, 120_000);
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  it('passes when the selection is non-empty and lists the items, leaving out deleted ones', async () => {
    if (!database) return;
    const r = await runner.run({ name: 'c', selector: { types: ['Kubernetes::Deployment'] } }, context());
    expect(r).toMatchObject({ pass: true, invalid: false, error: null, message: '2 items', details: { count: 2 } });
    expect(r.details.items).toEqual([
      {
        id: ids.api,
        name: 'api',
        type: 'Kubernetes::Deployment',
        health: 'healthy',
        status: 'Running',
        labels: { app: 'api', tier: 'web' },
        tags: { cluster: 'prod', namespace: 'shop' },
      },
      {
        id: ids.worker,
        name: 'worker',
        type: 'Kubernetes::Deployment',
        health: 'unhealthy',
        status: 'Degraded',
        labels: { app: 'worker', tier: 'jobs' },
        tags: { cluster: 'prod', namespace: 'shop' },
      },
    ]);
  });

  it('fails when nothing matches, unless a test expression decides', async () => {
    if (!database) return;
    const none = { name: 'c', selector: { type: 'Kubernetes::Node' } };
    expect(await runner.run(none, context())).toMatchObject({
      pass: false,
      invalid: false,
      message: 'no config items match the selector',
      details: { count: 0, items: [] },
    });
    expect(await runner.run({ ...none, test: { expression: 'count == 0' } }, context())).toMatchObject({ pass: true, details: { count: 0 } });
  });

  it('filters by name, namespace, statuses and healths, with wildcards and exclusions', async () => {
    if (!database) return;
    expect(names(await runner.run({ name: 'c', selector: { name: 'api*' } }, context()))).toEqual(['api', 'api-canary']);
    expect(names(await runner.run({ name: 'c', selector: { namespace: 'shop', healths: ['!healthy'] } }, context()))).toEqual(['worker']);
    expect(names(await runner.run({ name: 'c', selector: { types: 'Kubernetes::*', statuses: 'Running,Degraded', healths: 'healthy' } }, context()))).toEqual([
      'api',
      'api-canary',
    ]);
    expect(names(await runner.run({ name: 'c', selector: { id: ids['orders-db'] } }, context()))).toEqual(['orders-db']);
  });

  it('matches labels, label selectors and tag selectors', async () => {
    if (!database) return;
    expect(names(await runner.run({ name: 'c', selector: { labels: { app: 'api' } } }, context()))).toEqual(['api', 'api-canary']);
    expect(names(await runner.run({ name: 'c', selector: { labelSelector: 'app=api,!legacy' } }, context()))).toEqual(['api']);
    expect(names(await runner.run({ name: 'c', selector: { labelSelector: 'app in (api, worker),tier!=web' } }, context()))).toEqual(['api-canary', 'worker']);
    expect(names(await runner.run({ name: 'c', selector: { labelSelector: 'app notin (api)' } }, context()))).toEqual(['orders-db', 'worker']);
    expect(names(await runner.run({ name: 'c', selector: { tagSelector: 'cluster=prod' } }, context()))).toEqual(['api', 'worker']);
    expect(names(await runner.run({ name: 'c', selector: { fieldSelector: 'status=available' } }, context()))).toEqual(['orders-db']);
    // A field's values are not label values: a type holds '::'.
    expect(names(await runner.run({ name: 'c', selector: { fieldSelector: 'type in (Kubernetes::Pod, AWS::RDS::DBInstance)' } }, context()))).toEqual([
      'api-canary',
      'orders-db',
    ]);
    expect(names(await runner.run({ name: 'c', selector: { labelSelector: 'legacy', fieldSelector: '!path' } }, context()))).toEqual(['api-canary']);
  });

  it('takes the union of a list of selectors', async () => {
    if (!database) return;
    const r = await runner.run({ name: 'c', selector: [{ name: 'worker' }, { types: ['AWS::RDS::DBInstance'] }, { name: 'worker' }] }, context());
    expect(r).toMatchObject({ pass: true, details: { count: 2 } });
    expect(names(r)).toEqual(['orders-db', 'worker']);
  });

  it('binds every value, so quotes in a selector are data, not SQL', async () => {
    if (!database) return;
    const r = await runner.run({ name: 'c', selector: { name: "api' OR '1'='1", labels: { "app' OR 1=1 --": 'x' } } }, context());
    expect(r).toMatchObject({ pass: false, invalid: false, details: { count: 0 } });
  });

  it('names the field when invalid', async () => {
    const r = new CatalogCheckRunner(null as unknown as Db);
    expect(r.validate({ name: 'c' })).toEqual(['selector: required']);
    expect(r.validate({ name: 'c', selector: {} })).toEqual([
      'selector: needs at least one of id, name, namespace, types, type, statuses, healths, labels, labelSelector, tagSelector, fieldSelector',
    ]);
    expect(r.validate({ name: 'c', selector: [{ name: 'a' }, { id: 'x', labelSelector: 'a in b', fieldSelector: 'owner=me', colour: 'red' }] })).toEqual([
      'selector[1].colour: not a selector field',
      'selector[1].id: must be a UUID',
      'selector[1].labelSelector: cannot read "a in b"',
      'selector[1].fieldSelector: unknown field owner (one of id, name, type, config_class, status, health, external_id, path, namespace)',
    ]);
    expect(await r.run({ name: 'c', selector: { healths: 3 } }, context())).toMatchObject({
      pass: false,
      invalid: true,
      message: 'selector.healths: must be a list of strings',
    });
  });

  it('reads Kubernetes-style selectors', () => {
    expect(parseSelector('a=b, c==d,e!=f,g in (h, i),j notin (k),l,!m')).toEqual([
      { key: 'a', op: 'eq', value: 'b' },
      { key: 'c', op: 'eq', value: 'd' },
      { key: 'e', op: 'neq', value: 'f' },
      { key: 'g', op: 'in', values: ['h', 'i'] },
      { key: 'j', op: 'notin', values: ['k'] },
      { key: 'l', op: 'exists' },
      { key: 'm', op: 'missing' },
    ]);
  });

  it('reads label and tag selectors with the Kubernetes rules for keys and values', () => {
    expect(() => parseSelector('team=payments team')).toThrow('cannot read "team=payments team"');
    expect(() => parseSelector('app=-x')).toThrow('cannot read "app=-x"');
    expect(() => parseSelector('_app=x')).toThrow('cannot read "_app=x"');
    expect(() => parseSelector('tier in ()')).toThrow('cannot read "tier in ()"');
    expect(() => parseSelector('type=Kubernetes::Pod')).toThrow('cannot read "type=Kubernetes::Pod"');
    expect(parseSelector('type=Kubernetes::Pod', 'field')).toEqual([{ key: 'type', op: 'eq', value: 'Kubernetes::Pod' }]);
    expect(() => parseSelector('k'.repeat(2_001))).toThrow('at most 2000 characters');
  });
});

describe('catalog check registration', () => {
  it("contributes to the 'checks' extension point as 'catalog'", () => {
    expect(extensionsOf(CatalogCheckRunner)).toEqual([{ point: 'checks', id: 'catalog' }]);
    expect(new CatalogCheckRunner(null as unknown as Db).type).toBe('catalog');
  });
});
