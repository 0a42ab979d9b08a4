import { Client } from 'pg';
import { createConnection } from 'mysql2/promise';
import type { ActionType } from '@contracts';
import { extensionsOf } from '@gateway/core/plugin-host/extension-point';
import { ACTION_TYPES } from '@gateway/core/playbooks';
import { AddressPolicy, RunGuard } from '@gateway/core/outbound';
import { actionContext } from '../../../test/support/action-context';
import { reachable } from '../../../test/support/check-context';
import { ScratchPostgres } from '../../../test/support/scratch-postgres';
import { SqlAction } from './sql.action';

const action = new SqlAction();
const MY = 'mysql://root@127.0.0.1:3306/test';
const table = `action_sql_${process.pid}`;

/** The scratch server accepts connections before it accepts sessions ('the database system is starting up'): wait for that. */
async function connectWhenReady(connectionString: string): Promise<Client> {
  for (let attempt = 0; ; attempt++) {
    const client = new Client({ connectionString });
    try {
      await client.connect();
      return client;
    } catch (err) {
      await client.end().catch(() => undefined);
      if ((err as { code?: string }).code !== '57P03' || attempt >= 200) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

describe('sql action: validate', () => {
  it('is registered as the `sql` action type and is not resumed', () => {
    expect(extensionsOf(SqlAction)).toEqual([{ point: ACTION_TYPES.id, id: 'sql' }]);
    expect(action).toMatchObject({ type: 'sql', retrySafe: false });
    expect((action as ActionType).runsCode).toBeUndefined();
  });

  it('takes a URL or a connection, a query, credentials and maxRows', () => {
    expect(action.validate({ connection: 'postgres://db/app', query: 'update t set a = 1' })).toEqual([]);
    expect(action.validate({ connection: 'connection://db', driver: 'mariadb', query: 'select 1', maxRows: 10 })).toEqual([]);
    expect(
      action.validate({
        connection: 'mysql://$(username):$(password)@db/app',
        query: 'select 1',
        username: 'u',
        password: { valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } },
      }),
    ).toEqual([]);
    // Rendered when the action runs: judged then (a rendered number is text).
    expect(
      action.validate({ connection: 'postgres://db/{{ .params.db }}', driver: '{{ .params.driver }}', query: 'select 1', maxRows: '{{ .params.n }}' }),
    ).toEqual([]);
    expect(action.validate({ connection: '$(params.dsn)', query: 'select 1', maxRows: '50' })).toEqual([]);
  });

  it('names the field that is wrong', () => {
    expect(action.validate({})).toEqual(['connection: required', 'query: required']);
    expect(action.validate({ connection: 'sqlserver://db', query: 'x' })).toEqual([
      'connection: must be a postgres:// or mysql:// URL, or a connection:// reference',
    ]);
    expect(action.validate({ connection: 'postgres://db:port/x', query: 'x' })).toEqual(['connection: not a valid URL']);
    expect(action.validate({ connection: 'postgres://$(user)@db/x', query: 'x' })[0]).toMatch(/^connection: \$\(user\) is not known here/);
    expect(action.validate({ connection: 'postgres://db/x', query: 'x', driver: 'oracle' })).toEqual(['driver: must be postgres or mysql']);
    expect(action.validate({ connection: 'postgres://db/x', query: 'x', driver: 'mysql' })).toEqual([
      "driver: mysql does not match the connection's postgres:// URL",
    ]);
    expect(action.validate({ connection: 'postgres://db/x', query: ' ' })).toEqual(['query: required']);
    for (const maxRows of [0, 1.5, '1e3', 'ten', 10_001]) {
      expect(action.validate({ connection: 'postgres://db/x', query: 'x', maxRows })).toEqual(['maxRows: must be a whole number from 1 to 10000']);
    }
    expect(action.validate({ connection: 'postgres://db/x', query: 'x', password: ['p'] })).toEqual(['password: must be a value or a secret reference']);
    expect(action.validate({ connection: 'postgres://db/x', query: 'x', auth: {} })).toEqual([
      'auth: not a field of sql (driver, connection, username, password, query, maxRows)',
    ]);
  });

  it('fails before connecting when the connection cannot be used', async () => {
    const resolveSecret = async (ref: unknown) => (ref === 'connection://plain' ? 'http://db/x' : ref === 'connection://nodriver' ? 'db:5432' : null);
    expect(await action.run({ connection: 'connection://gone', query: 'x' }, actionContext())).toEqual({
      error: 'connection: connection://gone could not be resolved',
      result: {},
    });
    expect(await action.run({ connection: 'connection://nodriver', query: 'x' }, actionContext({ resolveSecret }))).toEqual({
      error: 'driver: required: the connection does not say whether it is postgres or mysql',
      result: {},
    });
    expect(await action.run({ connection: 'connection://plain', driver: 'postgres', query: 'x' }, actionContext({ resolveSecret }))).toEqual({
      error: 'connection: not a postgres:// URL',
      result: {},
    });
    expect(await action.run({ connection: 'postgres://$(username)@127.0.0.1/x', query: 'x' }, actionContext())).toEqual({
      error: 'connection: uses $(username) but username is not set',
      result: {},
    });
    expect(
      await action.run(
        { connection: 'postgres://127.0.0.1/x', query: 'x', password: { valueFrom: { secretKeyRef: { name: 'gone', key: 'password' } } } },
        actionContext(),
      ),
    ).toEqual({
      error: 'password: could not be resolved',
      result: {},
    });
  });
});

describe('sql action: postgres (a scratch server of its own)', () => {
  let pg: ScratchPostgres;
  let url: string;
  beforeAll(async () => {
    pg = await ScratchPostgres.create();
    url = pg.url;
    const admin = await connectWhenReady(url);
    await admin.query('CREATE TABLE deploys (id int PRIMARY KEY, name text, at timestamptz, big bigint)');
    await admin.end();
  }, 60_000);
  afterAll(async () => pg?.destroy());

  it('writes: an INSERT counts the rows it changed and has no fields', async () => {
    const ctx = actionContext();
    const out = await action.run(
      { connection: url, query: "INSERT INTO deploys VALUES (1, 'web', '2024-01-02T03:04:05Z', 9007199254740993), (2, 'api', NULL, 1)" },
      ctx,
    );
    expect(out).toEqual({ error: null, result: { rows: [], count: 2 } });
    expect(ctx.lines).toEqual([`postgres 127.0.0.1:${pg.port}/postgres`, '2 rows changed']);
  });

  it('reads rows as plain JSON with the column names', async () => {
    const out = await action.run({ connection: url, query: 'SELECT id, name, at, big FROM deploys ORDER BY id' }, actionContext());
    expect(out).toEqual({
      error: null,
      result: {
        rows: [
          { id: 1, name: 'web', at: '2024-01-02T03:04:05.000Z', big: '9007199254740993' },
          { id: 2, name: 'api', at: null, big: '1' },
        ],
        count: 2,
        fields: ['id', 'name', 'at', 'big'],
      },
    });
  });

  it('gives an UPDATE … RETURNING its rows, and the change stays', async () => {
    const out = await action.run({ connection: url, query: "UPDATE deploys SET name = 'web-2' WHERE id = 1 RETURNING id, name" }, actionContext());
    expect(out.result).toEqual({ rows: [{ id: 1, name: 'web-2' }], count: 1, fields: ['id', 'name'] });
    const check = await action.run({ connection: url, query: 'SELECT name FROM deploys WHERE id = 1' }, actionContext());
    expect(check.result.rows).toEqual([{ name: 'web-2' }]);
  });

  it('keeps maxRows rows, counts them all and says it cut them', async () => {
    const ctx = actionContext();
    const out = await action.run({ connection: url, query: 'SELECT g AS n FROM generate_series(1, 5) g', maxRows: '2' }, ctx);
    expect(out.result).toEqual({ rows: [{ n: 1 }, { n: 2 }], count: 5, fields: ['n'], truncated: true });
    expect(ctx.lines[1]).toBe('5 rows, the first 2 kept (maxRows)');
    const empty = await action.run({ connection: url, query: 'SELECT id FROM deploys WHERE false' }, actionContext());
    expect(empty.result).toEqual({ rows: [], count: 0, fields: ['id'] });
  });

  it('runs one statement only, and fails with what the server says', async () => {
    const two = await action.run({ connection: url, query: 'SELECT 1; DROP TABLE deploys' }, actionContext());
    expect(two.error).toBe('cannot insert multiple commands into a prepared statement');
    expect(await action.run({ connection: url, query: 'SELECT nope FROM deploys' }, actionContext())).toEqual({
      error: 'column "nope" does not exist',
      result: {},
    });
    expect((await action.run({ connection: url, query: 'SELECT count(*)::int AS n FROM deploys' }, actionContext())).result.rows).toEqual([{ n: 2 }]);
  });

  it('resolves a connection:// reference and fills $(username) from its field', async () => {
    const resolveSecret = async (ref: unknown) => (ref === 'connection://ops-db' ? `postgres://$(username)@127.0.0.1:${pg.port}/postgres` : null);
    const out = await action.run(
      { connection: 'connection://ops-db', username: 'postgres', query: 'SELECT current_user AS who' },
      actionContext({ resolveSecret }),
    );
    expect(out).toEqual({ error: null, result: { rows: [{ who: 'postgres' }], count: 1, fields: ['who'] } });
  });

  it('stops a statement when the action times out', async () => {
    const out = await action.run({ connection: url, query: 'SELECT pg_sleep(30)' }, actionContext({ timeoutMs: 500 }));
    expect(out).toEqual({ error: 'timed out after 500ms', result: {} });
  });

  it('asks the outbound policy first, with the host and port', async () => {
    const deny = new RunGuard(new AddressPolicy({ listenPort: -1, database: { host: '127.0.0.1', port: pg.port }, allow: [] }));
    const out = await action.run({ connection: url, query: 'DROP TABLE deploys' }, actionContext({ outbound: deny }));
    expect(out).toEqual({
      error: expect.stringMatching(new RegExp(`^127\\.0\\.0\\.1:${pg.port} is not reachable from .*this console's database`)),
      result: {},
    });
    expect((await action.run({ connection: url, query: 'SELECT count(*)::int AS n FROM deploys' }, actionContext())).result.rows).toEqual([{ n: 2 }]);
  });
});

describe('sql action: MariaDB / MySQL (127.0.0.1:3306, database test)', () => {
  let live = false;
  beforeAll(async () => {
    live = await reachable('127.0.0.1', 3306);
    if (!live) return console.warn('MariaDB/MySQL is not listening on 127.0.0.1:3306: the live sql action tests for mysql are skipped');
    const admin = await createConnection({ host: '127.0.0.1', port: 3306, user: 'root', database: 'test' });
    await admin.query(`CREATE TABLE ${table} (id int PRIMARY KEY, name varchar(20), at datetime NULL)`);
    await admin.end();
  });
  afterAll(async () => {
    if (!live) return;
    const admin = await createConnection({ host: '127.0.0.1', port: 3306, user: 'root', database: 'test' });
    await admin.query(`DROP TABLE IF EXISTS ${table}`);
    await admin.end();
  });

  it('writes, then reads rows with the column names', async () => {
    if (!live) return;
    const insert = await action.run(
      { connection: MY, query: `INSERT INTO ${table} VALUES (1, 'web', '2024-01-02 03:04:05'), (2, 'api', NULL), (3, 'db', NULL)` },
      actionContext(),
    );
    expect(insert).toEqual({ error: null, result: { rows: [], count: 3 } });
    const update = await action.run({ connection: MY, driver: 'mariadb', query: `UPDATE ${table} SET name = 'web-2' WHERE id = 1` }, actionContext());
    expect(update).toEqual({ error: null, result: { rows: [], count: 1 } });
    const select = await action.run({ connection: MY, query: `SELECT id, name, at FROM ${table} ORDER BY id` }, actionContext());
    expect(select).toEqual({
      error: null,
      result: {
        rows: [
          { id: 1, name: 'web-2', at: '2024-01-02 03:04:05' },
          { id: 2, name: 'api', at: null },
          { id: 3, name: 'db', at: null },
        ],
        count: 3,
        fields: ['id', 'name', 'at'],
      },
    });
  });

  it('keeps maxRows rows and counts them all', async () => {
    if (!live) return;
    const out = await action.run({ connection: MY, query: `SELECT id FROM ${table} ORDER BY id`, maxRows: 1 }, actionContext());
    expect(out.result).toEqual({ rows: [{ id: 1 }], count: 3, fields: ['id'], truncated: true });
  });

  it('fills $(username) from its field, and fails with what the server says', async () => {
    if (!live) return;
    const out = await action.run({ connection: 'mysql://$(username)@127.0.0.1:3306/test', username: 'root', query: 'SELECT nope' }, actionContext());
    expect(out).toEqual({ error: expect.stringMatching(/^Unknown column 'nope' in /), result: {} });
    const two = await action.run({ connection: MY, query: `SELECT 1; DROP TABLE ${table}` }, actionContext());
    expect(two.error).toMatch(/SQL syntax/);
  });

  it('stops a statement when the action times out', async () => {
    if (!live) return;
    const out = await action.run({ connection: MY, query: 'SELECT SLEEP(30)' }, actionContext({ timeoutMs: 500 }));
    expect(out).toEqual({ error: 'timed out after 500ms', result: {} });
  });
});
