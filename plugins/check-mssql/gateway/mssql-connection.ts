import { expandTemplate, expandUrlTemplate, type TemplateValues } from '@gateway/core/checks/connection-template';

/**
 * SQL Server connection strings as canary files carry them (canary-checker hands them to go-mssqldb):
 * - ADO.NET `key=value` pairs separated by `;` (`server=db;port=1433;user id=sa;password=…;database=master`), with
 *   values optionally quoted in `"…"`, `'…'` (doubled to escape) or ODBC `{…}` (`}}` to escape), also after `odbc:`;
 * - a `sqlserver://user:pass@host:port?database=…` URL.
 * `$(username)` / `$(password)` are expanded after the pairs are split (so a `;` in a password stays in it), and
 * percent-encoded in a URL. What a check may not use is refused by name: other hosts (failover partner), files,
 * Windows or Azure AD sign-in (which this console cannot do for a check), named pipes and named instances without a
 * port (the SQL Server Browser is asked over UDP 1434, not the port the guard checked).
 */

export class MssqlConnectionError extends Error {}

export interface MssqlTarget {
  host: string;
  port: number;
  user?: string;
  password?: string;
  /** `DOMAIN\user` in `user id`: NTLM sign-in to that domain (to the same server). */
  domain?: string;
  database?: string;
  encrypt: boolean;
  trustServerCertificate: boolean;
}

const CANONICAL: Record<string, string> = {
  server: 'server',
  'data source': 'server',
  address: 'server',
  addr: 'server',
  'network address': 'server',
  port: 'port',
  'user id': 'user',
  uid: 'user',
  user: 'user',
  username: 'user',
  password: 'password',
  pwd: 'password',
  database: 'database',
  'initial catalog': 'database',
  encrypt: 'encrypt',
  trustservercertificate: 'trustservercertificate',
  'trust server certificate': 'trustservercertificate',
  authentication: 'authentication',
  fedauth: 'authentication',
  'integrated security': 'integrated',
  trusted_connection: 'integrated',
};
/** Keys that would make the driver reach another host, read a file or sign in some other way. */
const REFUSED: Record<string, string> = {
  'failover partner': 'names a second server, which the outbound guard has not checked',
  attachdbfilename: 'names a database file',
  certificate: "names a file on the console's machine",
  'msi endpoint': 'names an Azure identity endpoint',
  'msi secret': 'is an Azure identity setting',
  'client id': 'is an Azure AD setting',
  'client secret': 'is an Azure AD setting',
  'tenant id': 'is an Azure AD setting',
  token: 'is an Azure AD setting',
  'user instance': 'starts a local SQL Server Express instance',
  'context connection': 'is for code running inside SQL Server',
};
/** Keys known to the drivers that change nothing a check relies on (the check's own timeout rules). */
const IGNORED = new Set([
  'app name',
  'application name',
  'applicationintent',
  'application intent',
  'workstation id',
  'wsid',
  'packet size',
  'connection timeout',
  'connect timeout',
  'timeout',
  'dial timeout',
  'keepalive',
  'log',
  'multipleactiveresultsets',
  'multiple active result sets',
  'pooling',
  'max pool size',
  'min pool size',
  'connection lifetime',
  'load balance timeout',
  'persist security info',
  'enlist',
  'current language',
  'language',
  'column encryption setting',
  'connectretrycount',
  'connectretryinterval',
  'multisubnetfailover',
  'transparentnetworkipresolution',
  'type system version',
  'replication',
  'transaction binding',
  'hostnameincertificate',
  'host name in certificate',
  'serverspn',
  'tlsmin',
  'protocol',
  'disableretry',
  'driver',
  'asynchronous processing',
  'network library',
  'poolblockingperiod',
]);

/** Whether the text is a SQL Server connection string this module reads (pairs or a sqlserver:// URL). */
export const isMssqlConnectionString = (text: string): boolean => /^\s*(?:sqlserver:\/\/|(?:odbc:)?\s*[A-Za-z][A-Za-z0-9 _]*=)/i.test(text);

/** The `key=value` pairs (keys lower-cased, inner spaces collapsed; the last of a repeated key wins). */
export function parseAdoPairs(text: string): Map<string, string> {
  const source = text.replace(/^\s*odbc:/i, '');
  const pairs = new Map<string, string>();
  const n = source.length;
  const blank = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r';
  let i = 0;
  while (i < n) {
    while (i < n && (source[i] === ';' || blank(source[i]))) i++;
    if (i >= n) break;
    const eq = source.indexOf('=', i);
    const semi = source.indexOf(';', i);
    if (eq < 0 || (semi >= 0 && semi < eq)) throw new MssqlConnectionError('a key=value pair is missing its "="');
    const key = source.slice(i, eq).trim().toLowerCase().replace(/\s+/g, ' ');
    if (!key) throw new MssqlConnectionError('a key=value pair has no key');
    i = eq + 1;
    while (i < n && blank(source[i])) i++;
    const open = source[i];
    let value = '';
    if (open === '"' || open === "'" || open === '{') {
      const close = open === '{' ? '}' : open;
      let closed = false;
      i++;
      while (i < n) {
        if (source[i] === close) {
          if (source[i + 1] === close) {
            value += close;
            i += 2;
            continue;
          }
          closed = true;
          i++;
          break;
        }
        value += source[i++];
      }
      if (!closed) throw new MssqlConnectionError(`the quoted value of "${key}" is not closed`);
      while (i < n && blank(source[i])) i++;
      if (i < n && source[i] !== ';') throw new MssqlConnectionError(`unexpected text after the quoted value of "${key}"`);
    } else {
      const end = source.indexOf(';', i);
      value = (end < 0 ? source.slice(i) : source.slice(i, end)).trim();
      i = end < 0 ? n : end;
    }
    pairs.set(key, value);
  }
  return pairs;
}

function bool(key: string, value: string): boolean {
  const v = value.trim().toLowerCase();
  if (['true', 'yes', '1', 'strict', 'mandatory'].includes(v)) return true;
  if (['false', 'no', '0', 'optional', 'disable'].includes(v)) return false;
  throw new MssqlConnectionError(`${key}: "${value}" is not true or false`);
}

function portOf(value: string): number {
  if (!/^\d{1,5}$/.test(value.trim()) || Number(value) < 1 || Number(value) > 65535) throw new MssqlConnectionError(`port: "${value}" is not a port number`);
  return Number(value);
}

/** The pairs of an ADO string, or of a sqlserver:// URL's host, user info and query, by canonical key. */
function entries(text: string, values: TemplateValues): Map<string, string> {
  if (/^\s*sqlserver:\/\//i.test(text)) {
    let url: URL;
    try {
      url = new URL(expandUrlTemplate(text.trim(), values));
    } catch {
      throw new MssqlConnectionError('not a valid sqlserver:// URL');
    }
    const out = new Map<string, string>();
    for (const [k, v] of url.searchParams) out.set(k.toLowerCase().replace(/\s+/g, ' '), v);
    const instance = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ''));
    out.set('server', url.hostname.replace(/^\[(.*)\]$/, '$1') + (instance ? `\\${instance}` : ''));
    if (url.port) out.set('port', url.port);
    if (url.username) out.set('user id', decodeURIComponent(url.username));
    if (url.password) out.set('password', decodeURIComponent(url.password));
    return out;
  }
  return new Map([...parseAdoPairs(text)].map(([k, v]) => [k, expandTemplate(v, values)]));
}

/** The server, port and sign-in of a connection string; throws MssqlConnectionError naming what cannot be used. */
export function mssqlTarget(text: string, values: TemplateValues = {}): MssqlTarget {
  const canonical = new Map<string, string>();
  for (const [key, value] of entries(text, values)) {
    if (REFUSED[key]) throw new MssqlConnectionError(`"${key}" ${REFUSED[key]} and is not allowed in checks`);
    const name = CANONICAL[key];
    if (name) canonical.set(name, value);
    else if (!IGNORED.has(key)) throw new MssqlConnectionError(`unknown key "${key}"`);
  }
  const integrated = canonical.get('integrated');
  if (integrated && ['true', 'yes', 'sspi'].includes(integrated.toLowerCase())) {
    throw new MssqlConnectionError('integrated (Windows) security is not available to checks; give user id and password');
  }
  const auth = canonical
    .get('authentication')
    ?.toLowerCase()
    .replace(/[\s_-]/g, '');
  if (auth && auth !== 'sqlpassword' && auth !== 'ntlm')
    throw new MssqlConnectionError(`authentication "${canonical.get('authentication')}" is not supported in checks (SqlPassword or NTLM only)`);

  let server = (canonical.get('server') ?? '').trim();
  if (!server) throw new MssqlConnectionError('server: required');
  if (/^(np|lpc|admin):/i.test(server)) throw new MssqlConnectionError('server: named pipes and shared memory are not reachable from checks; give a TCP host');
  server = server.replace(/^tcp:/i, '');
  let port: number | undefined;
  const comma = /^(.*),\s*(\d+)$/.exec(server);
  if (comma) {
    server = comma[1].trim();
    port = portOf(comma[2]);
  }
  let instance: string | undefined;
  const named = /^(.*)\\(.*)$/.exec(server);
  if (named) {
    server = named[1].trim();
    instance = named[2].trim();
  }
  if (canonical.has('port')) port = portOf(canonical.get('port')!);
  if (instance && port === undefined) {
    throw new MssqlConnectionError(
      `server: the named instance "${instance}" is found through the SQL Server Browser (UDP 1434), which checks do not use; give its port (port=…)`,
    );
  }
  if (['.', '(.)', '(local)', '(localdb)'].includes(server.toLowerCase())) server = 'localhost';
  if (!/^[A-Za-z0-9._:-]+$/.test(server)) throw new MssqlConnectionError(`server: "${server}" is not a host name or address`);

  let user = canonical.get('user') || undefined;
  let domain: string | undefined;
  const domainUser = user ? /^(.*)\\(.*)$/.exec(user) : null;
  if (domainUser) {
    domain = domainUser[1];
    user = domainUser[2];
  }
  return {
    host: server,
    port: port ?? 1433,
    user,
    password: canonical.get('password') || undefined,
    domain,
    database: canonical.get('database') || undefined,
    // As go-mssqldb, which these strings were written for: the session is encrypted when asked (the login always is).
    encrypt: canonical.has('encrypt') ? bool('encrypt', canonical.get('encrypt')!) : false,
    trustServerCertificate: canonical.has('trustservercertificate') ? bool('trustservercertificate', canonical.get('trustservercertificate')!) : false,
  };
}
