import type { LogLine, LogSearchRequest } from '@contracts';
import { CSRF_HEADER } from '@contracts';
import { ApiError, http, messageFromBody } from '@web/core/api';
import { readCsrfToken } from '@web/core/api/csrf';
import { handleUnauthorized } from '@web/core/api/unauthorized';
import { type NdjsonMessage, NdjsonSplitter } from './ndjson';

export const LOGS_PATH = '/logs';
export const LOGS_API = '/api/logs';

/** A component that names logs, as `GET /api/logs/components` answers it. */
export interface LogsComponent {
  id: string;
  name: string;
  icon: string | null;
  type: string | null;
  logs: { name: string; backend?: string | null }[];
}

export const componentsKey = (q: string) => `${LOGS_API}/components?q=${encodeURIComponent(q)}`;
export const componentKey = (id: string) => `${LOGS_API}/components/${encodeURIComponent(id)}`;

/** The Component picker's options: components naming logs whose name contains `q` (at most 200). */
export function fetchComponents(q: string, signal: AbortSignal): Promise<LogsComponent[]> {
  return http.get<LogsComponent[]>(`${LOGS_API}/components`, { query: { q }, signal });
}

/** The chosen component, with its log names (the Selector's options); 404 'Component not found'. */
export function fetchComponent(id: string, signal: AbortSignal): Promise<LogsComponent> {
  return http.get<LogsComponent>(componentKey(id), { signal });
}

/** What the stream says besides lines: how it ended. */
export interface LogStreamEnd {
  truncated: boolean;
  limit: number;
  backend?: { name: string; type: string };
}

export interface LogStreamHandlers {
  /** Lines of one network chunk, in order (one state update per chunk, not per line). */
  onLines(lines: LogLine[]): void;
  onEnd(end: LogStreamEnd): void;
}

/**
 * `POST /api/logs` as NDJSON (`Accept: application/x-ndjson`): lines are handed over chunk by chunk as they arrive.
 * Rejects with an ApiError for an answer that is not a 2xx and for an `{error}` line (a failure after the stream
 * began); the lines before it have been handed over already. A gateway answering plain JSON (LogSearchResponse) is
 * read too. Aborting `signal` stops the read (the rejection is the abort's).
 */
export async function streamLogs(body: LogSearchRequest, handlers: LogStreamHandlers, signal: AbortSignal): Promise<void> {
  const headers: Record<string, string> = { Accept: 'application/x-ndjson', 'Content-Type': 'application/json' };
  const token = readCsrfToken();
  if (token) headers[CSRF_HEADER] = token;
  let response: Response;
  try {
    response = await fetch(LOGS_API, { method: 'POST', headers, body: JSON.stringify(body), credentials: 'same-origin', signal });
  } catch (cause) {
    if (signal.aborted) throw cause;
    throw new ApiError('Network Error. Please try again.', { kind: 'network', body: cause });
  }
  if (!response.ok) {
    if (response.status === 401) handleUnauthorized();
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON (a proxy's page): the generic message.
    }
    throw new ApiError(messageFromBody(parsed), { kind: 'http', status: response.status, body: parsed });
  }

  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('ndjson') && contentType.includes('json')) {
    // The whole answer at once (LogSearchResponse).
    const whole = JSON.parse(await response.text()) as { results?: LogLine[]; truncated?: boolean; limit?: number; backend?: LogStreamEnd['backend'] };
    handlers.onLines(whole.results ?? []);
    handlers.onEnd({ truncated: Boolean(whole.truncated), limit: whole.limit ?? whole.results?.length ?? 0, backend: whole.backend });
    return;
  }

  const splitter = new NdjsonSplitter();
  const deliver = (messages: NdjsonMessage[]) => {
    const lines: LogLine[] = [];
    for (const message of messages) {
      if ('line' in message) lines.push(message.line);
      else {
        if (lines.length) handlers.onLines(lines.splice(0));
        if ('end' in message) handlers.onEnd(message.end);
        else throw new ApiError(message.error.message || 'The log search failed', { kind: 'http', status: 200, body: message });
      }
    }
    if (lines.length) handlers.onLines(lines);
  };

  const reader = response.body?.getReader();
  if (!reader) {
    // No readable stream (an old browser): the text at once, still line by line.
    deliver(splitter.push(await response.text()));
    deliver(splitter.flush());
    return;
  }
  const decoder = new TextDecoder();
  const stop = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', stop);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (signal.aborted) return;
      if (done) break;
      deliver(splitter.push(decoder.decode(value, { stream: true })));
    }
    deliver(splitter.push(decoder.decode()));
    deliver(splitter.flush());
  } finally {
    signal.removeEventListener('abort', stop);
  }
}
