import { extensionsOf } from '@gateway/core/plugin-host/extension-point';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { CheckRunContext } from '@contracts';
import { AddressPolicy, CredentialLedger, RunGuard } from '@gateway/core/outbound';
import { checkContext, reachable } from '../../../test/support/check-context';
import { PostgresCheckRunner } from './postgres.runner';

const URL = process.env.CHECK_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const context = (timeoutMs = 3000): CheckRunContext =>
  checkContext(timeoutMs, async (ref) => {
    if (ref === 'connection://postgres/local') return URL;
    const key = (ref as { valueFrom?: { secretKeyRef?: { key?: string } } })?.valueFrom?.secretKeyRef?.key;
    return key === 'user' ? 'postgres' : key === 'stranger' ? 'no_such_role_for_check' : null;
  });

describe('postgres check', () => {
  const runner = new PostgresCheckRunner();
  let up = false;
  beforeAll(async () => {
    up = await reachable('127.0.0.1', 5432);
    if (!up) console.log('postgres check: skipping live tests, no Postgres on 127.0.0.1:5432');
  });

  it('passes when the query returns the expected number of rows', async () => {
    if (!up) return;
    const r = await runner.run({ name: 'p', connection: URL, query: 'SELECT generate_series(1, 3) AS n', results: 3 }, context());
    expect(r).toMatchObject({ pass: true, invalid: false, error: null, details: { count: 3 } });
    expect(r.details.rows).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('keeps a sample of 100 rows in the details, with the full count', async () => {
    if (!up) return;
    const r = await runner.run({ name: 'p', connection: URL, query: 'SELECT generate_series(1, 150) AS n', results: 150 }, context());
    expect(r).toMatchObject({ pass: true, details: { count: 150 } });
    expect((r.details.rows as unknown[]).length).toBe(100);
  });

  it('fails when the row count differs', async () => {
    if (!up) return;
    const r = await runner.run({ name: 'p', connection: URL, query: 'SELECT 1', results: 2 }, context());
    expect(r).toMatchObject({ pass: false, invalid: false, message: 'got 1 rows, expected 2' });
  });

  it('resolves a connection reference and fails on a bad query', async () => {
    if (!up) return;
    expect((await runner.run({ name: 'p', connection: 'connection://postgres/local' }, context())).pass).toBe(true);
    const r = await runner.run({ name: 'p', connection: URL, query: 'SELECT * FROM no_such_table_here' }, context());
    expect(r.pass).toBe(false);
    expect(r.message).toContain('no_such_table_here');
  });

  it('resolves username and password given as values or secret references', async () => {
    if (!up) return;
    const secret = (key: string) => ({ valueFrom: { secretKeyRef: { name: 'pg', key } } });
    const base = URL.replace('postgres@', '');
    expect(await runner.run({ name: 'p', connection: base, username: secret('user'), password: { value: 'unused' } }, context())).toMatchObject({ pass: true });
    const stranger = await runner.run({ name: 'p', connection: base, username: secret('stranger') }, context());
    expect(stranger.pass).toBe(false);
    expect(stranger.message).toContain('no_such_role_for_check');
  });

  it("expands $(username) / $(.password) from the check's own fields, percent-encoded in a URL, before asking the guard", async () => {
    if (!up) return;
    const calls: Array<{ target: unknown; sending: unknown }> = [];
    const inner = new RunGuard(new AddressPolicy({ listenPort: -1, database: null, allow: [] }));
    const outbound = { check: async (target: never, sending?: unknown) => (calls.push({ target, sending }), inner.check(target, sending)) };
    const spec = {
      name: 'p',
      url: 'postgres://$(username):$(.password)@127.0.0.1:5432/postgres?sslmode=disable',
      username: { value: 'postgres' },
      password: { value: 'p@ss:/w rd' }, // the server trusts loopback: any password signs in
      query: 'SELECT current_user AS who',
    };
    const r = await runner.run(
      spec,
      checkContext(3000, async () => null, outbound),
    );
    expect(r).toMatchObject({ pass: true, details: { rows: [{ who: 'postgres' }] } });
    expect(calls).toHaveLength(1);
    expect(calls[0].target).toEqual({ protocol: 'postgres:', host: '127.0.0.1', port: 5432 });
    expect(calls[0].sending).toMatchObject({
      target: 'postgres://postgres:p%40ss%3A%2Fw%20rd@127.0.0.1:5432/postgres?sslmode=disable',
      user: 'postgres',
      password: 'p@ss:/w rd',
    });
    // The same credentials in keyword/value pairs reach the guard the same way: the target it checks is what is used.
    const pairs = { ...spec, url: 'host=127.0.0.1 port=5432 dbname=postgres sslmode=disable user=$(username) password=$(password)' };
    expect(
      await runner.run(
        pairs,
        checkContext(3000, async () => null, outbound),
      ),
    ).toMatchObject({ pass: true });
    expect(calls[1]).toEqual({ target: calls[0].target, sending: calls[0].sending });
  });

  it('reads libpq keyword/value pairs, with placeholders expanded after the pairs are split', async () => {
    if (!up) return;
    const spec = {
      name: 'p',
      connection: "host=127.0.0.1 port=5432 user=$(username) password='$(password)' dbname=postgres sslmode=disable",
      username: 'postgres',
      password: { value: "it's a b" },
      query: 'SELECT current_database() AS db',
    };
    expect(runner.validate(spec)).toEqual([]);
    expect(await runner.run(spec, context())).toMatchObject({ pass: true, details: { rows: [{ db: 'postgres' }] } });
  });

  it('holds a substituted secret to its connection like a written one (the credential binding)', async () => {
    const ledger = new CredentialLedger();
    ledger.record('bound-secret-value', { name: 'elsewhere', url: 'postgres://db.elsewhere:5432' });
    const guard = new RunGuard(new AddressPolicy({ listenPort: -1, database: null, allow: [] }), ledger);
    const ctx = checkContext(2000, async () => 'bound-secret-value', guard);
    const spec = {
      name: 'p',
      url: 'postgres://app:$(password)@127.0.0.1:5432/postgres',
      password: { valueFrom: { secretKeyRef: { name: 'elsewhere', key: 'password' } } },
    };
    await expect(runner.run(spec, ctx)).rejects.toThrow(
      "the credential from connection 'elsewhere' may only be sent to postgres://db.elsewhere:5432, not postgres://127.0.0.1:5432",
    );
    const kv = { ...spec, url: 'host=127.0.0.1 user=app password=$(password)' };
    await expect(runner.run(kv, ctx)).rejects.toThrow(/may only be sent to postgres:\/\/db.elsewhere:5432/);
  });

  it("is invalid, without connecting, when a placeholder's secret does not resolve", async () => {
    const gone = { valueFrom: { secretKeyRef: { name: 'pg', key: 'gone' } } };
    for (const url of ['postgres://$(username)@127.0.0.1:5432/postgres', 'host=127.0.0.1 user=$(username) dbname=postgres']) {
      expect(await runner.run({ name: 'p', url, username: gone }, context())).toMatchObject({
        pass: false,
        invalid: true,
        message: 'username: could not be resolved (used as $(username) in the connection)',
      });
    }
  });

  it('keeps the safety rules for keyword/value pairs: no sockets, no files, one host', async () => {
    expect(runner.validate({ name: 'p', connection: 'host=/var/run/postgresql dbname=x' })).toEqual([
      'connection: must name a network host (unix sockets are not reachable from checks)',
    ]);
    expect(runner.validate({ name: 'p', connection: 'host=db sslcert=/etc/passwd' })).toEqual([
      "connection: sslcert name files on the console's machine and are not allowed in checks",
    ]);
    expect(runner.validate({ name: 'p', connection: 'host=a,b dbname=x' })).toEqual(['connection: host: several hosts are not supported in checks; give one']);
    expect(runner.validate({ name: 'p', connection: "host=db password='open" })).toEqual(['connection: unterminated quoted value of "password"']);
    expect(runner.validate({ name: 'p', url: 'postgres://$(user)@db/x' })).toEqual([
      "connection: $(user) is not known here; use $(username) or $(password) (the check's own fields)",
    ]);
    // A placeholder cannot smuggle a socket or a second host in: it is a value, checked after expansion.
    const r = await runner.run({ name: 'p', connection: 'host=$(username) dbname=x', username: '/var/run/postgresql' }, context());
    expect(r).toMatchObject({ pass: false, invalid: true, message: 'connection: must name a network host (unix sockets are not reachable from checks)' });
  });

  it('returns within the timeout when the server accepts and never answers', async () => {
    const sockets: net.Socket[] = [];
    const hung = net.createServer((s) => sockets.push(s));
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    try {
      const started = Date.now();
      const port = (hung.address() as AddressInfo).port;
      const r = await runner.run({ name: 'p', connection: `postgres://postgres@127.0.0.1:${port}/postgres` }, context(300));
      expect(Date.now() - started).toBeLessThan(1500);
      expect(r).toMatchObject({ pass: false, invalid: false, message: 'timed out after 300ms' });
    } finally {
      sockets.forEach((s) => s.destroy());
      await new Promise((resolve) => hung.close(resolve));
    }
  });

  it('names the field when invalid', async () => {
    expect(runner.validate({ name: 'p' })).toEqual(['connection: required']);
    expect(runner.validate({ name: 'p', connection: 'mysql://x', results: -1 })).toEqual([
      'connection: must be a postgres:// URL, libpq keyword/value pairs (host=… port=… dbname=…) or a connection:// reference',
      'results: must be an integer ≥ 0',
    ]);
    expect(await runner.run({ name: 'p' }, context())).toMatchObject({ pass: false, invalid: true });
  });
});

describe('postgres check registration', () => {
  it("contributes to the 'checks' extension point as 'postgres'", () => {
    expect(extensionsOf(PostgresCheckRunner)).toEqual([{ point: 'checks', id: 'postgres' }]);
    expect(new PostgresCheckRunner().type).toBe('postgres');
  });
});
