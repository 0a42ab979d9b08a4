import { Injectable } from '@nestjs/common';
import type { ActionContext, ActionOutcome, ActionSpec, ActionType } from '@contracts';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { ACTION_TYPES, failureMessage, judgedLater, unknownFieldProblems, valueFieldProblems } from '@gateway/core/playbooks';
import { isConnectionRef } from '@gateway/core/checks/runner-kit';
import { sqlConnectionUrl, sqlCredentials, sqlDriverFor, sqlTargetProblems, type SqlDriver } from '@gateway/core/checks/sql-connection';
import { OutboundRefused } from '@gateway/core/outbound';
import { queryMysql, queryPostgres, type Statement, type StatementResult } from './sql.drivers';

export const DEFAULT_MAX_ROWS = 1000;
/** The most rows an action may keep in its result (`maxRows`): the result is stored with the run. */
export const MAX_ROWS_LIMIT = 10_000;
const FIELDS = ['driver', 'connection', 'username', 'password', 'query', 'maxRows'];

/**
 * Action type `sql`: runs one statement (`query`) on Postgres (`pg`) or MySQL/MariaDB (`mysql2`) and gives back its
 * rows. Unlike the SQL scraper it may write: a playbook changes things. `connection` is a postgres:// or mysql:// URL
 * (`$(username)` / `$(password)` stand for the `username` / `password` fields, each a value or a secret reference) or
 * `connection://name`; the outbound policy is asked with the host and port before connecting.
 */
@Injectable()
@Extension(ACTION_TYPES, 'sql')
export class SqlAction implements ActionType {
  readonly type = 'sql';
  /** A statement may have written before the run was interrupted. */
  readonly retrySafe = false;

  /** At save time, a field written as a template (`{{ .params.db }}`, `$(…)`) is judged when the action runs. */
  validate(body: ActionSpec): string[] {
    return this.problems(body, false);
  }

  async run(body: ActionSpec, ctx: ActionContext): Promise<ActionOutcome> {
    const problems = this.problems(body, true);
    if (problems.length) return { error: problems.join('; '), result: {} };
    const target = await this.target(body, ctx);
    if ('problem' in target) return { error: target.problem, result: {} };
    const statement: Statement = { url: target.url, sql: String(body.query), maxRows: maxRowsOf(body.maxRows) ?? DEFAULT_MAX_ROWS };
    ctx.log(`${target.driver} ${target.url.host}${target.url.pathname}`);
    let out: StatementResult;
    try {
      out = target.driver === 'postgres' ? await queryPostgres(statement, ctx) : await queryMysql(statement, ctx);
    } catch (err) {
      if (err instanceof OutboundRefused) return { error: err.message, result: {} };
      return { error: failureMessage(ctx, err), result: {} };
    }
    const result: Record<string, unknown> = { rows: out.rows, count: out.count };
    if (out.fields) result.fields = out.fields;
    if (out.rows.length < out.count && out.fields) {
      result.truncated = true;
      ctx.log(`${out.count} rows, the first ${out.rows.length} kept (maxRows)`);
    } else ctx.log(out.fields ? `${out.count} rows` : `${out.count} rows changed`);
    return { error: null, result };
  }

  private problems(body: ActionSpec, atRun: boolean): string[] {
    const errors: string[] = [];
    const later = judgedLater(atRun);
    const { connection, driver, query, maxRows } = body;
    errors.push(...sqlTargetProblems(connection, driver, later));
    if (typeof query !== 'string' || !query.trim()) errors.push('query: required');
    if (maxRows !== undefined && !later(maxRows) && maxRowsOf(maxRows) === null) errors.push(`maxRows: must be a whole number from 1 to ${MAX_ROWS_LIMIT}`);
    errors.push(...valueFieldProblems(body, ['username', 'password']));
    errors.push(...unknownFieldProblems(body, 'sql', FIELDS));
    return errors;
  }

  /**
   * The connection as a URL with its credentials: the written `username` / `password` fill `$(username)` /
   * `$(password)` and win over the URL's own. A placeholder or field that does not resolve stops the action: expanding
   * it to '' would sign in as the driver's default user.
   */
  private async target(body: ActionSpec, ctx: ActionContext): Promise<{ url: URL; driver: SqlDriver } | { problem: string }> {
    const written = body.connection as string;
    const text = isConnectionRef(written) ? await ctx.resolveSecret(written) : written;
    if (!text) return { problem: `connection: ${written} could not be resolved` };
    const resolved = await sqlCredentials({ username: body.username, password: body.password }, text, ctx);
    if ('problem' in resolved) return resolved;
    const driver = sqlDriverFor(body.driver, text);
    if (!driver) return { problem: 'driver: required: the connection does not say whether it is postgres or mysql' };
    const read = sqlConnectionUrl(text, resolved.credentials, driver, isConnectionRef(written) ? `connection: ${written} is not a URL` : undefined);
    if ('problem' in read) return read;
    const { url } = read;
    return { url, driver };
  }
}

/** `maxRows` as written (a number, or its text once a template rendered it), or null when it is not 1…MAX_ROWS_LIMIT. */
function maxRowsOf(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_ROWS_LIMIT ? n : null;
}
