import { Injectable } from '@nestjs/common';
import { Client, Query } from 'pg';
import { parse as parseConnectionString } from 'pg-connection-string';
import { createConnection, type Connection, type ConnectionOptions } from 'mysql2/promise';
import type { ScrapeContext, ScrapedConfig, ScrapeOutput, ScraperSpec, ScraperType } from '@contracts';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { SCRAPER_TYPES } from '@gateway/core/scrapers/scraper-types';
import { abortedBy, isConnectionRef, resolveValue } from '@gateway/core/checks/runner-kit';
import { expandUrlTemplate, templateNames, templateProblem, templateSample } from '@gateway/core/checks/connection-template';

/** Rows one scrape may return; more fail it (each row is an item held in memory and diffed). */
export const MAX_ROWS = 50_000;

export type SqlDriver = 'postgres' | 'mysql';
const DRIVERS: Record<string, SqlDriver> = { postgres: 'postgres', postgresql: 'postgres', mysql: 'mysql', mariadb: 'mysql' };

/** The driver a URL's scheme names, or null. */
function driverOfUrl(text: string): SqlDriver | null {
  const scheme = /^([a-z]+):\/\//i.exec(text)?.[1]?.toLowerCase();
  return scheme ? (DRIVERS[scheme] ?? null) : null;
}

const isSet = (v: unknown) => v !== undefined && v !== null && v !== '';

interface Credentials {
  username: string | null;
  password: string | null;
}

/**
 * Scraper type `sql` (config-db's SQL scraper): `connection` (a postgres:// or mysql:// URL, or `connection://name`;
 * `$(username)` / `$(password)` stand for `auth.username` / `auth.password`, each a value or a secret reference),
 * `driver` (postgres | mysql, else the URL's scheme) and `query`. Each row is one item (`config` the row). The query
 * runs read-only (a READ ONLY transaction on Postgres, read-only session and transaction on MySQL/MariaDB), under
 * the scrape's timeout, and at most MAX_ROWS rows.
 */
@Injectable()
@Extension(SCRAPER_TYPES, 'sql')
export class SqlScraper implements ScraperType {
  readonly type = 'sql';

  validate(spec: ScraperSpec): string[] {
    const errors: string[] = [];
    const { connection, driver, query } = spec;
    if (!isSet(connection)) errors.push('connection: required');
    else if (typeof connection !== 'string') errors.push('connection: must be a string');
    else if (!isConnectionRef(connection)) {
      const problem = templateProblem(connection, 'connection');
      if (problem) errors.push(problem);
      else if (!driverOfUrl(connection)) errors.push('connection: must be a postgres:// or mysql:// URL, or a connection:// reference');
      else {
        try {
          new URL(templateSample(connection));
        } catch {
          errors.push('connection: not a valid URL');
        }
      }
    }
    if (driver !== undefined && !(typeof driver === 'string' && DRIVERS[driver.toLowerCase()])) errors.push('driver: must be postgres or mysql');
    else if (
      typeof driver === 'string' &&
      typeof connection === 'string' &&
      driverOfUrl(connection) &&
      driverOfUrl(connection) !== DRIVERS[driver.toLowerCase()]
    ) {
      errors.push(`driver: ${driver} does not match the connection's ${driverOfUrl(connection)}:// URL`);
    }
    if (typeof query !== 'string' || !query.trim()) errors.push('query: required');
    const auth = spec.auth;
    if (auth !== undefined && (!auth || typeof auth !== 'object' || Array.isArray(auth))) errors.push('auth: must be a map of username and password');
    return errors;
  }

  async scrape(spec: ScraperSpec, ctx: ScrapeContext): Promise<ScrapeOutput> {
    const problems = this.validate(spec);
    if (problems.length) throw new Error(problems.join('; '));
    const written = spec.connection as string;
    const text = isConnectionRef(written) ? await ctx.resolveSecret(written) : written;
    if (!text) throw new Error(`connection: ${written} could not be resolved`);
    const credentials = await this.credentials(spec, ctx, text);
    const driver = typeof spec.driver === 'string' ? DRIVERS[spec.driver.toLowerCase()] : driverOfUrl(text);
    if (!driver) throw new Error('connection: the resolved connection is not a postgres:// or mysql:// URL (set driver)');
    const url = connectionUrl(text, credentials, driver);
    const rows = driver === 'postgres' ? await queryPostgres(url, String(spec.query), ctx) : await queryMysql(url, String(spec.query), ctx);
    return { configs: rows.map((row): ScrapedConfig => ({ config: row, format: 'json', source: 'sql' })) };
  }

  /**
   * `auth.username` / `auth.password` (config-db) or `username` / `password` (the check runners' fields), resolved.
   * A placeholder whose field is written but does not resolve stops the scrape: expanding it to '' would sign in as
   * the driver's default user.
   */
  private async credentials(spec: ScraperSpec, ctx: ScrapeContext, text: string): Promise<Credentials> {
    const auth = (spec.auth ?? {}) as Record<string, unknown>;
    const out: Credentials = { username: null, password: null };
    for (const name of ['username', 'password'] as const) {
      const field = auth[name] ?? spec[name];
      out[name] = await resolveValue(field, ctx);
      if (isSet(field) && out[name] === null) throw new Error(`auth.${name}: could not be resolved`);
    }
    const missing = templateNames(text).filter((n) => (n === 'username' || n === 'password') && out[n] === null);
    if (missing.length) throw new Error(`connection: uses ${missing.map((n) => `$(${n})`).join(', ')} but auth.${missing[0]} is not set`);
    return out;
  }
}

/** The connection with placeholders expanded, the written credentials winning over the URL's own, as a URL. */
function connectionUrl(text: string, credentials: Credentials, driver: SqlDriver): URL {
  let url: URL;
  try {
    url = new URL(expandUrlTemplate(text, { ...credentials }));
  } catch {
    throw new Error('connection: not a valid URL');
  }
  if (driverOfUrl(url.href) !== driver) throw new Error(`connection: not a ${driver}:// URL`);
  if (credentials.username !== null && !/\$\(\s*\.?username\s*\)/.test(text)) url.username = encodeURIComponent(credentials.username);
  if (credentials.password !== null && !/\$\(\s*\.?password\s*\)/.test(text)) url.password = encodeURIComponent(credentials.password);
  if (!url.hostname || url.hostname.startsWith('%2F')) throw new Error('connection: must name a network host');
  return url;
}

/** Values as JSON has them (dates as ISO text, bigints as text as pg gives them), so the engine diffs plain data. */
const plain = (row: Record<string, unknown>): Record<string, unknown> => JSON.parse(JSON.stringify(row)) as Record<string, unknown>;

function tooMany(): Error {
  return new Error(`query: more than ${MAX_ROWS} rows; narrow the query (each row is a config item)`);
}

/**
 * Postgres: `BEGIN READ ONLY`, a snapshot taken (after which read-write mode cannot be set back), the statement
 * timeout, then the query over the extended protocol (one statement: a `; COMMIT; …` cannot leave the transaction),
 * rows streamed and counted. Host and port come from the parsed URL alone (never `?host=` or ssl files).
 */
async function queryPostgres(url: URL, sql: string, ctx: ScrapeContext): Promise<Record<string, unknown>[]> {
  const config = parseConnectionString(url.href);
  if (!config.host || config.host.startsWith('/')) throw new Error('connection: must name a network host (unix sockets are not reachable from scrapers)');
  const files = (['sslcert', 'sslkey', 'sslrootcert'] as const).filter((k) => (config as Record<string, unknown>)[k]);
  if (files.length) throw new Error(`connection: ${files.join(', ')} name files on the console's machine and are not allowed`);
  const port = Number(config.port || 5432);
  await ctx.outbound.check({ protocol: 'postgres:', host: config.host, port }, { target: url.href, user: config.user, password: config.password });
  const client = new Client({
    host: config.host,
    port,
    database: config.database ?? undefined,
    user: config.user,
    password: config.password,
    ssl: config.ssl as boolean | undefined,
    connectionTimeoutMillis: Math.max(1, ctx.timeoutMs),
    application_name: 'console-scraper',
  });
  client.on('error', () => undefined); // a connection dropped on abort reports through the query
  const aborted = abortedBy(ctx.signal);
  try {
    await Promise.race([client.connect(), aborted]);
    await Promise.race([client.query('BEGIN READ ONLY'), aborted]);
    await Promise.race([client.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.floor(ctx.timeoutMs))}`), aborted]);
    await Promise.race([client.query('SELECT 1'), aborted]);
    const rows: Record<string, unknown>[] = [];
    await Promise.race([
      new Promise<void>((resolve, reject) => {
        const query = new Query({ text: sql, queryMode: 'extended' } as ConstructorParameters<typeof Query>[0]);
        query.on('row', (row: Record<string, unknown>) => {
          if (rows.length >= MAX_ROWS) {
            reject(tooMany());
            destroy(client);
            return;
          }
          rows.push(plain(row));
        });
        query.on('end', () => resolve());
        query.on('error', reject);
        client.query(query);
      }),
      aborted,
    ]);
    return rows;
  } catch (err) {
    throw ctx.signal.aborted ? new Error(`timed out after ${ctx.timeoutMs}ms`) : err;
  } finally {
    if (ctx.signal.aborted) destroy(client);
    // ROLLBACK ends the read-only transaction (nothing to keep); end() then closes the session.
    client
      .query('ROLLBACK')
      .catch(() => undefined)
      .finally(() => client.end().catch(() => undefined));
  }
}

function destroy(client: Client): void {
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

/**
 * MySQL / MariaDB: the session read-only (`SET SESSION TRANSACTION READ ONLY`, then a read-only transaction), its
 * statement time capped (`max_statement_time` on MariaDB, `MAX_EXECUTION_TIME` on MySQL), one statement only (the
 * driver's default), rows streamed and counted.
 */
async function queryMysql(url: URL, sql: string, ctx: ScrapeContext): Promise<Record<string, unknown>[]> {
  const options: ConnectionOptions = {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username) || undefined,
    password: decodeURIComponent(url.password) || undefined,
    database: decodeURIComponent(url.pathname.replace(/^\//, '')) || undefined,
    connectTimeout: Math.max(1, ctx.timeoutMs),
    multipleStatements: false,
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: true,
  };
  await ctx.outbound.check(
    { protocol: 'mysql:', host: String(options.host), port: Number(options.port) },
    { dsn: url.href, user: options.user, password: options.password },
  );
  const aborted = abortedBy(ctx.signal);
  let conn: Connection | null = null;
  const connecting = createConnection(options);
  // A connection that completes after the timeout is closed at once instead of being leaked.
  connecting.then(
    (c) => (ctx.signal.aborted && c !== conn ? kill(c) : undefined),
    () => undefined,
  );
  try {
    conn = await Promise.race([connecting, aborted]);
    conn.on('error', () => undefined);
    await Promise.race([conn.query('SET SESSION TRANSACTION READ ONLY'), aborted]);
    const [version] = await Promise.race([conn.query('SELECT VERSION() AS v'), aborted]);
    const mariadb = /mariadb/i.test(String((version as { v: string }[])[0]?.v));
    const seconds = Math.max(0.001, ctx.timeoutMs / 1000);
    await Promise.race([
      conn.query(mariadb ? `SET SESSION max_statement_time = ${seconds}` : `SET SESSION MAX_EXECUTION_TIME = ${Math.ceil(ctx.timeoutMs)}`),
      aborted,
    ]);
    await Promise.race([conn.query('START TRANSACTION READ ONLY'), aborted]);
    const core = (conn as unknown as { connection: { query(sql: string): NodeJS.EventEmitter } }).connection;
    const rows: Record<string, unknown>[] = [];
    await Promise.race([
      new Promise<void>((resolve, reject) => {
        const query = core.query(sql);
        // Rows follow a `fields` packet; an INSERT or SET answers with an OK packet instead (nothing to scrape).
        let resultSet = false;
        query.on('fields', () => (resultSet = true));
        query.on('result', (row: Record<string, unknown>) => {
          if (!resultSet) return;
          if (rows.length >= MAX_ROWS) {
            reject(tooMany());
            kill(conn!);
            return;
          }
          rows.push(plain(row));
        });
        query.on('end', () => resolve());
        query.on('error', reject);
      }),
      aborted,
    ]);
    return rows;
  } catch (err) {
    throw ctx.signal.aborted ? new Error(`timed out after ${ctx.timeoutMs}ms`) : err;
  } finally {
    if (conn && ctx.signal.aborted) kill(conn);
    else if (conn) conn.end().catch(() => conn && kill(conn));
  }
}

/** mysql2's destroy() only half-closes the socket, which a server busy with a query keeps open. */
function kill(conn: Connection): void {
  conn.destroy();
  (conn as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}
