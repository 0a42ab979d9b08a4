import { Injectable } from '@nestjs/common';
import { Query } from 'pg';
import type { Connection, ConnectionOptions } from 'mysql2/promise';
import type { ScrapeContext, ScrapedConfig, ScrapeOutput, ScraperSpec, ScraperType } from '@contracts';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { SCRAPER_TYPES } from '@gateway/core/scrapers/scraper-types';
import { abortedBy, isConnectionRef } from '@gateway/core/checks/runner-kit';
import {
  capMysqlStatementTime,
  checkMysqlTarget,
  destroySocket,
  killMysql,
  MYSQL_PLAIN_ROWS,
  mysqlUrlOptions,
  plainRow,
  postgresClient,
  postgresTarget,
  sqlConnectionUrl,
  sqlCredentials,
  sqlDriverFor,
  sqlTargetProblems,
  streamMysql,
  withMysql,
} from '@gateway/core/checks/sql-connection';

/** Rows one scrape may return; more fail it (each row is an item held in memory and diffed). */
export const MAX_ROWS = 50_000;

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
    errors.push(...sqlTargetProblems(connection, driver));
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
    const auth = (spec.auth ?? {}) as Record<string, unknown>;
    const resolved = await sqlCredentials({ username: auth.username ?? spec.username, password: auth.password ?? spec.password }, text, ctx, 'auth.');
    if ('problem' in resolved) throw new Error(resolved.problem);
    const driver = sqlDriverFor(spec.driver, text);
    if (!driver) throw new Error('connection: the resolved connection is not a postgres:// or mysql:// URL (set driver)');
    const read = sqlConnectionUrl(text, resolved.credentials, driver);
    if ('problem' in read) throw new Error(read.problem);
    const { url } = read;
    const rows = driver === 'postgres' ? await queryPostgres(url, String(spec.query), ctx) : await queryMysql(url, String(spec.query), ctx);
    return { configs: rows.map((row): ScrapedConfig => ({ config: row, format: 'json', source: 'sql' })) };
  }
}

function tooMany(): Error {
  return new Error(`query: more than ${MAX_ROWS} rows; narrow the query (each row is a config item)`);
}

/**
 * Postgres: `BEGIN READ ONLY`, a snapshot taken (after which read-write mode cannot be set back), the statement
 * timeout, then the query over the extended protocol (one statement: a `; COMMIT; …` cannot leave the transaction),
 * rows streamed and counted. Host and port come from the parsed URL alone (never `?host=` or ssl files).
 */
async function queryPostgres(url: URL, sql: string, ctx: ScrapeContext): Promise<Record<string, unknown>[]> {
  const target = await postgresTarget(url.href, ctx, 'scrapers');
  if ('problem' in target) throw new Error(target.problem);
  const client = postgresClient(target, { application_name: 'console-scraper' });
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
            destroySocket(client);
            return;
          }
          rows.push(plainRow(row));
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
    if (ctx.signal.aborted) destroySocket(client);
    // ROLLBACK ends the read-only transaction (nothing to keep); end() then closes the session.
    client
      .query('ROLLBACK')
      .catch(() => undefined)
      .finally(() => client.end().catch(() => undefined));
  }
}

/**
 * MySQL / MariaDB: the session read-only (`SET SESSION TRANSACTION READ ONLY`, then a read-only transaction), its
 * statement time capped (`max_statement_time` on MariaDB, `MAX_EXECUTION_TIME` on MySQL), one statement only (the
 * driver's default), rows streamed and counted.
 */
async function queryMysql(url: URL, sql: string, ctx: ScrapeContext): Promise<Record<string, unknown>[]> {
  const options: ConnectionOptions = { ...mysqlUrlOptions(url), ...MYSQL_PLAIN_ROWS };
  await checkMysqlTarget(options, ctx, url.href);
  const aborted = abortedBy(ctx.signal);
  const read = async (conn: Connection): Promise<Record<string, unknown>[]> => {
    await Promise.race([conn.query('SET SESSION TRANSACTION READ ONLY'), aborted]);
    await capMysqlStatementTime(conn, ctx);
    await Promise.race([conn.query('START TRANSACTION READ ONLY'), aborted]);
    const rows: Record<string, unknown>[] = [];
    await Promise.race([
      new Promise<void>((resolve, reject) => {
        const query = streamMysql(conn, sql);
        // Rows follow a `fields` packet; an INSERT or SET answers with an OK packet instead (nothing to scrape).
        let resultSet = false;
        query.on('fields', () => (resultSet = true));
        query.on('result', (row: Record<string, unknown>) => {
          if (!resultSet) return;
          if (rows.length >= MAX_ROWS) {
            reject(tooMany());
            killMysql(conn);
            return;
          }
          rows.push(plainRow(row));
        });
        query.on('end', () => resolve());
        query.on('error', reject);
      }),
      aborted,
    ]);
    return rows;
  };
  try {
    return await withMysql(options, ctx, read);
  } catch (err) {
    throw ctx.signal.aborted ? new Error(`timed out after ${ctx.timeoutMs}ms`) : err;
  }
}
