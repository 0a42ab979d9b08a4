/**
 * libpq's keyword/value connection strings (`host=db port=5432 user=app password='a b' dbname=app sslmode=disable`),
 * as canary files written for canary-checker (Go's lib/pq) carry them. pg-connection-string reads only URLs, so this
 * is a small parser of libpq's grammar: `keyword = value` pairs separated by whitespace, spaces around `=` allowed,
 * a value either single-quoted (`\'` and `\\` escapes) or up to the next whitespace (backslash escapes too).
 */

export class KeywordDsnError extends Error {}

/** Keywords that name files on the console's machine (or read one): never allowed in a check. */
const FILE_KEYWORDS = ['sslcert', 'sslkey', 'sslrootcert', 'sslcrl', 'sslcrldir', 'passfile', 'service', 'servicefile', 'sslpassword'];
/** Keywords read into the connection. */
const USED_KEYWORDS = ['host', 'hostaddr', 'port', 'dbname', 'user', 'password', 'sslmode', 'application_name', 'client_encoding', 'options'];
/** Keywords libpq knows that change nothing a check relies on (the check's timeout rules over connect_timeout). */
const IGNORED_KEYWORDS = [
  'connect_timeout',
  'fallback_application_name',
  'keepalives',
  'keepalives_idle',
  'keepalives_interval',
  'keepalives_count',
  'tcp_user_timeout',
  'target_session_attrs',
  'load_balance_hosts',
  'gssencmode',
  'krbsrvname',
  'gsslib',
  'requiressl',
  'sslcompression',
  'sslsni',
  'ssl_min_protocol_version',
  'ssl_max_protocol_version',
  'channel_binding',
  'require_auth',
  'replication',
  'sslnegotiation',
  'requirepeer',
];

/** Whether the text reads as keyword/value pairs rather than a URL (it starts with `keyword=`). */
export const isKeywordDsn = (text: string): boolean => /^\s*[A-Za-z_][A-Za-z0-9_]*\s*=/.test(text);

/** The pairs in order; throws KeywordDsnError naming the problem (an unclosed quote, a missing `=`). */
export function parseKeywordDsn(text: string): Map<string, string> {
  const pairs = new Map<string, string>();
  let i = 0;
  const n = text.length;
  const space = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v';
  while (i < n) {
    while (i < n && space(text[i])) i++;
    if (i >= n) break;
    const keyStart = i;
    while (i < n && text[i] !== '=' && !space(text[i])) i++;
    const key = text.slice(keyStart, i);
    while (i < n && space(text[i])) i++;
    if (text[i] !== '=') throw new KeywordDsnError(`missing "=" after "${key}"`);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) throw new KeywordDsnError(`"${key}" is not a keyword`);
    i++;
    while (i < n && space(text[i])) i++;
    let value = '';
    if (text[i] === "'") {
      i++;
      let closed = false;
      while (i < n) {
        const c = text[i];
        if (c === '\\' && i + 1 < n) {
          value += text[i + 1];
          i += 2;
        } else if (c === "'") {
          closed = true;
          i++;
          break;
        } else {
          value += c;
          i++;
        }
      }
      if (!closed) throw new KeywordDsnError(`unterminated quoted value of "${key}"`);
    } else {
      while (i < n && !space(text[i])) {
        if (text[i] === '\\' && i + 1 < n) i++;
        value += text[i];
        i++;
      }
    }
    pairs.set(key.toLowerCase(), value);
  }
  return pairs;
}

/** Why the parsed pairs cannot be used by a check (a file keyword, several hosts, a socket, an unknown keyword), or null. */
export function keywordDsnProblem(pairs: Map<string, string>): string | null {
  const files = [...pairs.keys()].filter((k) => FILE_KEYWORDS.includes(k));
  if (files.length) return `${files.join(', ')} name files on the console's machine and are not allowed in checks`;
  const unknown = [...pairs.keys()].filter((k) => !USED_KEYWORDS.includes(k) && !IGNORED_KEYWORDS.includes(k));
  if (unknown.length) return `unknown keyword${unknown.length === 1 ? '' : 's'} ${unknown.map((k) => `"${k}"`).join(', ')}`;
  for (const k of ['host', 'hostaddr', 'port']) {
    if (pairs.get(k)?.includes(',')) return `${k}: several hosts are not supported in checks; give one`;
  }
  const host = pairs.get('hostaddr') || pairs.get('host');
  if (host?.startsWith('/') || host?.startsWith('@')) return 'must name a network host (unix sockets are not reachable from checks)';
  const port = pairs.get('port');
  if (port && !(/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535)) return `port: "${port}" is not a port number`;
  return null;
}

/**
 * The pairs as a `postgres://` URL, so that the runner reads every form the same way (pg-connection-string maps
 * sslmode and the rest). `hostaddr` wins over `host` (libpq connects to it); without either the host is `localhost`
 * (lib/pq's default: this console does not reach unix sockets). `expand` is applied to each value before encoding.
 */
export function keywordDsnToUrl(pairs: Map<string, string>, expand: (value: string) => string = (v) => v): string {
  const get = (k: string) => (pairs.has(k) ? expand(pairs.get(k)!) : undefined);
  const host = get('hostaddr') || get('host') || 'localhost';
  const port = get('port') || '5432';
  const user = get('user');
  const password = get('password');
  const auth =
    user !== undefined || password !== undefined ? `${encodeURIComponent(user ?? '')}${password !== undefined ? `:${encodeURIComponent(password)}` : ''}@` : '';
  const url = new URL(`postgres://${auth}${host.includes(':') ? `[${host}]` : host}:${port}`);
  const dbname = get('dbname');
  if (dbname) url.pathname = `/${encodeURIComponent(dbname)}`;
  for (const k of ['sslmode', 'application_name', 'client_encoding', 'options']) {
    const v = get(k);
    if (v !== undefined) url.searchParams.set(k, v);
  }
  return url.toString();
}
