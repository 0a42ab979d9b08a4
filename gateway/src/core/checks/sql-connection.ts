import { Client, type ClientConfig } from 'pg';
import { parse as parseConnectionString } from 'pg-connection-string';
import { createConnection, type Connection, type ConnectionOptions } from 'mysql2/promise';
import type { CheckRunContext } from '@contracts';
import { abortedBy, isConnectionRef, resolveValue } from './runner-kit';
import { expandUrlTemplate, templateNames, templateProblem, templateSample } from './connection-template';

/**
 * What the SQL plugins share (check-postgres, check-mysql, scraper-sql, action-sql): reading a postgres:// or mysql://
 * connection with `$(username)` / `$(password)`, refusing what would reach past the outbound guard (a unix socket, a
 * Postgres option naming a file on this machine), asking the guard, and opening and closing a connection so that a
 * timed-out or cancelled run never waits on the server. What each one runs over the connection stays in its plugin.
 */

export type SqlDriver = 'postgres' | 'mysql';
/** Driver names as written (`driver:` or a URL's scheme). */
export const SQL_DRIVERS: Record<string, SqlDriver> = { postgres: 'postgres', postgresql: 'postgres', mysql: 'mysql', mariadb: 'mysql' };

/** The driver a URL's scheme names, or null. */
export function sqlDriverOfUrl(text: string): SqlDriver | null {
  const scheme = /^([a-z]+):\/\//i.exec(text)?.[1]?.toLowerCase();
  return scheme ? (SQL_DRIVERS[scheme] ?? null) : null;
}

/** The driver a `driver:` field names (any case), or undefined. */
export const sqlDriverNamed = (driver: unknown): SqlDriver | undefined => (typeof driver === 'string' ? SQL_DRIVERS[driver.toLowerCase()] : undefined);

/** The driver to use: the `driver:` field when written (undefined when it names none), else the connection's scheme. */
export const sqlDriverFor = (driver: unknown, connection: string): SqlDriver | null | undefined =>
  typeof driver === 'string' ? sqlDriverNamed(driver) : sqlDriverOfUrl(connection);

const isSet = (v: unknown) => v !== undefined && v !== null && v !== '';

/**
 * `connection` and `driver` of a SQL spec, judged at save time: a postgres:// or mysql:// URL (placeholders allowed)
 * or `connection://name`, and a driver that agrees with the URL's scheme. `later(value)` says a value is a template
 * judged when it runs (playbook actions); the messages name the fields.
 */
export function sqlTargetProblems(connection: unknown, driver: unknown, later: (value: unknown) => boolean = () => false): string[] {
  const errors: string[] = [];
  if (!isSet(connection)) errors.push('connection: required');
  else if (typeof connection !== 'string') errors.push('connection: must be a string');
  else if (!isConnectionRef(connection) && !later(connection)) {
    const problem = templateProblem(connection, 'connection');
    if (problem) errors.push(problem);
    else if (!sqlDriverOfUrl(connection)) errors.push('connection: must be a postgres:// or mysql:// URL, or a connection:// reference');
    else if (!URL.canParse(templateSample(connection))) errors.push('connection: not a valid URL');
  }
  const named = sqlDriverNamed(driver);
  if (driver !== undefined && !named && !later(driver)) errors.push('driver: must be postgres or mysql');
  else if (named && typeof connection === 'string' && !later(connection) && sqlDriverOfUrl(connection) && sqlDriverOfUrl(connection) !== named) {
    errors.push(`driver: ${String(driver)} does not match the connection's ${sqlDriverOfUrl(connection)}:// URL`);
  }
  return errors;
}

export interface SqlCredentials {
  username: string | null;
  password: string | null;
}

/**
 * The written `username` / `password` resolved (values or secret references). A field that is written but does not
 * resolve, or a `$(username)` / `$(password)` in `text` whose field is not set, is a problem: expanding it to '' would
 * sign in as the driver's default user. `prefix` is where the fields stand in the spec (`auth.`).
 */
export async function sqlCredentials(
  fields: Record<'username' | 'password', unknown>,
  text: string,
  ctx: CheckRunContext,
  prefix = '',
): Promise<{ credentials: SqlCredentials } | { problem: string }> {
  const credentials: SqlCredentials = { username: null, password: null };
  for (const name of ['username', 'password'] as const) {
    credentials[name] = await resolveValue(fields[name], ctx);
    if (isSet(fields[name]) && credentials[name] === null) return { problem: `${prefix}${name}: could not be resolved` };
  }
  const missing = templateNames(text).filter((n) => (n === 'username' || n === 'password') && credentials[n] === null);
  if (missing.length) return { problem: `connection: uses ${missing.map((n) => `$(${n})`).join(', ')} but ${prefix}${missing[0]} is not set` };
  return { credentials };
}

/**
 * The connection with its placeholders expanded, the written credentials winning over the URL's own, as a URL of
 * `driver`'s scheme naming a network host; `invalid` is the problem when it does not parse.
 */
export function sqlConnectionUrl(
  text: string,
  credentials: SqlCredentials,
  driver: SqlDriver,
  invalid = 'connection: not a valid URL',
): { url: URL } | { problem: string } {
  let url: URL;
  try {
    url = new URL(expandUrlTemplate(text, { ...credentials }));
  } catch {
    return { problem: invalid };
  }
  if (sqlDriverOfUrl(url.href) !== driver) return { problem: `connection: not a ${driver}:// URL` };
  if (credentials.username !== null && !/\$\(\s*\.?username\s*\)/.test(text)) url.username = encodeURIComponent(credentials.username);
  if (credentials.password !== null && !/\$\(\s*\.?password\s*\)/.test(text)) url.password = encodeURIComponent(credentials.password);
  if (!url.hostname || url.hostname.startsWith('%2F')) return { problem: 'connection: must name a network host' };
  return { url };
}

/** Values as JSON has them (dates as ISO text, bigints as text as the drivers give them), so a result stores as is. */
export const plainRow = (row: Record<string, unknown>): Record<string, unknown> => JSON.parse(JSON.stringify(row)) as Record<string, unknown>;

/** Closes a driver's socket at once (pg's `end()` and mysql2's `end()` wait for the server). */
export function destroySocket(client: Client | Connection): void {
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

/** Options of a postgres:// URL that pg reads as paths of files on this machine. */
const SSL_FILE_OPTIONS = ['sslcert', 'sslkey', 'sslrootcert'] as const;

/** The connection string without the options that name files, and which of them it had (the query as pg reads it). */
function withoutFileOptions(text: string): { text: string; files: string[] } {
  const query = text.indexOf('?');
  const hash = text.indexOf('#');
  if (query < 0 || (hash >= 0 && hash < query)) return { text, files: [] };
  const end = hash > query ? hash : text.length;
  const params = new URLSearchParams(text.slice(query + 1, end));
  const files = SSL_FILE_OPTIONS.filter((k) => params.has(k));
  if (!files.length) return { text, files };
  for (const k of files) params.delete(k);
  return { text: `${text.slice(0, query)}?${params.toString()}${text.slice(end)}`, files };
}

/** pg client options for a guarded target: host and port as the outbound guard was asked about them. */
export type PostgresTarget = ClientConfig & { host: string; port: number };

/**
 * A postgres:// URL read for pg, the outbound guard asked first (its refusal is thrown). pg reads host and port from
 * the query string too (`?host=`) and ssl files from disk: the client is given the very host and port the guard
 * checked, and a unix socket or an option naming a file on this machine is answered as a problem. `from` names who
 * connects in that message (`checks`); `refused` ends the ssl-file one.
 */
export async function postgresTarget(
  connectionString: string,
  ctx: CheckRunContext,
  from: string,
  refused = 'are not allowed',
): Promise<PostgresTarget | { problem: string }> {
  // pg-connection-string reads the ssl files while parsing (and throws ENOENT or EACCES, which would tell whether a
  // path exists here): they are taken out first, and refused after the host as before.
  const { text, files } = withoutFileOptions(connectionString);
  const config = parseConnectionString(text);
  if (!config.host || config.host.startsWith('/')) return { problem: `connection: must name a network host (unix sockets are not reachable from ${from})` };
  if (files.length) return { problem: `connection: ${files.join(', ')} name files on the console's machine and ${refused}` };
  const port = Number(config.port || 5432);
  await ctx.outbound.check({ protocol: 'postgres:', host: config.host, port }, { target: connectionString, user: config.user, password: config.password });
  return {
    host: config.host,
    port,
    database: config.database ?? undefined,
    user: config.user,
    password: config.password,
    ssl: config.ssl as ClientConfig['ssl'],
    connectionTimeoutMillis: Math.max(1, ctx.timeoutMs),
  };
}

/** A pg client for a target; a connection dropped on abort reports through the query, not as an unhandled event. */
export function postgresClient(target: PostgresTarget, extra: ClientConfig = {}): Client {
  const client = new Client({ ...target, ...extra });
  client.on('error', () => undefined);
  return client;
}

/** Ends a pg session; a timed-out or cancelled run does not wait for the server: its socket is destroyed. */
export function closePostgres(client: Client, signal: AbortSignal): void {
  if (signal.aborted) destroySocket(client);
  client.end().catch(() => undefined);
}

/** host, port, user, password and database of a mysql:// URL (percent-decoded), without its query. */
export function mysqlUrlOptions(url: URL): ConnectionOptions {
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username) || undefined,
    password: decodeURIComponent(url.password) || undefined,
    database: decodeURIComponent(url.pathname.replace(/^\//, '')) || undefined,
  };
}

/** For a statement's rows as plain JSON: one statement only, dates and big numbers as text (as JSON keeps them). */
export const MYSQL_PLAIN_ROWS: ConnectionOptions = { multipleStatements: false, dateStrings: true, supportBigNumbers: true, bigNumberStrings: true };

/** Asks the outbound guard about a MySQL target (throws its refusal); `dsn` is the connection as written, for the credential binding. */
export async function checkMysqlTarget(options: ConnectionOptions, ctx: CheckRunContext, dsn: string | null): Promise<void> {
  await ctx.outbound.check(
    { protocol: 'mysql:', host: String(options.host), port: Number(options.port ?? 3306) },
    { dsn, user: options.user, password: options.password },
  );
}

/**
 * Connects (the guard asked already), racing the run's signal; a connection that completes after the abort is closed
 * at once instead of being leaked. A connection killed on abort reports through the query, not as an unhandled event.
 */
async function connectMysql(options: ConnectionOptions, ctx: CheckRunContext): Promise<Connection> {
  let conn: Connection | null = null;
  const connecting = createConnection({ ...options, connectTimeout: Math.max(1, ctx.timeoutMs) });
  connecting.then(
    (c) => (ctx.signal.aborted && c !== conn ? killMysql(c) : undefined),
    () => undefined,
  );
  conn = await Promise.race([connecting, abortedBy(ctx.signal)]);
  conn.on('error', () => undefined);
  return conn;
}

/**
 * Connects (the guard asked already), gives the connection to `use`, and closes it whatever happens: at once when
 * the run was stopped, else politely.
 */
export async function withMysql<T>(options: ConnectionOptions, ctx: CheckRunContext, use: (conn: Connection) => Promise<T>): Promise<T> {
  let conn: Connection | null = null;
  try {
    conn = await connectMysql(options, ctx);
    return await use(conn);
  } finally {
    closeMysql(conn, ctx.signal);
  }
}

/** Runs one statement on the driver's event interface (`fields`, `result` per row or OK packet, `end`, `error`), rows not buffered. */
export function streamMysql(conn: Connection, sql: string): NodeJS.EventEmitter {
  return (conn as unknown as { connection: { query(sql: string): NodeJS.EventEmitter } }).connection.query(sql);
}

/** mysql2's destroy() only half-closes the socket, which a server busy with a statement (SLEEP) keeps open. */
export function killMysql(conn: Connection): void {
  conn.destroy();
  destroySocket(conn);
}

/** Ends a MySQL session; end() waits for the running statement, so a timed-out or cancelled run destroys the socket. */
function closeMysql(conn: Connection | null, signal: AbortSignal): void {
  if (conn && signal.aborted) killMysql(conn);
  else if (conn) conn.end().catch(() => killMysql(conn));
}

/**
 * Caps the session's statement time at the run's timeout on the server where it can: `max_statement_time` on
 * MariaDB for every statement, `MAX_EXECUTION_TIME` on MySQL (SELECTs only).
 */
export async function capMysqlStatementTime(conn: Connection, ctx: CheckRunContext): Promise<void> {
  const aborted = abortedBy(ctx.signal);
  const [version] = await Promise.race([conn.query('SELECT VERSION() AS v'), aborted]);
  const mariadb = /mariadb/i.test(String((version as { v: string }[])[0]?.v));
  const seconds = Math.max(0.001, ctx.timeoutMs / 1000);
  await Promise.race([
    conn.query(mariadb ? `SET SESSION max_statement_time = ${seconds}` : `SET SESSION MAX_EXECUTION_TIME = ${Math.ceil(ctx.timeoutMs)}`),
    aborted,
  ]);
}
