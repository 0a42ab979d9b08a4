import { extensionsOf } from '@gateway/core/plugin-host/extension-point';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { CheckRunContext } from '@contracts';
import { checkContext, reachable } from '../../../test/support/check-context';
import { createConnection } from 'mysql2/promise';
import { MysqlCheckRunner, mysqlOptions } from './mysql.runner';

const URL = process.env.CHECK_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
const context = (timeoutMs = 3000): CheckRunContext => checkContext(timeoutMs, async (ref) => (ref === 'connection://mysql/local' ? URL : null));

describe('mysql check', () => {
  const runner = new MysqlCheckRunner();
  let up = false;
  beforeAll(async () => {
    up = await reachable('127.0.0.1', 3306);
    if (!up) console.log('mysql check: skipping live tests, no MySQL on 127.0.0.1:3306');
  });

  it('passes on SELECT 1 and reports the rows', async () => {
    if (!up) return;
    const r = await runner.run({ name: 'm', connection: URL }, context());
    expect(r).toMatchObject({ pass: true, invalid: false, error: null, message: '1 rows', details: { count: 1 } });
    expect(r.details.rows).toEqual([{ 1: 1 }]);
  });

  it('passes when the query returns the expected number of rows, by reference and by Go DSN', async () => {
    if (!up) return;
    const query = 'SELECT 1 AS n UNION ALL SELECT 2 UNION ALL SELECT 3';
    const r = await runner.run({ name: 'm', connection: 'connection://mysql/local', query, results: 3 }, context());
    expect(r).toMatchObject({ pass: true, details: { count: 3 } });
    expect(r.details.rows).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect((await runner.run({ name: 'm', connection: 'root@tcp(127.0.0.1:3306)/test' }, context())).pass).toBe(true);
  });

  it("expands $(username) / $(password) from the check's own fields, in a Go DSN (also after mysql://) and in a URL", async () => {
    if (!up) return;
    const credentials = { username: { value: 'root' }, password: { value: '' } };
    for (const url of [
      'mysql://$(username):$(password)@tcp(127.0.0.1:3306)/test',
      '$(username):$(password)@tcp(127.0.0.1:3306)/test',
      'mysql://$(.username):$(.password)@127.0.0.1:3306/test',
    ]) {
      const spec = { name: 'm', url, ...credentials, query: 'SELECT DATABASE() AS db', results: 1 };
      expect(runner.validate(spec)).toEqual([]);
      expect(await runner.run(spec, context())).toMatchObject({ pass: true, details: { rows: [{ db: 'test' }] } });
    }
  });

  it('signs in with a substituted password holding @ : / (a user made for this test)', async () => {
    if (!up) return;
    const admin = await createConnection({ host: '127.0.0.1', port: 3306, user: 'root', database: 'test' });
    const password = 'p@ss:w/rd %';
    try {
      await admin.query(`DROP USER IF EXISTS 'check_tpl'@'127.0.0.1'`);
      await admin.query(`CREATE USER 'check_tpl'@'127.0.0.1' IDENTIFIED BY '${password}'`);
      const credentials = { username: { value: 'check_tpl' }, password: { value: password } };
      for (const url of ['mysql://$(username):$(password)@tcp(127.0.0.1:3306)/', 'mysql://$(username):$(password)@127.0.0.1:3306']) {
        expect(await runner.run({ name: 'm', url, ...credentials, query: 'SELECT CURRENT_USER() AS who' }, context())).toMatchObject({
          pass: true,
          details: { rows: [{ who: 'check_tpl@127.0.0.1' }] },
        });
      }
      const wrong = await runner.run({ name: 'm', url: 'mysql://$(username):$(password)@127.0.0.1:3306', username: 'check_tpl', password: 'nope' }, context());
      expect(wrong).toMatchObject({ pass: false, invalid: false });
      expect(wrong.message).toMatch(/Access denied/);
    } finally {
      await admin.query(`DROP USER IF EXISTS 'check_tpl'@'127.0.0.1'`);
      await admin.end();
    }
  });

  it("is invalid when a placeholder's secret does not resolve", async () => {
    const gone = { valueFrom: { secretKeyRef: { name: 'db', key: 'gone' } } };
    expect(
      await runner.run({ name: 'm', url: 'mysql://$(username):$(password)@tcp(127.0.0.1:3306)/test', username: 'root', password: gone }, context()),
    ).toMatchObject({
      pass: false,
      invalid: true,
      message: 'password: could not be resolved (used as $(password) in the connection)',
    });
  });

  it('fails when the row count differs', async () => {
    if (!up) return;
    const r = await runner.run({ name: 'm', connection: URL, query: 'SELECT 1', results: 2 }, context());
    expect(r).toMatchObject({ pass: false, invalid: false, message: 'got 1 rows, expected 2', error: 'got 1 rows, expected 2' });
  });

  it('fails with the server message on a wrong password', async () => {
    if (!up) return;
    const r = await runner.run({ name: 'm', connection: URL, password: 'not-the-password' }, context());
    expect(r).toMatchObject({ pass: false, invalid: false });
    expect(r.message).toMatch(/Access denied for user 'root'/);
  });

  it('fails with the server message on a bad query', async () => {
    if (!up) return;
    const r = await runner.run({ name: 'm', connection: URL, query: 'SELECT * FROM no_such_table_here' }, context());
    expect(r).toMatchObject({ pass: false, invalid: false });
    expect(r.message).toContain('no_such_table_here');
  });

  it('stops a long query when the timeout passes', async () => {
    if (!up) return;
    const started = Date.now();
    const r = await runner.run({ name: 'm', connection: URL, query: 'SELECT SLEEP(10)' }, context(500));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(r).toMatchObject({ pass: false, invalid: false, message: 'timed out after 500ms' });
  });

  it('returns within the timeout when the server accepts and never answers', async () => {
    const sockets: net.Socket[] = [];
    const hung = net.createServer((s) => sockets.push(s));
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    try {
      const started = Date.now();
      const port = (hung.address() as AddressInfo).port;
      const r = await runner.run({ name: 'm', connection: `mysql://root@127.0.0.1:${port}/test` }, context(300));
      expect(Date.now() - started).toBeLessThan(1500);
      expect(r).toMatchObject({ pass: false, invalid: false, message: 'timed out after 300ms' });
    } finally {
      sockets.forEach((s) => s.destroy());
      await new Promise((resolve) => hung.close(resolve));
    }
  });

  it('names the field when invalid', async () => {
    expect(runner.validate({ name: 'm' })).toEqual(['connection: required']);
    expect(runner.validate({ name: 'm', connection: 'postgres://x', query: '', results: 1.5 })).toEqual([
      'connection: must be a mysql:// URL, a user:pass@tcp(host:port)/db DSN or a connection:// reference',
      'query: must be a non-empty string',
      'results: must be an integer ≥ 0',
    ]);
    expect(await runner.run({ name: 'm' }, context())).toMatchObject({ pass: false, invalid: true, message: 'connection: required' });
    expect(await runner.run({ name: 'm', connection: 'connection://mysql/unknown' }, context())).toMatchObject({
      pass: false,
      invalid: true,
      message: 'connection: could not be resolved',
    });
  });

  it('reads a templated Go DSN as the Go driver does: credentials before the last @, values unencoded', () => {
    const values = { username: 'app', password: 'p@ss:w/rd' };
    const expected = { host: 'db.local', port: 3306, user: 'app', password: 'p@ss:w/rd', database: 'app' };
    expect(mysqlOptions('mysql://$(username):$(password)@tcp(db.local:3306)/app', values)).toEqual(expected);
    expect(mysqlOptions('$(username):$(password)@tcp(db.local)/app?tls=false', values)).toEqual(expected);
    expect(mysqlOptions('mysql://$(username):$(password)@db.local/app', values)).toEqual(expected);
    expect(mysqlOptions('u:p@ss@tcp(db.local:3306)/app')).toMatchObject({ user: 'u', password: 'p@ss' });
    expect(runner.validate({ name: 'm', url: 'root@unix(/var/run/mysqld/mysqld.sock)/test' })).toEqual([
      'connection: must name a network host, tcp(host:port) (unix sockets are not reachable from checks)',
    ]);
    expect(runner.validate({ name: 'm', url: '$(user):$(pass)@tcp(db:3306)/x' })).toEqual([
      "connection: $(user), $(pass) are not known here; use $(username) or $(password) (the check's own fields)",
    ]);
  });

  it('reads URLs and Go DSNs', () => {
    expect(mysqlOptions('mysql://u%40x:p%3Aw@db.local:3307/app')).toEqual({ host: 'db.local', port: 3307, user: 'u@x', password: 'p:w', database: 'app' });
    expect(mysqlOptions('u:pw@tcp(10.0.0.1:3306)/app?parseTime=true')).toEqual({ host: '10.0.0.1', port: 3306, user: 'u', password: 'pw', database: 'app' });
    expect(mysqlOptions('db.local:3306')).toBeNull();
  });
});

describe('mysql check registration', () => {
  it("contributes to the 'checks' extension point as 'mysql'", () => {
    expect(extensionsOf(MysqlCheckRunner)).toEqual([{ point: 'checks', id: 'mysql' }]);
    expect(new MysqlCheckRunner().type).toBe('mysql');
  });
});
