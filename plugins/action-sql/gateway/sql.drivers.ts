import { Query, type QueryResult } from 'pg';
import type { ConnectionOptions } from 'mysql2/promise';
import type { CheckRunContext } from '@contracts';
import { abortedBy } from '@gateway/core/checks/runner-kit';
import {
  capMysqlStatementTime,
  checkMysqlTarget,
  closePostgres,
  MYSQL_PLAIN_ROWS,
  mysqlUrlOptions,
  plainRow,
  postgresClient,
  postgresTarget,
  streamMysql,
  withMysql,
} from '@gateway/core/checks/sql-connection';

/**
 * The server's own limit comes a second after the action's: the action's stop (its timeout or a cancel, with the
 * engine's reason) comes first, and the server still ends a statement the console could not.
 */
const SERVER_MARGIN_MS = 1000;
/** One statement to run: where, what, and how many rows to keep. */
export interface Statement {
  url: URL;
  sql: string;
  maxRows: number;
}

/**
 * What a statement gave: its first `maxRows` rows as plain JSON, `count` (every row it returned, or for a statement
 * without a result set the rows it changed), and the column names when it had a result set.
 */
export interface StatementResult {
  rows: Record<string, unknown>[];
  count: number;
  fields: string[] | null;
}

/**
 * Postgres: one statement over the extended protocol (a `; DROP …` cannot follow it), committed on its own, under
 * `statement_timeout` (the action's time and a second) so the server stops it too. Rows past `maxRows` are counted, not kept; the
 * statement is never cut short, since ending it early would roll a write back. Host and port come from the parsed URL
 * alone (never `?host=`), and options that name files on this machine are refused.
 */
export async function queryPostgres(statement: Statement, ctx: CheckRunContext): Promise<StatementResult> {
  const target = await postgresTarget(statement.url.href, ctx, 'playbooks');
  if ('problem' in target) throw new Error(target.problem);
  const client = postgresClient(target, { statement_timeout: Math.max(1, Math.floor(ctx.timeoutMs + SERVER_MARGIN_MS)), application_name: 'console-playbook' });
  const aborted = abortedBy(ctx.signal);
  try {
    await Promise.race([client.connect(), aborted]);
    const rows: Record<string, unknown>[] = [];
    let seen = 0;
    const result = await Promise.race([
      new Promise<QueryResult>((resolve, reject) => {
        const query = new Query({ text: statement.sql, queryMode: 'extended' } as ConstructorParameters<typeof Query>[0]);
        query.on('row', (row: Record<string, unknown>) => {
          if (seen++ < statement.maxRows) rows.push(plainRow(row));
        });
        query.on('end', (res: QueryResult) => resolve(res));
        query.on('error', reject);
        client.query(query);
      }),
      aborted,
    ]);
    const fields = result.fields?.length ? result.fields.map((f) => f.name) : null;
    return { rows, count: fields ? seen : (result.rowCount ?? 0), fields };
  } finally {
    closePostgres(client, ctx.signal);
  }
}

/**
 * MySQL / MariaDB: one statement (the driver's default), autocommitted, its time capped on the server where it can be
 * (`max_statement_time` on MariaDB for every statement, `MAX_EXECUTION_TIME` on MySQL for SELECTs), rows streamed,
 * rows past `maxRows` counted, not kept.
 */
export async function queryMysql(statement: Statement, ctx: CheckRunContext): Promise<StatementResult> {
  const { url } = statement;
  const options: ConnectionOptions = { ...mysqlUrlOptions(url), ...MYSQL_PLAIN_ROWS };
  await checkMysqlTarget(options, ctx, url.href);
  const aborted = abortedBy(ctx.signal);
  return withMysql(options, ctx, async (conn) => {
    await capMysqlStatementTime(conn, { ...ctx, timeoutMs: ctx.timeoutMs + SERVER_MARGIN_MS });
    const rows: Record<string, unknown>[] = [];
    let seen = 0;
    let fields: string[] | null = null;
    let changed = 0;
    await Promise.race([
      new Promise<void>((resolve, reject) => {
        const query = streamMysql(conn, statement.sql);
        // Rows follow a `fields` packet; an INSERT or UPDATE answers with an OK packet (affectedRows) and no fields.
        query.on('fields', (columns?: { name: string }[]) => {
          if (columns) fields = columns.map((c) => c.name);
        });
        query.on('result', (row: Record<string, unknown>) => {
          if (!fields) changed += Number((row as { affectedRows?: number }).affectedRows ?? 0);
          else if (seen++ < statement.maxRows) rows.push(plainRow(row));
        });
        query.on('end', () => resolve());
        query.on('error', reject);
      }),
      aborted,
    ]);
    return { rows, count: fields ? seen : changed, fields };
  });
}
