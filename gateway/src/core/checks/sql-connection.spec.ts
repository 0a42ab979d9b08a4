import { checkContext } from '../../../../test/support/check-context';
import { mysqlUrlOptions, postgresTarget, sqlConnectionUrl, sqlCredentials, sqlDriverFor, sqlTargetProblems } from './sql-connection';

describe('sql connections (shared by the SQL checks, scraper and action)', () => {
  it('judges connection and driver, leaving templates for later when told', () => {
    expect(sqlTargetProblems('postgres://db/app', undefined)).toEqual([]);
    expect(sqlTargetProblems('connection://db', 'mariadb')).toEqual([]);
    expect(sqlTargetProblems(undefined, undefined)).toEqual(['connection: required']);
    expect(sqlTargetProblems(5, undefined)).toEqual(['connection: must be a string']);
    expect(sqlTargetProblems('redis://db', undefined)).toEqual(['connection: must be a postgres:// or mysql:// URL, or a connection:// reference']);
    expect(sqlTargetProblems('postgres://db/app', 'oracle')).toEqual(['driver: must be postgres or mysql']);
    expect(sqlTargetProblems('postgres://db/app', 'MySQL')).toEqual(["driver: MySQL does not match the connection's postgres:// URL"]);
    const later = (v: unknown) => typeof v === 'string' && v.includes('{{');
    expect(sqlTargetProblems('{{ .params.db }}', '{{ .params.driver }}', later)).toEqual([]);
  });

  it('picks the driver from the field, else from the scheme', () => {
    expect(sqlDriverFor(undefined, 'postgresql://db')).toBe('postgres');
    expect(sqlDriverFor('mariadb', 'postgres://db')).toBe('mysql');
    expect(sqlDriverFor('oracle', 'postgres://db')).toBeUndefined();
    expect(sqlDriverFor(undefined, 'redis://db')).toBeNull();
  });

  it('resolves the credentials, refusing a placeholder whose field is not set', async () => {
    const ctx = checkContext();
    expect(await sqlCredentials({ username: 'u', password: { value: 'p' } }, 'postgres://$(username)@db', ctx)).toEqual({
      credentials: { username: 'u', password: 'p' },
    });
    expect(await sqlCredentials({ username: undefined, password: undefined }, 'postgres://$(password)@db', ctx, 'auth.')).toEqual({
      problem: 'connection: uses $(password) but auth.password is not set',
    });
  });

  it('builds the URL: placeholders percent-encoded, written credentials winning, a network host required', () => {
    const read = sqlConnectionUrl('mysql://$(username)@db:3306/app', { username: 'a@b', password: 'p:w' }, 'mysql');
    expect('url' in read && read.url.href).toBe('mysql://a%40b:p%3Aw@db:3306/app');
    expect(sqlConnectionUrl('postgres://db/app', { username: null, password: null }, 'mysql')).toEqual({ problem: 'connection: not a mysql:// URL' });
    expect(sqlConnectionUrl('::', { username: null, password: null }, 'mysql', 'nope')).toEqual({ problem: 'nope' });
    expect('url' in read && mysqlUrlOptions(read.url)).toEqual({ host: 'db', port: 3306, user: 'a@b', password: 'p:w', database: 'app' });
  });

  it('refuses unix sockets and ssl files before asking the guard, then asks it with the host and port it will use', async () => {
    const calls: unknown[] = [];
    const ctx = { ...checkContext(), outbound: { check: async (target: unknown) => void calls.push(target) } };
    expect(await postgresTarget('postgres://u@/app?host=/var/run/postgresql', ctx, 'scrapers')).toEqual({
      problem: 'connection: must name a network host (unix sockets are not reachable from scrapers)',
    });
    expect(await postgresTarget('postgres://u@db/app?sslkey=/nonexistent/key&sslcert=/etc/passwd', ctx, 'checks', 'are not allowed in checks')).toEqual({
      problem: "connection: sslcert, sslkey name files on the console's machine and are not allowed in checks",
    });
    // A file that is not there is refused the same way: parsing must not read it (ENOENT would tell what exists here).
    expect(await postgresTarget('postgres://u@/app?host=/tmp&sslrootcert=/nonexistent', ctx, 'playbooks')).toEqual({
      problem: 'connection: must name a network host (unix sockets are not reachable from playbooks)',
    });
    expect(calls).toEqual([]);
    expect(await postgresTarget('postgres://u:p@db:6543/app', ctx, 'checks')).toMatchObject({
      host: 'db',
      port: 6543,
      user: 'u',
      password: 'p',
      database: 'app',
    });
    expect(calls).toEqual([{ protocol: 'postgres:', host: 'db', port: 6543 }]);
  });
});
