import { Injectable } from '@nestjs/common';
import type { CheckResult, CheckRunContext, CheckRunner, CheckSpec } from '@contracts';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { abortedBy, isConnectionRef, queryCheckProblems, rowCountResult } from '@gateway/core/checks/runner-kit';
import {
  expandTemplate,
  expandUrlTemplate,
  templateProblem,
  templateSample,
  templateValues,
  unresolvedProblem,
} from '@gateway/core/checks/connection-template';
import { isKeywordDsn, keywordDsnProblem, keywordDsnToUrl, parseKeywordDsn, KeywordDsnError } from './keyword-dsn';
import { CHECK_RUNNERS } from '@gateway/core/checks/check-runners';
import { closePostgres, postgresClient, postgresTarget } from '@gateway/core/checks/sql-connection';

const isUrl = (v: unknown): v is string => typeof v === 'string' && /^postgres(ql)?:\/\//i.test(v);

/** Why a connection string (URL or libpq keyword/value pairs, placeholders expanded) cannot be used, or null. */
function connectionProblem(text: string): string | null {
  if (isUrl(text)) {
    try {
      new URL(text);
      return null;
    } catch {
      return 'connection: not a valid postgres:// URL';
    }
  }
  if (!isKeywordDsn(text)) return 'connection: must be a postgres:// URL, libpq keyword/value pairs (host=… port=… dbname=…) or a connection:// reference';
  try {
    const problem = keywordDsnProblem(parseKeywordDsn(text));
    return problem ? `connection: ${problem}` : null;
  } catch (err) {
    if (err instanceof KeywordDsnError) return `connection: ${err.message}`;
    throw err;
  }
}

/**
 * The connection as a postgres:// URL with `$(username)`/`$(password)` expanded (percent-encoded in a URL, as written
 * in a keyword/value value); a string saying why not when it cannot be read.
 */
function connectionUrl(text: string, values: { username: string | null; password: string | null }): { url: string } | { problem: string } {
  const problem = connectionProblem(templateSample(text));
  if (problem) return { problem };
  if (isUrl(text)) return { url: expandUrlTemplate(text, values) };
  const pairs = parseKeywordDsn(text);
  const expanded = new Map([...pairs].map(([k, v]) => [k, expandTemplate(v, values)]));
  const expandedProblem = keywordDsnProblem(expanded);
  if (expandedProblem) return { problem: `connection: ${expandedProblem}` };
  try {
    return { url: keywordDsnToUrl(expanded) };
  } catch {
    return { problem: 'connection: the host or port is not valid' };
  }
}

/**
 * Check type `postgres`: connects, runs `query` (default `SELECT 1`), passes when the row count equals `results` (when
 * set). The connection is a postgres:// URL, libpq keyword/value pairs or a connection:// reference; `$(username)`
 * and `$(password)` in it are the check's own fields.
 */
@Injectable()
@Extension(CHECK_RUNNERS, 'postgres')
export class PostgresCheckRunner implements CheckRunner {
  readonly type = 'postgres';

  validate(spec: CheckSpec): string[] {
    return queryCheckProblems(spec, (connection) => templateProblem(connection, 'connection') ?? connectionProblem(templateSample(connection)));
  }

  async run(spec: CheckSpec, ctx: CheckRunContext): Promise<CheckResult> {
    const started = Date.now();
    const problems = this.validate(spec);
    if (problems.length) return { pass: false, invalid: true, duration: 0, message: problems.join('; '), error: problems.join('; '), details: {} };

    const raw = spec.connection ?? spec.url;
    const text = typeof raw === 'string' && !isConnectionRef(raw) ? raw : await ctx.resolveSecret(raw);
    if (!text) {
      const message = 'connection: could not be resolved';
      return { pass: false, invalid: true, duration: Date.now() - started, message, error: message, details: {} };
    }
    const values = await templateValues(spec, ctx);
    const unresolved = unresolvedProblem(text, spec, values);
    if (unresolved) return { pass: false, invalid: true, duration: Date.now() - started, message: unresolved, error: unresolved, details: {} };
    const read = connectionUrl(text, values);
    if ('problem' in read) {
      const message = text === raw ? read.problem : `${read.problem} (in the resolved connection)`;
      return { pass: false, invalid: true, duration: Date.now() - started, message, error: message, details: {} };
    }
    const user = values.username ?? undefined;
    const password = values.password ?? undefined;
    const target = withCredentials(read.url, user, password);
    const guarded = await postgresTarget(target, ctx, 'checks', 'are not allowed in checks');
    if ('problem' in guarded) {
      return { pass: false, invalid: true, duration: Date.now() - started, message: guarded.problem, error: guarded.problem, details: {} };
    }
    const client = postgresClient(guarded);
    const aborted = abortedBy(ctx.signal);
    try {
      await Promise.race([client.connect(), aborted]);
      const res = await Promise.race([client.query(String(spec.query ?? 'SELECT 1')), aborted]);
      return rowCountResult(res.rows as Record<string, unknown>[], spec.results as number | undefined, started);
    } catch (err) {
      const message = ctx.signal.aborted ? `timed out after ${ctx.timeoutMs}ms` : (err as Error).message;
      return { pass: false, invalid: false, duration: Date.now() - started, message, error: message, details: {} };
    } finally {
      closePostgres(client, ctx.signal);
    }
  }
}

/** `username`/`password` fields win over the URL's own (pg lets the connection string override separate fields). */
function withCredentials(connectionString: string, user: string | undefined, password: string | undefined): string {
  if (user === undefined && password === undefined) return connectionString;
  const url = new URL(connectionString);
  if (user !== undefined) url.username = encodeURIComponent(user);
  if (password !== undefined) url.password = encodeURIComponent(password);
  return url.toString();
}
