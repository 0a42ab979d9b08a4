import { Injectable } from '@nestjs/common';
import { createConnection, type Connection, type ConnectionOptions } from 'mysql2/promise';
import type { CheckResult, CheckRunContext, CheckRunner, CheckSpec } from '@contracts';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { resolveValue } from '@gateway/core/checks/runner-kit';

/** Rows kept in a result's details (the count is always the full one): a check stores a sample, not a table. */
const MAX_ROWS = 100;

const isUrl = (v: unknown): v is string => typeof v === 'string' && /^mysql:\/\//i.test(v);
/** Go driver DSN as canary-checker users write it: `user:pass@tcp(host:port)/db?params`. */
const GO_DSN = /^(?:([^:@/]*)(?::([^@/]*))?@)?tcp\(([^)]+)\)\/([^?]*)(?:\?.*)?$/;
const isDsn = (v: unknown): v is string => isUrl(v) || (typeof v === 'string' && GO_DSN.test(v));

/** Connection options from a `mysql://` URL or a Go-style DSN; null when neither. */
export function mysqlOptions(dsn: string): ConnectionOptions | null {
  if (isUrl(dsn)) {
    try {
      const u = new URL(dsn);
      return {
        host: u.hostname.replace(/^\[|\]$/g, ''),
        port: Number(u.port || 3306),
        user: decodeURIComponent(u.username) || undefined,
        password: decodeURIComponent(u.password) || undefined,
        database: decodeURIComponent(u.pathname.replace(/^\//, '')) || undefined,
      };
    } catch {
      return null;
    }
  }
  const m = GO_DSN.exec(dsn);
  if (!m) return null;
  const hostPort = /^(?:\[([^\]]+)\]|([^:]+))(?::(\d+))?$/.exec(m[3]);
  if (!hostPort) return null;
  return {
    host: hostPort[1] ?? hostPort[2],
    port: Number(hostPort[3] ?? 3306),
    user: m[1] || undefined,
    password: m[2] || undefined,
    database: m[4] || undefined,
  };
}

/** Check type `mysql`: connects, runs `query` (default `SELECT 1`), passes when the row count equals `results` (when set). */
@Injectable()
@Extension('checks', 'mysql')
export class MysqlCheckRunner implements CheckRunner {
  readonly type = 'mysql';

  validate(spec: CheckSpec): string[] {
    const errors: string[] = [];
    const connection = spec.connection ?? spec.url;
    if (connection === undefined || connection === null || connection === '') errors.push('connection: required');
    else if (typeof connection === 'string' && !/^connection:\/\//.test(connection) && !(isDsn(connection) && mysqlOptions(connection))) {
      errors.push('connection: must be a mysql:// URL, a user:pass@tcp(host:port)/db DSN or a connection:// reference');
    }
    if (spec.query !== undefined && (typeof spec.query !== 'string' || !spec.query.trim())) errors.push('query: must be a non-empty string');
    if (spec.results !== undefined && !(Number.isInteger(spec.results) && (spec.results as number) >= 0)) errors.push('results: must be an integer ≥ 0');
    return errors;
  }

  async run(spec: CheckSpec, ctx: CheckRunContext): Promise<CheckResult> {
    const started = Date.now();
    const problems = this.validate(spec);
    if (problems.length) return { pass: false, invalid: true, duration: 0, message: problems.join('; '), error: problems.join('; '), details: {} };

    const raw = spec.connection ?? spec.url;
    const dsn = isDsn(raw) ? raw : await ctx.resolveSecret(raw);
    const options = dsn ? mysqlOptions(dsn) : null;
    if (!options) {
      const message = dsn ? 'connection: the resolved connection is not a mysql:// URL' : 'connection: could not be resolved';
      return { pass: false, invalid: true, duration: Date.now() - started, message, error: message, details: {} };
    }
    const user = (await resolveValue(spec.username, ctx)) ?? undefined;
    const password = (await resolveValue(spec.password, ctx)) ?? undefined;
    if (user !== undefined) options.user = user;
    if (password !== undefined) options.password = password;
    await ctx.outbound.check({ protocol: 'mysql:', host: String(options.host), port: Number(options.port ?? 3306) }, { dsn, user: options.user, password: options.password });

    const aborted = new Promise<never>((_, reject) => {
      const onAbort = () => reject(new Error('aborted'));
      if (ctx.signal.aborted) onAbort();
      else ctx.signal.addEventListener('abort', onAbort, { once: true });
    });
    aborted.catch(() => undefined);
    let conn: Connection | null = null;
    const connecting = createConnection({ ...options, connectTimeout: Math.max(1, ctx.timeoutMs) });
    // A connection that completes after the timeout is closed at once instead of being leaked.
    connecting.then((c) => (ctx.signal.aborted && c !== conn ? kill(c) : undefined), () => undefined);
    try {
      conn = await Promise.race([connecting, aborted]);
      conn.on('error', () => undefined); // a connection killed on abort reports through the query, not as an unhandled event
      const [result] = await Promise.race([conn.query(String(spec.query ?? 'SELECT 1')), aborted]);
      const duration = Date.now() - started;
      const rows = Array.isArray(result) ? (result as Record<string, unknown>[]) : [];
      const expected = spec.results as number | undefined;
      const pass = expected === undefined || rows.length === expected;
      const message = pass ? `${rows.length} rows` : `got ${rows.length} rows, expected ${expected}`;
      return { pass, invalid: false, duration, message, error: pass ? null : message, details: { rows: rows.slice(0, MAX_ROWS), count: rows.length, duration } };
    } catch (err) {
      const message = ctx.signal.aborted ? `timed out after ${ctx.timeoutMs}ms` : (err as Error).message;
      return { pass: false, invalid: false, duration: Date.now() - started, message, error: message, details: {} };
    } finally {
      // end() waits for the running query; a timed-out check must not, so the socket is destroyed instead.
      if (conn && ctx.signal.aborted) kill(conn);
      else if (conn) conn.end().catch(() => conn && kill(conn));
    }
  }
}

/** mysql2's destroy() only half-closes the socket, which a server busy with a query (SLEEP) keeps open. */
function kill(conn: Connection): void {
  conn.destroy();
  (conn as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

