import { Client, Query, type QueryResult } from 'pg';
import { parse as parseConnectionString } from 'pg-connection-string';
import { createConnection, type Connection, type ConnectionOptions } from 'mysql2/promise';
import type { CheckRunContext } from '@contracts';
import { abortedBy } from '@gateway/core/checks/runner-kit';

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

/** Values as JSON has them (dates as ISO text, bigints as text as the drivers give them), so the result stores as is. */
const plain = (row: Record<string, unknown>): Record<string, unknown> => JSON.parse(JSON.stringify(row)) as Record<string, unknown>;

/**
 * Postgres: one statement over the extended protocol (a `; DROP …` cannot follow it), committed on its own, under
 * `statement_timeout` (the action's time) so the server stops it too. Rows past `maxRows` are counted, not kept; the
 * statement is never cut short, since ending it early would roll a write back. Host and port come from the parsed URL
 * alone (never `?host=`), and options that name files on this machine are refused.
 */
export async function queryPostgres(statement: Statement, ctx: CheckRunContext): Promise<StatementResult> {
  const config = parseConnectionString(statement.url.href);
  if (!config.host || config.host.startsWith('/')) throw new Error('connection: must name a network host (unix sockets are not reachable from playbooks)');
  const files = (['sslcert', 'sslkey', 'sslrootcert'] as const).filter((k) => (config as Record<string, unknown>)[k]);
  if (files.length) throw new Error(`connection: ${files.join(', ')} name files on the console's machine and are not allowed`);
  const port = Number(config.port || 5432);
  await ctx.outbound.check({ protocol: 'postgres:', host: config.host, port }, { target: statement.url.href, user: config.user, password: config.password });
  const client = new Client({
    host: config.host,
    port,
    database: config.database ?? undefined,
    user: config.user,
    password: config.password,
    ssl: config.ssl as boolean | undefined,
    connectionTimeoutMillis: Math.max(1, ctx.timeoutMs),
    statement_timeout: Math.max(1, Math.floor(ctx.timeoutMs)),
    application_name: 'console-playbook',
  });
  client.on('error', () => undefined); // a connection dropped on abort reports through the query
  const aborted = abortedBy(ctx.signal);
  try {
    await Promise.race([client.connect(), aborted]);
    const rows: Record<string, unknown>[] = [];
    let seen = 0;
    const result = await Promise.race([
      new Promise<QueryResult>((resolve, reject) => {
        const query = new Query({ text: statement.sql, queryMode: 'extended' } as ConstructorParameters<typeof Query>[0]);
        query.on('row', (row: Record<string, unknown>) => {
          if (seen++ < statement.maxRows) rows.push(plain(row));
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
    // end() waits for the server; a timed-out or cancelled action must not, so the socket is destroyed instead.
    if (ctx.signal.aborted) (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    client.end().catch(() => undefined);
  }
}

/**
 * MySQL / MariaDB: one statement (the driver's default), autocommitted, its time capped on the server where it can be
 * (`max_statement_time` on MariaDB for every statement, `MAX_EXECUTION_TIME` on MySQL for SELECTs), rows streamed,
 * rows past `maxRows` counted, not kept.
 */
export async function queryMysql(statement: Statement, ctx: CheckRunContext): Promise<StatementResult> {
  const { url } = statement;
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
    const [version] = await Promise.race([conn.query('SELECT VERSION() AS v'), aborted]);
    const mariadb = /mariadb/i.test(String((version as { v: string }[])[0]?.v));
    const seconds = Math.max(0.001, ctx.timeoutMs / 1000);
    await Promise.race([
      conn.query(mariadb ? `SET SESSION max_statement_time = ${seconds}` : `SET SESSION MAX_EXECUTION_TIME = ${Math.ceil(ctx.timeoutMs)}`),
      aborted,
    ]);
    const core = (conn as unknown as { connection: { query(sql: string): NodeJS.EventEmitter } }).connection;
    const rows: Record<string, unknown>[] = [];
    let seen = 0;
    let fields: string[] | null = null;
    let changed = 0;
    await Promise.race([
      new Promise<void>((resolve, reject) => {
        const query = core.query(statement.sql);
        // Rows follow a `fields` packet; an INSERT or UPDATE answers with an OK packet (affectedRows) and no fields.
        query.on('fields', (columns?: { name: string }[]) => {
          if (columns) fields = columns.map((c) => c.name);
        });
        query.on('result', (row: Record<string, unknown>) => {
          if (!fields) changed += Number((row as { affectedRows?: number }).affectedRows ?? 0);
          else if (seen++ < statement.maxRows) rows.push(plain(row));
        });
        query.on('end', () => resolve());
        query.on('error', reject);
      }),
      aborted,
    ]);
    return { rows, count: fields ? seen : changed, fields };
  } finally {
    // end() waits for the running statement; a timed-out or cancelled action must not, so the socket is destroyed.
    if (conn && ctx.signal.aborted) kill(conn);
    else if (conn) conn.end().catch(() => conn && kill(conn));
  }
}

/** mysql2's destroy() only half-closes the socket, which a server busy with a statement keeps open. */
function kill(conn: Connection): void {
  conn.destroy();
  (conn as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}
