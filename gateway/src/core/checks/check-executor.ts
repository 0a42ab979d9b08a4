import { CHECK_TYPE_NOT_SUPPORTED, type CheckResult, type CheckRunner, type CheckSpec } from '@contracts';
import type { ExpressionEvaluator } from '../cel';
import { secretResolver, type ConnectionLookup } from '../connections/secret-refs';
import { parseDuration } from '../jobs/schedule';
import { OutboundRefused, RunGuard, type AddressPolicy } from '../outbound';
import { applyExpressions } from './expressions';
import { limitDepth } from './runner-kit';

export const DEFAULT_CHECK_TIMEOUT_MS = 30_000;

/** A check's `timeout` (ms, or a duration like `2s`), else 30 s. */
export function timeoutOf(spec: CheckSpec): number {
  const raw = spec.timeout;
  if (typeof raw === 'number' && raw > 0) return raw;
  if (typeof raw === 'string') {
    const ms = /^\d+$/.test(raw) ? Number(raw) : parseDuration(raw);
    if (ms && ms > 0) return ms;
  }
  return DEFAULT_CHECK_TIMEOUT_MS;
}

export interface CheckExecutionDeps {
  policy: AddressPolicy;
  /** A stored connection's secret values by name (ConnectionStore.resolve). */
  resolveConnection: ConnectionLookup;
  expressions: Pick<ExpressionEvaluator, 'evaluate'>;
}

/**
 * One run of a check spec through its type's runner, with the guard rails every user spec gets: the outbound
 * address policy and credential binding (a fresh RunGuard), secrets from stored connections redacted from the
 * result, the type's timeout aborting the run, then the spec's transform/display/test in the bounded evaluator.
 * Never throws. Used by health (scheduled checks, Run Now) and by topology lookups, which run check types too.
 */
export async function executeCheck(runner: CheckRunner | undefined, spec: CheckSpec, deps: CheckExecutionDeps): Promise<CheckResult> {
  if (!runner) return { pass: false, invalid: true, duration: 0, message: CHECK_TYPE_NOT_SUPPORTED, error: CHECK_TYPE_NOT_SUPPORTED, details: {} };
  const timeoutMs = runner.timeoutMs?.(spec) ?? timeoutOf(spec);
  const controller = new AbortController();
  const guard = new RunGuard(deps.policy);
  const t0 = Date.now();
  let timer: NodeJS.Timeout | undefined;
  let result: CheckResult;
  try {
    const timedOut = new Promise<CheckResult>((resolve) => {
      timer = setTimeout(() => {
        controller.abort(new Error(`timed out after ${timeoutMs} ms`));
        resolve({
          pass: false,
          invalid: false,
          duration: Date.now() - t0,
          message: `timed out after ${timeoutMs} ms`,
          error: `timed out after ${timeoutMs} ms`,
          details: {},
        });
      }, timeoutMs);
    });
    const context = {
      signal: controller.signal,
      timeoutMs,
      resolveSecret: secretResolver(deps.resolveConnection, guard.ledger),
      outbound: guard,
    };
    result = await Promise.race([runner.run(spec, context), timedOut]);
  } catch (error) {
    const message = (error as Error).message ?? String(error);
    // A call the guard rails refused is a configuration problem: invalid, not a failure of the target.
    result = { pass: false, invalid: error instanceof OutboundRefused, duration: Date.now() - t0, message, error: message, details: {} };
  } finally {
    clearTimeout(timer);
  }
  const evaluated = await applyExpressions(spec, { ...result, details: limitDepth(result.details ?? {}) }, deps.expressions);
  // Nothing a stored credential resolved to leaves the run.
  return guard.ledger.redact(evaluated);
}
