import { isKeywordDsn, keywordDsnProblem, keywordDsnToUrl, parseKeywordDsn } from './keyword-dsn';

describe('libpq keyword/value connection strings', () => {
  it('reads pairs with spaces around =, quoted values and backslash escapes', () => {
    const pairs = parseKeywordDsn(`host=db.local port = 6543 user=app password='it\\'s \\'a b\\' \\\\' dbname=my\\ db sslmode=disable`);
    expect(Object.fromEntries(pairs)).toEqual({ host: 'db.local', port: '6543', user: 'app', password: "it's 'a b' \\", dbname: 'my db', sslmode: 'disable' });
    expect(Object.fromEntries(parseKeywordDsn("password='' user=x"))).toEqual({ password: '', user: 'x' });
    expect(isKeywordDsn('host=db dbname=x')).toBe(true);
    expect(isKeywordDsn('postgres://db/x')).toBe(false);
  });

  it('refuses what libpq refuses: a missing "=", an unclosed quote', () => {
    expect(() => parseKeywordDsn('host=db dbname')).toThrow('missing "=" after "dbname"');
    expect(() => parseKeywordDsn("host=db password='open")).toThrow('unterminated quoted value of "password"');
  });

  it('names what a check may not use: files, unknown keywords, several hosts, sockets, bad ports', () => {
    const problem = (text: string) => keywordDsnProblem(parseKeywordDsn(text));
    expect(problem('host=db sslmode=verify-full connect_timeout=5 target_session_attrs=any')).toBeNull();
    expect(problem('host=db sslrootcert=/etc/ssl/ca.pem sslkey=/k')).toBe(
      "sslrootcert, sslkey name files on the console's machine and are not allowed in checks",
    );
    expect(problem('host=db passfile=/root/.pgpass')).toMatch(/^passfile name files/);
    expect(problem('host=db frobnicate=1')).toBe('unknown keyword "frobnicate"');
    expect(problem('host=a,b port=5432')).toBe('host: several hosts are not supported in checks; give one');
    expect(problem('host=/var/run/postgresql')).toBe('must name a network host (unix sockets are not reachable from checks)');
    expect(problem('host=db hostaddr=/tmp')).toMatch(/unix sockets/);
    expect(problem('host=db port=99999')).toBe('port: "99999" is not a port number');
  });

  it('becomes a postgres:// URL with every part encoded; hostaddr wins; localhost when no host is given', () => {
    const url = keywordDsnToUrl(
      parseKeywordDsn(`host=db hostaddr=10.0.0.7 port=6543 user=a@b password='p@ss:/ w' dbname=app sslmode=require application_name=canary`),
    );
    expect(url).toBe('postgres://a%40b:p%40ss%3A%2F%20w@10.0.0.7:6543/app?sslmode=require&application_name=canary');
    expect(keywordDsnToUrl(parseKeywordDsn('user=x dbname=pqgotest sslmode=verify-full'))).toBe('postgres://x@localhost:5432/pqgotest?sslmode=verify-full');
    expect(keywordDsnToUrl(parseKeywordDsn('host=::1 dbname=x'))).toBe('postgres://[::1]:5432/x');
    expect(keywordDsnToUrl(parseKeywordDsn('host=db user=$(username)'), (v) => v.replace('$(username)', 'me'))).toBe('postgres://me@db:5432');
  });
});
