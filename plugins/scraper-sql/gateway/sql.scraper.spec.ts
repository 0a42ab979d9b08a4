import { Client } from 'pg';
import { createConnection } from 'mysql2/promise';
import type { ScrapeContext } from '@contracts';
import { extensionsOf } from '@gateway/core/plugin-host/extension-point';
import { SCRAPER_TYPES } from '@gateway/core/scrapers/scraper-types';
import { AddressPolicy, OutboundRefused, RunGuard } from '@gateway/core/outbound';
import { checkContext, reachable } from '../../../test/support/check-context';
import { MAX_ROWS, SqlScraper } from './sql.scraper';

const context = (timeoutMs = 5000, resolveSecret: ScrapeContext['resolveSecret'] = async () => null, outbound?: ScrapeContext['outbound']): ScrapeContext => ({
  ...checkContext(timeoutMs, resolveSecret, outbound),
  scraper: { id: '00000000-0000-0000-0000-000000000003', name: 'db', namespace: 'default' },
});

const PG = 'postgres://postgres@127.0.0.1:5432/test';
const MY = 'mysql://root@127.0.0.1:3306/test';
const table = `scraper_sql_${process.pid}`;

describe('sql scraper', () => {
  const scraper = new SqlScraper();

  it('is registered as the `sql` scraper type', () => {
    expect(extensionsOf(SqlScraper)).toEqual([{ point: SCRAPER_TYPES.id, id: 'sql' }]);
  });

  it('validates connection, driver, query and auth', () => {
    expect(scraper.validate({ connection: PG, query: 'select 1' })).toEqual([]);
    expect(scraper.validate({ connection: 'connection://db', driver: 'mysql', query: 'select 1' })).toEqual([]);
    expect(scraper.validate({ connection: 'mysql://$(username):$(password)@db/app', query: 'select 1', auth: { username: 'u' } })).toEqual([]);
    expect(scraper.validate({})).toEqual(['connection: required', 'query: required']);
    expect(scraper.validate({ connection: 'sqlserver://db', query: 'x' })).toEqual([
      'connection: must be a postgres:// or mysql:// URL, or a connection:// reference',
    ]);
    expect(scraper.validate({ connection: PG, query: ' ' })).toEqual(['query: required']);
    expect(scraper.validate({ connection: PG, query: 'x', driver: 'oracle' })).toEqual(['driver: must be postgres or mysql']);
    expect(scraper.validate({ connection: PG, query: 'x', driver: 'mysql' })).toEqual(["driver: mysql does not match the connection's postgres:// URL"]);
    expect(scraper.validate({ connection: 'postgres://$(user)@db/x', query: 'x' })[0]).toMatch(/^connection: \$\(user\) is not known here/);
    expect(scraper.validate({ connection: PG, query: 'x', auth: 'root' })).toEqual(['auth: must be a map of username and password']);
  });

  it('asks the outbound policy before it connects', async () => {
    const deny = new RunGuard(new AddressPolicy({ listenPort: -1, database: { host: '127.0.0.1', port: 5432 }, allow: [] }));
    await expect(scraper.scrape({ connection: PG, query: 'select 1' }, context(5000, undefined, deny))).rejects.toThrow(OutboundRefused);
  });

  it('refuses a placeholder whose credential is not set', async () => {
    await expect(scraper.scrape({ connection: 'postgres://$(username)@127.0.0.1/test', query: 'select 1' }, context())).rejects.toThrow(
      'connection: uses $(username) but auth.username is not set',
    );
  });

  describe('postgres', () => {
    let admin: Client;
    let live = false;
    beforeAll(async () => {
      live = await reachable('127.0.0.1', 5432);
      if (!live) return console.warn('Postgres is not listening on 127.0.0.1:5432: the live sql tests are skipped');
      admin = new Client({ connectionString: PG });
      await admin.connect();
      await admin.query(`CREATE TABLE ${table} (id text PRIMARY KEY, kind text, size int, created timestamptz)`);
      await admin.query(`INSERT INTO ${table} VALUES ('a', 'App', 1, '2024-01-02T03:04:05Z'), ('b', 'Db', 2, NULL)`);
    });
    afterAll(async () => {
      if (!live) return;
      await admin.query(`DROP TABLE IF EXISTS ${table}`);
      await admin.end();
    });

    it('returns each row as a JSON document', async () => {
      if (!live) return;
      const out = await scraper.scrape({ connection: PG, query: `SELECT * FROM ${table} ORDER BY id` }, context());
      expect(out.configs).toEqual([
        { config: { id: 'a', kind: 'App', size: 1, created: '2024-01-02T03:04:05.000Z' }, format: 'json', source: 'sql' },
        { config: { id: 'b', kind: 'Db', size: 2, created: null }, format: 'json', source: 'sql' },
      ]);
    });

    it('resolves a connection:// reference and fills $(username) from auth', async () => {
      if (!live) return;
      const resolve = async (ref: unknown) => (ref === 'connection://pg' ? 'postgres://$(username)@127.0.0.1:5432/test' : null);
      const out = await scraper.scrape(
        { connection: 'connection://pg', auth: { username: { value: 'postgres' } }, query: `SELECT current_user AS who` },
        context(5000, resolve),
      );
      expect(out.configs.map((c) => c.config)).toEqual([{ who: 'postgres' }]);
    });

    it('runs read-only: an INSERT is refused and nothing is written', async () => {
      if (!live) return;
      await expect(scraper.scrape({ connection: PG, query: `INSERT INTO ${table} VALUES ('x', 'X', 0, NULL) RETURNING *` }, context())).rejects.toThrow(
        /read-only transaction/,
      );
      await expect(scraper.scrape({ connection: PG, query: `COMMIT; INSERT INTO ${table} VALUES ('y', 'Y', 0, NULL)` }, context())).rejects.toThrow();
      expect((await admin.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n).toBe(2);
    });

    it(`fails above ${MAX_ROWS} rows`, async () => {
      if (!live) return;
      await expect(scraper.scrape({ connection: PG, query: `SELECT g AS id FROM generate_series(1, ${MAX_ROWS + 1}) g` }, context(20_000))).rejects.toThrow(
        `query: more than ${MAX_ROWS} rows`,
      );
      const ok = await scraper.scrape({ connection: PG, query: `SELECT g AS id FROM generate_series(1, ${MAX_ROWS}) g` }, context(20_000));
      expect(ok.configs).toHaveLength(MAX_ROWS);
    });

    it('stops a query at the timeout', async () => {
      if (!live) return;
      await expect(scraper.scrape({ connection: PG, query: 'SELECT pg_sleep(5)' }, context(500))).rejects.toThrow(/timed out|statement timeout/);
    });
  });

  describe('mysql / mariadb', () => {
    let live = false;
    const admin = () => createConnection({ host: '127.0.0.1', port: 3306, user: 'root', database: 'test' });
    beforeAll(async () => {
      live = await reachable('127.0.0.1', 3306);
      if (!live) return console.warn('MySQL/MariaDB is not listening on 127.0.0.1:3306: the live sql tests are skipped');
      const c = await admin();
      await c.query(`CREATE TABLE ${table} (id varchar(10) PRIMARY KEY, kind varchar(10), size bigint, created datetime NULL)`);
      await c.query(`INSERT INTO ${table} VALUES ('a', 'App', 1, '2024-01-02 03:04:05'), ('b', 'Db', 2, NULL)`);
      await c.end();
    });
    afterAll(async () => {
      if (!live) return;
      const c = await admin();
      await c.query(`DROP TABLE IF EXISTS ${table}`);
      await c.end();
    });

    it('returns each row as a JSON document (bigints as text, as pg gives them)', async () => {
      if (!live) return;
      const out = await scraper.scrape({ connection: MY, query: `SELECT * FROM ${table} ORDER BY id` }, context());
      expect(out.configs).toEqual([
        { config: { id: 'a', kind: 'App', size: '1', created: '2024-01-02 03:04:05' }, format: 'json', source: 'sql' },
        { config: { id: 'b', kind: 'Db', size: '2', created: null }, format: 'json', source: 'sql' },
      ]);
    });

    it('runs read-only: an INSERT is refused and nothing is written', async () => {
      if (!live) return;
      await expect(scraper.scrape({ connection: MY, query: `INSERT INTO ${table} VALUES ('x', 'X', 0, NULL)` }, context())).rejects.toThrow(/READ ONLY/i);
      const c = await admin();
      const [rows] = await c.query(`SELECT count(*) AS n FROM ${table}`);
      await c.end();
      expect(Number((rows as { n: number }[])[0].n)).toBe(2);
    });

    it('takes the driver from the field for a connection:// reference', async () => {
      if (!live) return;
      const out = await scraper.scrape(
        { connection: 'connection://my', driver: 'mysql', query: 'SELECT 1 AS one' },
        context(5000, async () => MY),
      );
      expect(out.configs.map((c) => c.config)).toEqual([{ one: 1 }]);
    });
  });
});
