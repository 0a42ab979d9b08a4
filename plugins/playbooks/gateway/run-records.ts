/**
 * What the run worker (run-worker.service.ts) keeps about a run's actions, and how: each write conditional on still
 * holding the run's lease, results capped, an action's log lines batched for the live view.
 */

/** The run (parameter `run`) is still this replica's (parameter `owner`): every action write is conditional on it. */
export const held = (run: string, owner: string) =>
  `EXISTS (SELECT 1 FROM playbook_runs r WHERE r.id = ${run} AND r.lease_owner = ${owner} AND r.status = 'running')`;

/** The abort reason of a run whose lease this replica lost (it writes nothing more about it). */
export const LEASE_LOST = 'The run is no longer this replica’s';

/** This replica no longer holds the run (its lease ran out and another replica took it, or it was cancelled). */
export class LeaseLost extends Error {}

/** A stored action result is kept under this size (an answer or a query result cut, with `truncated: true`). */
export const MAX_RESULT_BYTES = 1024 * 1024;
const MAX_RESULT_STRING = 64 * 1024;
const MAX_RESULT_ITEMS = 1000;

const LOG_FLUSH_MS = 1000;
const MAX_LOG_BYTES = 256 * 1024;

/** Lines an action logs: kept (capped) and flushed to its row at most once a second for the live view. */
export class ActionLog {
  text = '';
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<unknown> = Promise.resolve();

  constructor(private readonly write: (text: string) => Promise<unknown>) {}

  add(line: string): void {
    if (this.text.length >= MAX_LOG_BYTES) return;
    this.text += `${line}\n`;
    if (this.text.length >= MAX_LOG_BYTES) this.text = `${this.text.slice(0, MAX_LOG_BYTES)}\n… (log cut at ${MAX_LOG_BYTES / 1024} KiB)\n`;
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.flushing = this.write(this.text).catch(() => undefined);
    }, LOG_FLUSH_MS);
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flushing;
  }
}

/**
 * A result as stored: strings cut at 64 KiB and lists at 1,000 items (with `truncated: true`), and, if it is still
 * larger than MAX_RESULT_BYTES, only a preview of it. Every run read and stream message carries the results.
 */
export function capResult(result: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!result) return result;
  const size = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? '');
  if (size(result) <= MAX_RESULT_BYTES) return result;
  let truncated = false;
  const cut = (value: unknown): unknown => {
    if (typeof value === 'string' && value.length > MAX_RESULT_STRING) {
      truncated = true;
      return `${value.slice(0, MAX_RESULT_STRING)}… (cut at 64 KiB)`;
    }
    if (Array.isArray(value)) {
      if (value.length > MAX_RESULT_ITEMS) truncated = true;
      return value.slice(0, MAX_RESULT_ITEMS).map(cut);
    }
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cut(v)]));
    return value;
  };
  const smaller = { ...(cut(result) as Record<string, unknown>), ...(truncated ? { truncated: true } : {}) };
  if (size(smaller) <= MAX_RESULT_BYTES) return smaller;
  return { truncated: true, preview: JSON.stringify(smaller).slice(0, MAX_RESULT_STRING) };
}
