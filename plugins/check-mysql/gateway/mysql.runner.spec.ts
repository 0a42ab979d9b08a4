import { EXTENSION_KEY } from '@gateway/core/plugin-host/extension-point';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { CheckRunContext } from '@contracts';
import { checkContext, reachable } from '../../../test/support/check-context';
import { MysqlCheckRunner, mysqlOptions } from './mysql.runner';

const URL = process.env.CHECK_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
const context = (timeoutMs = 3000): CheckRunContext =>
  checkContext(timeoutMs, async (ref) => (ref === 'connection://mysql/local' ? URL : null));

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

  it('reads URLs and Go DSNs', () => {
    expect(mysqlOptions('mysql://u%40x:p%3Aw@db.local:3307/app')).toEqual({ host: 'db.local', port: 3307, user: 'u@x', password: 'p:w', database: 'app' });
    expect(mysqlOptions('u:pw@tcp(10.0.0.1:3306)/app?parseTime=true')).toEqual({ host: '10.0.0.1', port: 3306, user: 'u', password: 'pw', database: 'app' });
    expect(mysqlOptions('db.local:3306')).toBeNull();
  });
});

describe('mysql check registration', () => {
  it("contributes to the 'checks' extension point as 'mysql'", () => {
    expect(Reflect.getMetadata(EXTENSION_KEY, MysqlCheckRunner)).toEqual({ point: 'checks', id: 'mysql' });
    expect(new MysqlCheckRunner().type).toBe('mysql');
  });
});
