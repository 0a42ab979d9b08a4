import type { OutboundGuard } from './checks';
import type { ComponentLogSelector } from './topology';

/**
 * Logs (spec 01 /logs, spec 03 Log Backends, issue 13). A logging backend (`logging_backends`: name, labels, spec)
 * is one of the log-backend types, each a plugin `plugins/logs-<type>/` contributing a `LogBackendType` to the
 * gateway extension point `LOG_BACKENDS` (gateway/src/core/logs) and its label to the web (`logs.backendTypes`).
 * Its spec holds exactly one key, the type, with the type's fields: `{ loki: { url: ..., } }`.
 *
 * A topology component names its logs (`logs: [{name, backend, query}]`); the logs area (`plugins/logs`) resolves
 * a search `{id, name, query}` to the component's entry, its backend and the type's plugin, and answers lines.
 */

/** One log line as every backend answers it. */
export interface LogLine {
  /** ISO 8601 time of the line (the backend's own, else the time it was read). */
  timestamp: string;
  message: string;
  labels: Record<string, string>;
  /** A level when the backend knows one (info, warn, error...). */
  level?: string;
  /** The backend's own id of the line, when it has one (OpenSearch `_id`). */
  id?: string;
}

/** `POST /api/logs` body (spec 01 §7: log search with {id, name, query}). */
export interface LogSearchRequest {
  /** The component whose logs are searched. */
  id: string;
  /** The component's log selector (`logs[].name`); the first when absent. */
  name?: string;
  /** Free text (matched as a case-insensitive substring by every backend) unless the backend documents its own syntax. */
  query?: string;
  /** Relative (`now-1h`) or ISO start; default one hour ago. */
  start?: string;
  /** ISO end; default now. */
  end?: string;
  /** Lines wanted, at most `LOG_RESULTS_MAX`; default `LOG_RESULTS_DEFAULT`. */
  limit?: number;
}

export interface LogSearchResponse {
  results: LogLine[];
  /** True when more lines matched than were answered: the page says 'showing first N'. */
  truncated: boolean;
  limit: number;
  /** The backend's name and type that answered. */
  backend: { name: string; type: string };
}

export const LOG_RESULTS_DEFAULT = 500;
export const LOG_RESULTS_MAX = 5_000;

/** The spec of one backend type: the object under the type's key. */
export type LogBackendSpec = Record<string, unknown>;

/** What a backend type is asked for: the user's search within the component's selector. */
export interface LogBackendQuery {
  /** The user's search text ('' for everything). */
  text: string;
  /** The component's log entry: its `query` and `labels` narrow the backend's stream (e.g. a Loki selector). */
  selector: ComponentLogSelector;
  start: Date;
  end: Date;
  /** The most lines to yield; the caller stops reading after `limit + 1` to know it is truncated. */
  limit: number;
}

/** The guard rails a backend type gets: the same as a check's (outbound policy, secrets through stored connections). */
export interface LogSearchContext {
  signal: AbortSignal;
  timeoutMs: number;
  outbound: OutboundGuard;
  resolveSecret(ref: unknown): Promise<string | null>;
}

/**
 * A log-backend type's gateway side, registered with `@Extension(LOG_BACKENDS, '<type>')`. `validate` returns
 * messages naming the field within the type's object (`url: required`; the gateway prefixes `spec.loki.`).
 * `search` yields lines newest first, stops when `signal` aborts, and never yields more than `query.limit + 1`.
 */
export interface LogBackendType {
  readonly type: string;
  validate(spec: LogBackendSpec): string[];
  search(spec: LogBackendSpec, query: LogBackendQuery, ctx: LogSearchContext): AsyncIterable<LogLine>;
}
