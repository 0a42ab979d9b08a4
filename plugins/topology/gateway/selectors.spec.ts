import { Client } from 'pg';
import { reachable } from '../../../test/support/check-context';
import { adminDatabaseUrl, createTestDatabase, type TestDatabase } from '../../../test/support/test-db';
import { likePattern, selectorCondition, type ResourceSelector, type SelectorColumns } from './selectors';

describe('likePattern', () => {
  it('escapes LIKE metacharacters and turns * into %', () => {
    expect(likePattern('api-*')).toBe('api-%');
    expect(likePattern('100%_*\\')).toBe('100\\%\\_%\\\\');
  });
});

describe('selectorCondition', () => {
  const columns: SelectorColumns = { name: 'name', namespace: 'namespace', type: 'type', labels: 'labels', tags: 'tags' };
  const build = (selector: ResourceSelector, cols = columns) => {
    const params: unknown[] = [];
    return { sql: selectorCondition(selector, cols, params), params };
  };

  it('is false for an empty selector (never everything by accident)', () => {
    expect(build({})).toEqual({ sql: 'false', params: [] });
    expect(build({ labelSelector: '' })).toEqual({ sql: 'false', params: [] });
    // A namespace where the resource has none selects nothing rather than everything.
    expect(build({ namespace: 'shop' }, { name: 'name', type: 'type', labels: 'labels' })).toEqual({ sql: 'false', params: [] });
  });

  it('binds every value as a parameter, continuing the caller’s numbering', () => {
    const params: unknown[] = ['already'];
    const sql = selectorCondition(
      { name: 'api-*', namespace: 'shop', types: ['Service'], type: 'Worker', labelSelector: 'app=api,!legacy,tier notin (x,y)', tagSelector: 'cluster' },
      columns,
      params,
    );
    expect(sql).toBe(
      "(name LIKE $2 ESCAPE '\\' AND namespace = $3 AND type = ANY($4::text[]) AND labels ->> $5 = $6 AND NOT (labels ? $7)" +
        ' AND (labels ->> $8 IS NULL OR NOT (labels ->> $8 = ANY($9::text[]))) AND tags ? $10)',
    );
    expect(params).toEqual(['already', 'api-%', 'shop', ['Service', 'Worker'], 'app', 'api', 'legacy', 'tier', ['x', 'y'], 'cluster']);
  });

  it('compares a name without * for equality, whatever else it holds', () => {
    expect(build({ name: "a%b_c'" })).toEqual({ sql: '(name = $1)', params: ["a%b_c'"] });
  });

  it('reads tagSelector over labels when the resource has no tags column', () => {
    expect(build({ tagSelector: 'a=b' }, { name: 'name', type: 'type', labels: 'labels' })).toEqual({ sql: '(labels ->> $1 = $2)', params: ['a', 'b'] });
  });

  it('throws on a bad label selector (the run reports it)', () => {
    expect(() => build({ labelSelector: 'a in b' })).toThrow(/not a valid requirement/);
  });

  describe('on Postgres', () => {
    let database: TestDatabase | null = null;
    let client: Client;
    /** Names the condition matches in the scratch table, sorted. */
    const matches = async (selector: ResourceSelector): Promise<string[]> => {
      const params: unknown[] = [];
      const condition = selectorCondition(selector, columns, params);
      const { rows } = await client.query<{ name: string }>(`SELECT name FROM items WHERE ${condition}`, params);
      return rows.map((r) => r.name).sort();
    };

    beforeAll(async () => {
      const admin = new URL(adminDatabaseUrl());
      if (!(await reachable(admin.hostname, Number(admin.port || 5432)))) {
        console.log(`topology selectors: skipping the SQL tests, no Postgres at ${admin.hostname}:${admin.port || 5432}`);
        return;
      }
      database = await createTestDatabase('topology_selectors');
      client = new Client({ connectionString: database.url });
      await client.connect();
      await client.query(
        `CREATE TABLE items (name text NOT NULL, namespace text, type text, labels jsonb NOT NULL DEFAULT '{}', tags jsonb NOT NULL DEFAULT '{}')`,
      );
      const rows: [string, string | null, string, Record<string, string>, Record<string, string>][] = [
        ['api-1', 'shop', 'Service', { app: 'api', tier: 'web' }, { cluster: 'prod' }],
        ['api-2', 'shop', 'Service', { app: 'api', tier: 'jobs', legacy: 'yes' }, {}],
        ['apix9', 'shop', 'Service', { app: 'other' }, {}],
        ['worker', 'ops', 'Worker', { tier: 'jobs' }, { cluster: 'stage' }],
        ['db', null, 'Database', {}, {}],
        // Names holding LIKE's own metacharacters: only a literal match may find them.
        ['100%_cpu', 'ops', 'Metric', { unit: 'percent' }, {}],
        ['100xycpu', 'ops', 'Metric', {}, {}],
        ['a\\b', 'ops', 'Metric', {}, {}],
        ['a\\\\b', 'ops', 'Metric', {}, {}],
      ];
      for (const [name, namespace, type, labels, tags] of rows)
        await client.query(`INSERT INTO items VALUES ($1, $2, $3, $4, $5)`, [name, namespace, type, JSON.stringify(labels), JSON.stringify(tags)]);
    }, 60_000);
    afterAll(async () => {
      await client?.end();
      await database?.drop();
    });

    it('matches * wildcards, and % and _ in names only literally', async () => {
      if (!database) return;
      expect(await matches({ name: 'api-*' })).toEqual(['api-1', 'api-2']);
      expect(await matches({ name: '*-*' })).toEqual(['api-1', 'api-2']);
      expect(await matches({ name: '100%_*' })).toEqual(['100%_cpu']);
      expect(await matches({ name: '100%_cpu' })).toEqual(['100%_cpu']);
      expect(await matches({ name: 'api_*' })).toEqual([]);
      expect(await matches({ name: 'a\\b*' })).toEqual(['a\\b']);
      expect(await matches({ name: 'a\\*' })).toEqual(['a\\\\b', 'a\\b']);
      expect(await matches({ name: '*' })).toHaveLength(9);
    });

    it('matches namespace and types', async () => {
      if (!database) return;
      expect(await matches({ namespace: 'ops', types: ['Worker', 'Database'] })).toEqual(['worker']);
      expect(await matches({ type: 'Service', name: 'api*' })).toEqual(['api-1', 'api-2', 'apix9']);
    });

    it('matches label requirements as Kubernetes does', async () => {
      if (!database) return;
      expect(await matches({ labelSelector: 'app=api' })).toEqual(['api-1', 'api-2']);
      // != and notin also match items without the key.
      expect(await matches({ labelSelector: 'app!=api' })).toEqual(['100%_cpu', '100xycpu', 'a\\\\b', 'a\\b', 'apix9', 'db', 'worker']);
      expect(await matches({ labelSelector: 'tier notin (web)' })).toEqual(['100%_cpu', '100xycpu', 'a\\\\b', 'a\\b', 'api-2', 'apix9', 'db', 'worker']);
      expect(await matches({ labelSelector: 'tier in (web,jobs)' })).toEqual(['api-1', 'api-2', 'worker']);
      expect(await matches({ labelSelector: 'legacy' })).toEqual(['api-2']);
      expect(await matches({ labelSelector: 'app,!legacy' })).toEqual(['api-1', 'apix9']);
      expect(await matches({ labelSelector: 'app=api,tier notin (jobs)', namespace: 'shop' })).toEqual(['api-1']);
      expect(await matches({ tagSelector: 'cluster in (prod,stage)' })).toEqual(['api-1', 'worker']);
      expect(await matches({ tagSelector: '!cluster', types: ['Service'] })).toEqual(['api-2', 'apix9']);
    });

    it('treats hostile text as data', async () => {
      if (!database) return;
      expect(await matches({ name: "x' OR '1'='1" })).toEqual([]);
      expect(await matches({ name: "*' OR name LIKE '%" })).toEqual([]);
      expect(await matches({})).toEqual([]);
    });
  });
});
