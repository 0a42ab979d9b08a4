import type { ActionContext, ActionOutcome, ActionType } from '@contracts';
import type { RunGuard } from '../outbound';

/** How long a stopped action (timeout, cancel) may take to hand back what it has before it is given up on. */
export const ABORT_GRACE_MS = 2000;

/** One call of an action type, as the playbook run worker makes it (and an agent, for an action that runs on it). */
export interface OneAction {
  implementation: ActionType;
  /** The body as the type sees it (rendered); a function so that rendering errors become the outcome's error. */
  body: () => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** The run's outbound guard: its ledger redacts every secret the action resolved from what is kept. */
  guard: RunGuard;
  timeoutMs: number;
  /** What the action is stopped with when its time runs out ('timed out after 5m'). */
  timeoutReason: string;
  /** Stops it from outside (cancel, shutdown): its reason is passed on. */
  signal?: AbortSignal;
  context: Pick<ActionContext, 'resolveSecret' | 'run' | 'scope' | 'startPlaybook'>;
  /** Its log lines (ActionContext.log); `text` is kept in `result.logs`. */
  log: { add(line: string): void; readonly text: string };
}

/**
 * Runs one action with its timeout, the run's guard rails and redaction; never throws. A stopped action gets
 * ABORT_GRACE_MS to return what it has (an exec's output so far); the outcome's result carries the log as `logs`.
 */
export async function runOneAction(one: OneAction): Promise<ActionOutcome> {
  const { implementation, guard, log } = one;
  const controller = new AbortController();
  const onAbort = () => controller.abort(one.signal?.reason);
  if (one.signal?.aborted) onAbort();
  else one.signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => controller.abort(new Error(one.timeoutReason)), one.timeoutMs);
  let grace: NodeJS.Timeout | undefined;
  const ctx: ActionContext = {
    ...one.context,
    signal: controller.signal,
    timeoutMs: one.timeoutMs,
    outbound: guard,
    log: (line) => log.add(line),
  };
  try {
    const body = await one.body();
    const aborted = new Promise<never>((_, reject) => {
      const giveUp = () => {
        grace = setTimeout(() => reject(controller.signal.reason), ABORT_GRACE_MS);
        grace.unref();
      };
      if (controller.signal.aborted) giveUp();
      else controller.signal.addEventListener('abort', giveUp, { once: true });
    });
    aborted.catch(() => undefined);
    const outcome = await Promise.race([implementation.run(body, ctx), aborted]);
    const result = { ...(outcome.result ?? {}), ...(log.text ? { logs: log.text } : {}) };
    return guard.ledger.redact({ ...outcome, result }) as ActionOutcome;
  } catch (error) {
    const message = guard.ledger.redact((error as Error)?.message ?? String(error));
    return { error: message, result: log.text ? { logs: log.text } : {} };
  } finally {
    clearTimeout(timer);
    if (grace) clearTimeout(grace);
    one.signal?.removeEventListener('abort', onAbort);
  }
}
