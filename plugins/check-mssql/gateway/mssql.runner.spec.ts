import { extensionsOf } from '@gateway/core/plugin-host/extension-point';
import { AddressPolicy, RunGuard } from '@gateway/core/outbound';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { CheckRunContext } from '@contracts';
import { checkContext } from '../../../test/support/check-context';
import { mssqlTarget, parseAdoPairs } from './mssql-connection';
import { MssqlCheckRunner } from './mssql.runner';

const context = (timeoutMs = 3000, outbound?: CheckRunContext['outbound']): CheckRunContext => checkContext(timeoutMs, async () => null, outbound);

/** A port nothing listens on (bound, then closed). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// No SQL Server can run on this machine: these tests cover what the check does without one (a closed port, a peer that
// accepts and never answers), the connection strings canary files carry, and the guard asked before connecting.
describe('mssql check', () => {
  const runner = new MssqlCheckRunner();

  it("saves canary-checker's connection strings, with $(username) / $(password)", () => {
    expect(
      runner.validate({
        name: 'mssql pass',
        url: 'server=mssql.canaries.svc.cluster.local;user id=$(username);password=$(password);port=1433;database=master;TrustServerCertificate=True',
        username: { value: 'sa' },
        password: { value: 'S0m3p@sswd' },
        query: 'SELECT 1',
        results: 1,
      }),
    ).toEqual([]);
    expect(runner.validate({ name: 'm', connection: 'sqlserver://$(username):$(password)@db.local:1433?database=master' })).toEqual([]);
    expect(runner.validate({ name: 'm', connection: 'connection://mssql/prod' })).toEqual([]);
  });

  it('fails cleanly (not invalid, no crash) when nothing listens on the port', async () => {
    const port = await closedPort();
    const r = await runner.run(
      { name: 'm', url: `server=127.0.0.1;port=${port};user id=$(username);password=$(password);database=master`, username: 'sa', password: 'x' },
      context(),
    );
    expect(r).toMatchObject({ pass: false, invalid: false });
    expect(r.message).toContain(`127.0.0.1:${port}`);
    expect(r.message).toMatch(/Could not connect|ECONNREFUSED/);
  });

  it('returns within the timeout when the server accepts and never answers, and closes the socket', async () => {
    const sockets: net.Socket[] = [];
    const closed: boolean[] = [];
    const hung = net.createServer((s) => {
      sockets.push(s);
      s.resume(); // reads the prelogin packet, never answers
      s.on('close', () => closed.push(true));
    });
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    try {
      const started = Date.now();
      const port = (hung.address() as AddressInfo).port;
      const r = await runner.run({ name: 'm', connection: `server=tcp:127.0.0.1,${port};user id=sa;password=x` }, context(300));
      expect(Date.now() - started).toBeLessThan(1500);
      expect(r).toMatchObject({ pass: false, invalid: false, message: 'timed out after 300ms' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(sockets).toHaveLength(1);
      expect(closed).toHaveLength(1);
    } finally {
      sockets.forEach((s) => s.destroy());
      await new Promise((resolve) => hung.close(resolve));
    }
  });

  it('asks the outbound guard before connecting, with the expanded credentials, and is invalid when refused', async () => {
    const calls: Array<{ target: unknown; sending: unknown }> = [];
    const deny = new RunGuard(new AddressPolicy({ listenPort: -1, database: null, allow: [] }));
    const outbound = { check: async (target: never, sending?: unknown) => (calls.push({ target, sending }), deny.check(target, sending)) };
    const port = await closedPort();
    await runner.run(
      { name: 'm', url: `server=127.0.0.1;port=${port};user id=$(username);password='$(password)'`, username: 'sa', password: { value: 'p;w' } },
      context(2000, outbound),
    );
    expect(calls).toEqual([{ target: { protocol: 'sqlserver:', host: '127.0.0.1', port }, sending: expect.objectContaining({ user: 'sa', password: 'p;w' }) }]);
    // Cloud metadata is refused by the policy: the runner never connects and the run host reports it as invalid.
    await expect(runner.run({ name: 'm', url: 'server=169.254.169.254;port=1433;user id=sa;password=x' }, context(2000, deny))).rejects.toThrow(
      /not reachable from checks/,
    );
  });

  it("is invalid when a placeholder's secret does not resolve", async () => {
    const gone = { valueFrom: { secretKeyRef: { name: 'sql', key: 'gone' } } };
    expect(
      await runner.run({ name: 'm', url: 'server=127.0.0.1;port=1433;user id=$(username);password=$(password)', username: 'sa', password: gone }, context()),
    ).toMatchObject({
      pass: false,
      invalid: true,
      message: 'password: could not be resolved (used as $(password) in the connection)',
    });
  });

  it('names the field when invalid, and refuses what a check may not use', async () => {
    expect(runner.validate({ name: 'm' })).toEqual(['connection: required']);
    expect(runner.validate({ name: 'm', url: 'mssql.local:1433', query: '', results: -1 })).toEqual([
      'connection: must be server=…;port=…;database=… pairs, a sqlserver:// URL or a connection:// reference',
      'query: must be a non-empty string',
      'results: must be an integer ≥ 0',
    ]);
    const problem = (url: string) => runner.validate({ name: 'm', url });
    expect(problem('server=db;user id=$(user)')).toEqual(["connection: $(user) is not known here; use $(username) or $(password) (the check's own fields)"]);
    expect(problem('server=db\\SQLEXPRESS;user id=sa')).toEqual([
      'connection: server: the named instance "SQLEXPRESS" is found through the SQL Server Browser (UDP 1434), which checks do not use; give its port (port=…)',
    ]);
    expect(problem('server=db;failover partner=db2')).toEqual([
      'connection: "failover partner" names a second server, which the outbound guard has not checked and is not allowed in checks',
    ]);
    expect(problem('server=db;integrated security=SSPI')).toEqual([
      'connection: integrated (Windows) security is not available to checks; give user id and password',
    ]);
    expect(problem('server=db;authentication=ActiveDirectoryMsi')).toEqual([
      'connection: authentication "ActiveDirectoryMsi" is not supported in checks (SqlPassword or NTLM only)',
    ]);
    expect(problem('server=np:\\\\db\\pipe\\sql\\query')).toEqual([
      'connection: server: named pipes and shared memory are not reachable from checks; give a TCP host',
    ]);
    expect(problem('server=db;port=99999')).toEqual(['connection: port: "99999" is not a port number']);
    expect(problem('server=db;frobnicate=1')).toEqual(['connection: unknown key "frobnicate"']);
    expect(await runner.run({ name: 'm', url: 'server=db;password={open' }, context())).toMatchObject({
      pass: false,
      invalid: true,
      message: 'connection: the quoted value of "password" is not closed',
    });
  });

  it('reads ADO pairs (quotes, braces, aliases, tcp:host,port, DOMAIN\\user) and sqlserver:// URLs', () => {
    expect(Object.fromEntries(parseAdoPairs(`Server = db ; Password="a;""b"; pwd2='x''y';Uid={c}}d};  Initial   Catalog=app;`))).toEqual({
      server: 'db',
      password: 'a;"b',
      pwd2: "x'y",
      uid: 'c}d',
      'initial catalog': 'app',
    });
    expect(mssqlTarget('Data Source=tcp:db.local,1444;Initial Catalog=app;User ID=CORP\\svc;Password=$(password);Encrypt=yes', { password: 'p;w' })).toEqual({
      host: 'db.local',
      port: 1444,
      user: 'svc',
      domain: 'CORP',
      password: 'p;w',
      database: 'app',
      encrypt: true,
      trustServerCertificate: false,
    });
    expect(mssqlTarget('server=db\\inst;port=1500;user id=sa', {})).toMatchObject({ host: 'db', port: 1500 });
    expect(mssqlTarget('odbc:server={db};uid=sa;pwd={p;w}')).toMatchObject({ host: 'db', user: 'sa', password: 'p;w', port: 1433 });
    expect(
      mssqlTarget('sqlserver://$(username):$(password)@db.local:1433?database=master&TrustServerCertificate=true', { username: 'sa', password: 'p@ss:/' }),
    ).toEqual({
      host: 'db.local',
      port: 1433,
      user: 'sa',
      password: 'p@ss:/',
      database: 'master',
      domain: undefined,
      encrypt: false,
      trustServerCertificate: true,
    });
  });
});

describe('mssql check registration', () => {
  it("contributes to the 'checks' extension point as 'mssql'", () => {
    expect(extensionsOf(MssqlCheckRunner)).toEqual([{ point: 'checks', id: 'mssql' }]);
    expect(new MssqlCheckRunner().type).toBe('mssql');
  });
});
