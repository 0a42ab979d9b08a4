import type { LogLine } from '@contracts';
import type { LogStreamEnd } from './logsApi';

/** One message of the `POST /api/logs` NDJSON stream (plugins/logs/gateway). */
export type NdjsonMessage = { line: LogLine } | { end: LogStreamEnd } | { error: { message: string } };

function toMessage(text: string): NdjsonMessage {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: { message: `The log stream sent a line that is not JSON: ${text.slice(0, 80)}` } };
  }
  if (typeof value === 'object' && value !== null) {
    if ('line' in value || 'end' in value) return value as NdjsonMessage;
    if ('error' in value) {
      const error = (value as { error: unknown }).error;
      const message = typeof error === 'string' ? error : typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
      return { error: { message: typeof message === 'string' ? message : 'The log search failed' } };
    }
  }
  return { error: { message: 'The log stream sent an unknown message' } };
}

/**
 * Cuts NDJSON text arriving in arbitrary chunks into messages: a message split across chunks waits for its newline;
 * blank lines are skipped.
 */
export class NdjsonSplitter {
  private rest = '';

  push(chunk: string): NdjsonMessage[] {
    const text = this.rest + chunk;
    const parts = text.split('\n');
    this.rest = parts.pop() ?? '';
    return parts.filter((part) => part.trim()).map(toMessage);
  }

  /** The last message when the text did not end with a newline. */
  flush(): NdjsonMessage[] {
    const last = this.rest;
    this.rest = '';
    return last.trim() ? [toMessage(last)] : [];
  }
}
