import { Injectable, Logger } from '@nestjs/common';
import { CHECK_EXTENSION_POINT, CHECK_TYPE_NOT_SUPPORTED, type CheckResult, type CheckRunner, type CheckSpec } from '@contracts';
import { Db } from '@gateway/core/database/db.service';
import { notFound } from '@gateway/core/http/domain-error';
import { PluginHost } from '@gateway/core/plugin-host/plugin-host.service';
import { parseDuration } from './canary-document';
import { evaluate, plain } from './cel-loader';

export const DEFAULT_TIMEOUT_MS = 30_000;

/** A stored result, as `check_statuses` holds it. */
export interface CheckStatusRow {
  check_id: string;
  time: string;
  duration: number;
  status: boolean;
  invalid: boolean;
  message: string;
  error: string | null;
  details: Record<string, unknown>;
}

export interface CheckRow {
  id: string;
  type: string;
  spec: CheckSpec;
  status: string | null;
  schedule: string | null;
}

const expressionOf = (value: unknown): string | null => {
  if (typeof value === 'string' && value.trim()) return value;
  if (value && typeof value === 'object' && typeof (value as { expr?: unknown }).expr === 'string') return (value as { expr: string }).expr;
  return null;
};

/** Runs one check: its type's runner under a timeout, then transform → display → test, then stores the result. */
@Injectable()
export class CheckRunnerService {
  private readonly logger = new Logger(CheckRunnerService.name);

  constructor(
    private readonly db: Db,
    private readonly plugins: PluginHost,
  ) {}

  async runById(checkId: string): Promise<CheckStatusRow> {
    const check = await this.db.one<CheckRow>(
      `SELECT k.id, k.type, k.spec, k.status, c.schedule FROM checks k JOIN canaries c ON c.id = k.canary_id
       WHERE k.id = $1 AND k.deleted_at IS NULL AND c.deleted_at IS NULL`,
      [checkId],
    );
    if (!check) throw notFound('Check not found');
    return this.run(check);
  }

  /** Runs a check row and stores its result (the scheduler claims rows itself, then calls this). */
  async run(check: CheckRow): Promise<CheckStatusRow> {
    const started = new Date();
    const result = await this.execute(check.type, check.spec);
    return this.store(check, started, result);
  }

  /** The runner's result with the check's expressions applied; never throws. */
  async execute(type: string, spec: CheckSpec, runner = this.plugins.find<CheckRunner>(CHECK_EXTENSION_POINT, type)): Promise<CheckResult> {
    if (!runner) return { pass: false, invalid: true, duration: 0, message: CHECK_TYPE_NOT_SUPPORTED, error: CHECK_TYPE_NOT_SUPPORTED, details: {} };
    const timeoutMs = timeoutOf(spec);
    const controller = new AbortController();
    const t0 = Date.now();
    let timer: NodeJS.Timeout | undefined;
    let result: CheckResult;
    try {
      const timedOut = new Promise<CheckResult>((resolve) => {
        timer = setTimeout(() => {
          controller.abort(new Error(`timed out after ${timeoutMs} ms`));
          resolve({ pass: false, invalid: false, duration: Date.now() - t0, message: `timed out after ${timeoutMs} ms`, error: `timed out after ${timeoutMs} ms`, details: {} });
        }, timeoutMs);
      });
      result = await Promise.race([runner.run(spec, { signal: controller.signal, timeoutMs, resolveSecret }), timedOut]);
    } catch (error) {
      const message = (error as Error).message ?? String(error);
      result = { pass: false, invalid: false, duration: Date.now() - t0, message, error: message, details: {} };
    } finally {
      clearTimeout(timer);
    }
    return applyExpressions(spec, { ...result, details: result.details ?? {} });
  }

  private async store(check: CheckRow, started: Date, result: CheckResult): Promise<CheckStatusRow> {
    const status = result.pass && !result.invalid ? 'healthy' : 'unhealthy';
    return this.db.transaction(async (tx) => {
      const row = await tx.query<CheckStatusRow>(
        `INSERT INTO check_statuses (check_id, time, duration, status, invalid, message, error, details)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (check_id, time) DO NOTHING
         RETURNING check_id, to_char(time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS time, duration, status, invalid, message, error, details`,
        [check.id, started, Math.round(result.duration), result.pass && !result.invalid, result.invalid, result.message, result.error, JSON.stringify(result.details ?? {})],
      );
      await tx.query(
        `UPDATE checks SET status = $2, last_runtime = $3,
           last_transition_time = CASE WHEN status IS DISTINCT FROM $2 THEN $3 ELSE last_transition_time END
         WHERE id = $1`,
        [check.id, status, started],
      );
      return (
        row.rows[0] ?? {
          check_id: check.id, time: started.toISOString(), duration: Math.round(result.duration), status: result.pass && !result.invalid,
          invalid: result.invalid, message: result.message, error: result.error, details: result.details,
        }
      );
    });
  }
}

export function timeoutOf(spec: CheckSpec): number {
  const raw = spec.timeout;
  if (typeof raw === 'number' && raw > 0) return raw;
  if (typeof raw === 'string') {
    const ms = /^\d+$/.test(raw) ? Number(raw) : parseDuration(raw);
    if (ms && ms > 0) return ms;
  }
  return DEFAULT_TIMEOUT_MS;
}

async function resolveSecret(ref: unknown): Promise<string | null> {
  if (typeof ref === 'string') return ref;
  if (ref && typeof ref === 'object' && typeof (ref as { value?: unknown }).value === 'string') return (ref as { value: string }).value;
  return null;
}

/** transform → display → test over the result (its details, plus duration, pass, message). Pure; exported for tests. */
export function applyExpressions(spec: CheckSpec, result: CheckResult): CheckResult {
  if (result.invalid) return result;
  const scope = () => ({ ...result.details, details: result.details, duration: result.duration, pass: result.pass, message: result.message, error: result.error ?? '' });
  const invalid = (which: string, error: unknown): CheckResult => {
    const message = `${which}: ${(error as Error).message ?? String(error)}`;
    return { ...result, pass: false, invalid: true, message, error: message };
  };
  const transform = expressionOf(spec.transform);
  if (transform) {
    try {
      const value = plain(evaluate(transform, scope()));
      if (value && typeof value === 'object' && !Array.isArray(value)) result = { ...result, details: { ...result.details, ...(value as Record<string, unknown>) } };
      else result = { ...result, details: { ...result.details, transformed: value } };
    } catch (error) {
      return invalid('transform', error);
    }
  }
  const display = expressionOf(spec.display);
  if (display) {
    try {
      const value = plain(evaluate(display, scope()));
      result = { ...result, message: typeof value === 'string' ? value : JSON.stringify(value) };
    } catch (error) {
      return invalid('display', error);
    }
  }
  const test = expressionOf(spec.test);
  if (test) {
    let value: unknown;
    try {
      value = evaluate(test, scope());
    } catch (error) {
      return invalid('test', error);
    }
    if (typeof value !== 'boolean') return invalid('test', new Error(`must return a boolean, not ${typeof value === 'bigint' ? 'int' : typeof value}`));
    if (!value && result.pass) result = { ...result, pass: false, message: result.message || `test failed: ${test}`, error: result.error ?? `test failed: ${test}` };
  }
  return result;
}
