import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { LogBackendQuery, LogLine, LogSearchContext } from '@contracts';
import { AddressPolicy, RunGuard } from '@gateway/core/outbound';
import { likePattern, PostgresLogBackend, querySource } from './postgres-log-backend';

const ADMIN_URL = process.env.TEST_ADMIN_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const MINUTE = 60_000;

describe('postgres log backend', () => {
  const backend = new PostgresLogBackend();
  const now = Date.now();
  const iso = (minutesAgo: number) => new Date(now - minutesAgo * MINUTE).toISOString();
  const name = `logs_pg_${process.pid}_${randomBytes(3).toString('hex')}`;
  let url: string;

  beforeAll(async () => {
    const admin = new Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const u = new URL(ADMIN_URL);
    u.pathname = `/${name}`;
    url = u.toString();
    const db = new Client({ connectionString: url });
    await db.connect();
    await db.query(`CREATE SCHEMA app`);
    await db.query(`CREATE TABLE app.logs (at timestamptz NOT NULL, body text, severity text, service text, pod text)`);
    await db.query(`CREATE TABLE naive (at timestamp NOT NULL, body text)`);
    await db.query(`CREATE SEQUENCE app.s`);
    const rows: [number, string, string, string, string][] = [
      [50, 'boot done', 'INFO', 'shop', 'p1'],
      [40, 'payment failed: 100% declined', 'ERROR', 'shop', 'p1'],
      [30, 'payment retried', 'WARN', 'billing', 'p2'],
      [20, 'user_id missing', 'ERROR', 'shop', 'p2'],
      [10, 'all good', 'INFO', 'billing', 'p1'],
      [90, 'before the window', 'INFO', 'shop', 'p1'],
    ];
    for (const [ago, body, severity, service, pod] of rows) {
      await db.query(`INSERT INTO app.logs VALUES ($1, $2, $3, $4, $5)`, [iso(ago), body, severity, service, pod]);
    }
    await db.query(`INSERT INTO naive VALUES ($1::timestamptz AT TIME ZONE 'UTC', 'naive row')`, [iso(15)]);
    await db.end();
  });

  afterAll(async () => {
    const admin = new Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });

  const ctx = (over: Partial<LogSearchContext> = {}): LogSearchContext => ({
    signal: new AbortController().signal,
    timeoutMs: 10_000,
    outbound: new RunGuard(new AddressPolicy({ listenPort: -1, database: null, allow: [] }), undefined, 'log backends'),
    resolveSecret: async () => null,
    ...over,
  });
  const query = (over: Partial<LogBackendQuery> = {}): LogBackendQuery => ({
    text: '',
    selector: { name: 'db' },
    start: new Date(now - 60 * MINUTE),
    end: new Date(now + MINUTE),
    limit: 100,
    ...over,
  });
  const table = (over: Record<string, unknown> = {}) => ({
    connection: url,
    table: 'app.logs',
    timeColumn: 'at',
    messageColumn: 'body',
    levelColumn: 'severity',
    labelColumns: ['service', 'pod'],
    ...over,
  });
  async function search(spec: Record<string, unknown>, q: Partial<LogBackendQuery> = {}, c: Partial<LogSearchContext> = {}): Promise<LogLine[]> {
    const lines: LogLine[] = [];
    for await (const line of backend.search(spec, query(q), ctx(c))) lines.push(line);
    return lines;
  }

  describe('validate', () => {
    it('accepts a table or a query over a connection or a url', () => {
      expect(backend.validate(table())).toEqual([]);
      expect(backend.validate(table({ connection: 'connection://logs' }))).toEqual([]);
      expect(
        backend.validate({
          url: { valueFrom: { secretKeyRef: { name: 'logs', key: 'url' } } },
          query: 'WITH x AS (SELECT 1) SELECT * FROM x',
          timeColumn: 'a',
          messageColumn: 'b',
        }),
      ).toEqual([]);
      expect(backend.validate(table({ connection: 'postgres://$(username):$(password)@db:5432/logs', username: 'u', password: { value: 'p' } }))).toEqual([]);
    });

    it('names every problem', () => {
      expect(backend.validate({})).toEqual([
        'connection: required (a connection://name or a postgres:// URL; or url)',
        'table: required (or query)',
        'timeColumn: required',
        'messageColumn: required',
      ]);
      expect(
        backend.validate({
          connection: 'mysql://db/x',
          tabel: 'x',
          table: 'logs; DROP TABLE x',
          timeColumn: 3,
          messageColumn: 'm'.repeat(64),
          labelColumns: 'service',
          labels: [],
          username: true,
        }),
      ).toEqual([
        'tabel: not a field of postgres (connection, url, username, password, table, query, timeColumn, messageColumn, levelColumn, labelColumns, labels)',
        'connection: must be a postgres:// URL or a connection:// reference',
        'username: must be a value or a secret reference',
        'table: must be a table name, optionally schema-qualified (schema.table): letters, digits, _ and $',
        'timeColumn: must be a column name',
        'messageColumn: is longer than 63 characters',
        'labelColumns: must be a list of column names',
        'labels: must be a map of text values',
      ]);
      expect(backend.validate({ connection: url, url, table: 't', query: 'select 1', timeColumn: 'a', messageColumn: 'b' })).toEqual([
        'connection, url: give one of them',
        'table, query: give one of them',
      ]);
      expect(backend.validate({ url: 'postgres://$(token)@db/x', query: 'DELETE FROM logs', timeColumn: 'a', messageColumn: 'b' })).toEqual([
        expect.stringMatching(/^url: \$\(token\) is not known here/),
        'query: must be one SELECT statement (it may start with WITH)',
      ]);
    });
  });

  it('puts nothing the user searches in the SQL: the text is a bound ILIKE pattern with % and _ taken literally', () => {
    const statement = backend.statement(table(), query({ text: "50%_off' OR 1=1 --", selector: { name: 'db', query: 'pay', labels: { service: 'shop' } } }));
    expect(statement.text).not.toContain('OR 1=1');
    expect(statement.text).toBe(
      'SELECT src."at", src."body", src."severity", src."service", src."pod" FROM "app"."logs" AS src WHERE src."at" >= $1 AND src."at" <= $2' +
        ` AND (src."body"::text ILIKE $3 ESCAPE '\\' OR src."service"::text ILIKE $3 ESCAPE '\\' OR src."pod"::text ILIKE $3 ESCAPE '\\')` +
        ` AND (src."body"::text ILIKE $4 ESCAPE '\\' OR src."service"::text ILIKE $4 ESCAPE '\\' OR src."pod"::text ILIKE $4 ESCAPE '\\')` +
        ' AND src."service"::text = $5 ORDER BY src."at" DESC LIMIT $6',
    );
    expect(statement.values.slice(2)).toEqual(["%50\\%\\_off' OR 1=1 --%", '%pay%', 'shop', 101]);
    expect(likePattern('a\\b')).toBe('%a\\\\b%');
    expect(querySource('select 1 -- note;\n;')).toBe('(\nselect 1 -- note\n)');
    expect(() => backend.statement(table(), query({ selector: { name: 'db', labels: { host: 'x' } } }))).toThrow(
      "The log selector's label 'host' is not one of the backend's labelColumns (service, pod)",
    );
  });

  it('answers rows of a table newest first within the window, with level and label columns', async () => {
    expect(await search(table({ labels: { db: 'logs' } }))).toEqual([
      { timestamp: iso(10), message: 'all good', level: 'info', labels: { db: 'logs', service: 'billing', pod: 'p1' } },
      { timestamp: iso(20), message: 'user_id missing', level: 'error', labels: { db: 'logs', service: 'shop', pod: 'p2' } },
      { timestamp: iso(30), message: 'payment retried', level: 'warn', labels: { db: 'logs', service: 'billing', pod: 'p2' } },
      { timestamp: iso(40), message: 'payment failed: 100% declined', level: 'error', labels: { db: 'logs', service: 'shop', pod: 'p1' } },
      { timestamp: iso(50), message: 'boot done', level: 'info', labels: { db: 'logs', service: 'shop', pod: 'p1' } },
    ]);
    const messages = async (q: Partial<LogBackendQuery>, spec = table()) => (await search(spec, q)).map((l) => l.message);
    expect(await messages({ text: 'PAYMENT' })).toEqual(['payment retried', 'payment failed: 100% declined']);
    // % and _ are literal: '100%' matches one row, '_' only the row that has one.
    expect(await messages({ text: '100%' })).toEqual(['payment failed: 100% declined']);
    expect(await messages({ text: '_' })).toEqual(['user_id missing']);
    // A label column's value matches too.
    expect(await messages({ text: 'billing' })).toEqual(['all good', 'payment retried']);
    expect(await messages({ selector: { name: 'db', query: 'payment', labels: { service: 'shop' } } })).toEqual(['payment failed: 100% declined']);
    expect(await messages({ start: new Date(now - 35 * MINUTE), end: new Date(now - 15 * MINUTE) })).toEqual(['user_id missing', 'payment retried']);
    // limit + 1 rows at most: the caller knows there were more.
    expect(await messages({ limit: 2 })).toEqual(['all good', 'user_id missing', 'payment retried']);
  });

  it('runs a query as a read-only subquery; reads timestamps without a zone as UTC', async () => {
    const spec = { connection: url, query: 'SELECT at, body AS msg FROM app.logs WHERE service = $$shop$$;', timeColumn: 'at', messageColumn: 'msg' };
    expect((await search(spec)).map((l) => l.message)).toEqual(['user_id missing', 'payment failed: 100% declined', 'boot done']);
    expect(await search({ connection: url, table: 'naive', timeColumn: 'at', messageColumn: 'body' })).toEqual([
      { timestamp: iso(15), message: 'naive row', labels: {} },
    ]);
    await expect(search({ ...spec, query: 'WITH gone AS (DELETE FROM app.logs RETURNING *) SELECT at, body AS msg FROM gone' })).rejects.toThrow(
      /data-modifying statement/,
    );
    await expect(search({ ...spec, query: 'SELECT at, body AS msg FROM app.logs; DROP TABLE app.logs' })).rejects.toThrow(/syntax error/);
    await expect(search({ ...spec, query: 'SELECT at, body AS msg, nextval($$app.s$$) FROM app.logs' })).rejects.toThrow(
      'cannot execute nextval() in a read-only transaction',
    );
    expect(await search(table())).toHaveLength(5);
  });

  it('cuts a statement off at the search timeout on the server', async () => {
    const spec = { connection: url, query: 'SELECT now() AS at, pg_sleep(5)::text AS msg', timeColumn: 'at', messageColumn: 'msg' };
    await expect(search(spec, {}, { timeoutMs: 200 })).rejects.toThrow('canceling statement due to statement timeout');
  });

  it('resolves connection:// through the context, and asks the outbound guard first', async () => {
    const asked: string[] = [];
    const resolveSecret = async (ref: unknown) => (ref === 'connection://logs' ? url : null);
    expect(await search(table({ connection: 'connection://logs' }), { text: 'boot' }, { resolveSecret })).toHaveLength(1);
    await expect(search(table({ connection: 'connection://other' }), {}, { resolveSecret })).rejects.toThrow('connection: could not be resolved');
    const outbound = {
      check: async (target: unknown) => {
        asked.push(JSON.stringify(target));
        throw new Error('127.0.0.1:5432 is not reachable from log backends');
      },
    };
    await expect(search(table(), {}, { outbound })).rejects.toThrow('is not reachable from log backends');
    expect(asked).toEqual([JSON.stringify({ protocol: 'postgres:', host: '127.0.0.1', port: 5432 })]);
    const denied = new RunGuard(new AddressPolicy({ listenPort: -1, database: { host: '127.0.0.1', port: 5432 }, allow: [] }), undefined, 'log backends');
    await expect(search(table(), {}, { outbound: denied })).rejects.toThrow("is not reachable from log backends: it is this console's database");
  });
});
