import { Injectable } from '@nestjs/common';
import { Client, type ClientConfig } from 'pg';
import { parse as parseConnectionString } from 'pg-connection-string';
import type { CheckResult, CheckRunContext, CheckRunner, CheckSpec } from '@contracts';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { resolveValue } from '@gateway/core/checks/runner-kit';

/** Rows kept in a result's details (the count is always the full one): a check stores a sample, not a table. */
const MAX_ROWS = 100;

const isUrl = (v: unknown): v is string => typeof v === 'string' && /^postgres(ql)?:\/\//i.test(v);

/** Check type `postgres`: connects, runs `query` (default `SELECT 1`), passes when the row count equals `results` (when set). */
@Injectable()
@Extension('checks', 'postgres')
export class PostgresCheckRunner implements CheckRunner {
  readonly type = 'postgres';

  validate(spec: CheckSpec): string[] {
    const errors: string[] = [];
    const connection = spec.connection ?? spec.url;
    if (connection === undefined || connection === null || connection === '') errors.push('connection: required');
    else if (typeof connection === 'string' && !isUrl(connection) && !/^connection:\/\//.test(connection)) {
      errors.push('connection: must be a postgres:// URL or a connection:// reference');
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
    const connectionString = isUrl(raw) ? raw : await ctx.resolveSecret(raw);
    if (!connectionString) {
      const message = 'connection: could not be resolved';
      return { pass: false, invalid: true, duration: Date.now() - started, message, error: message, details: {} };
    }
    const user = (await resolveValue(spec.username, ctx)) ?? undefined;
    const password = (await resolveValue(spec.password, ctx)) ?? undefined;
    const target = withCredentials(connectionString, user, password);
    // pg reads host and port from the query string too (`?host=`), and ssl files from disk: the client is given the
    // very host and port the guard checked, and nothing that names a file on this machine.
    const config = parseConnectionString(target);
    const refused = unsafeOption(config);
    if (refused) return { pass: false, invalid: true, duration: Date.now() - started, message: refused, error: refused, details: {} };
    const port = Number(config.port || 5432);
    await ctx.outbound.check({ protocol: 'postgres:', host: config.host!, port }, { target, user, password });
    const { host, database, user: login, password: secret, ssl } = config;
    const client = new Client({
      host: host!,
      port,
      database: database ?? undefined,
      user: login,
      password: secret,
      ssl: ssl as ClientConfig['ssl'],
      connectionTimeoutMillis: Math.max(1, ctx.timeoutMs),
    });
    client.on('error', () => undefined); // a dropped connection after abort is reported through the query, not as an unhandled event
    const aborted = new Promise<never>((_, reject) => {
      const onAbort = () => reject(new Error('aborted'));
      if (ctx.signal.aborted) onAbort();
      else ctx.signal.addEventListener('abort', onAbort, { once: true });
    });
    aborted.catch(() => undefined);
    try {
      await Promise.race([client.connect(), aborted]);
      const res = await Promise.race([client.query(String(spec.query ?? 'SELECT 1')), aborted]);
      const duration = Date.now() - started;
      const rows = res.rows as Record<string, unknown>[];
      const expected = spec.results as number | undefined;
      const pass = expected === undefined || rows.length === expected;
      const message = pass ? `${rows.length} rows` : `got ${rows.length} rows, expected ${expected}`;
      return { pass, invalid: false, duration, message, error: pass ? null : message, details: { rows: rows.slice(0, MAX_ROWS), count: rows.length, duration } };
    } catch (err) {
      const message = ctx.signal.aborted ? `timed out after ${ctx.timeoutMs}ms` : (err as Error).message;
      return { pass: false, invalid: false, duration: Date.now() - started, message, error: message, details: {} };
    } finally {
      // end() waits for the server; a hung peer must not hold the check, so the socket is destroyed when aborted.
      if (ctx.signal.aborted) (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
      client.end().catch(() => undefined);
    }
  }
}

/** Why a parsed connection may not be used by a check, or null. */
function unsafeOption(config: ReturnType<typeof parseConnectionString>): string | null {
  if (!config.host || config.host.startsWith('/')) return 'connection: must name a network host (unix sockets are not reachable from checks)';
  const files = (['sslcert', 'sslkey', 'sslrootcert'] as const).filter((k) => (config as Record<string, unknown>)[k]);
  if (files.length) return `connection: ${files.join(', ')} name files on the console's machine and are not allowed in checks`;
  return null;
}

/** `username`/`password` fields win over the URL's own (pg lets the connection string override separate fields). */
function withCredentials(connectionString: string, user: string | undefined, password: string | undefined): string {
  if (user === undefined && password === undefined) return connectionString;
  const url = new URL(connectionString);
  if (user !== undefined) url.username = encodeURIComponent(user);
  if (password !== undefined) url.password = encodeURIComponent(password);
  return url.toString();
}
