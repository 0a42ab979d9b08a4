import { Inject, Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import {
  LOG_RESULTS_DEFAULT,
  LOG_RESULTS_MAX,
  type ComponentLogSelector,
  type LogBackendType,
  type LogLine,
  type LogSearchContext,
  type LogSearchRequest,
  type LogSearchResponse,
} from '@contracts';
import { APP_CONFIG, type AppConfig } from '@gateway/core/config/app-config';
import { ConnectionStore, secretResolver } from '@gateway/core/connections';
import { Db } from '@gateway/core/database/db.service';
import { DomainError, badRequest, notFound } from '@gateway/core/http/domain-error';
import { LOG_BACKENDS, LOG_SEARCH, type ComponentLogSearch } from '@gateway/core/logs';
import { ADDRESS_POLICY, AddressPolicy, CredentialLedger, OutboundRefused, RunGuard } from '@gateway/core/outbound';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { PluginHost } from '@gateway/core/plugin-host/plugin-host.service';
import { backendSpecProblems, backendTypeOf, type BackendTypes } from './backend-spec';
import { searchWindow } from './time-range';

/** A component as the logs page's Component picker lists it. */
export interface LogComponent {
  id: string;
  name: string;
  icon: string | null;
  type: string | null;
  logs: { name: string; backend?: string }[];
}

/** Components one `GET /api/logs/components` answers at most. */
export const COMPONENTS_MAX = 200;

/** A search resolved to its backend: `run` reads the lines (redacted) and says whether more matched than were answered. */
export interface PreparedSearch {
  backend: { name: string; type: string };
  limit: number;
  run(onLine: (line: LogLine) => void | Promise<void>, signal?: AbortSignal): Promise<{ truncated: boolean }>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface ComponentRow {
  id: string;
  name: string;
  icon: string | null;
  type: string | null;
  logs: unknown;
}

/** The component's `logs` entries that are usable selectors (a map with a name); anything else in the jsonb is left out. */
export function selectorsOf(logs: unknown): ComponentLogSelector[] {
  if (!Array.isArray(logs)) return [];
  const out: ComponentLogSelector[] = [];
  for (const entry of logs) {
    if (!entry || typeof entry !== 'object' || typeof (entry as { name?: unknown }).name !== 'string' || !(entry as { name: string }).name) continue;
    const e = entry as Record<string, unknown>;
    const labels =
      e.labels && typeof e.labels === 'object' && !Array.isArray(e.labels)
        ? Object.fromEntries(Object.entries(e.labels as Record<string, unknown>).map(([k, v]) => [k, String(v)]))
        : undefined;
    out.push({
      name: e.name as string,
      ...(typeof e.backend === 'string' && e.backend ? { backend: e.backend } : {}),
      ...(typeof e.query === 'string' && e.query ? { query: e.query } : {}),
      ...(labels ? { labels } : {}),
    });
  }
  return out;
}

/** What a backend's search generator may return when it ends (the contract's `search` yields lines only). */
function endedTruncated(value: unknown): boolean {
  return !!value && typeof value === 'object' && (value as { truncated?: unknown }).truncated === true;
}

/** A line as the answer carries it, whatever the backend yielded. */
function plainLine(line: LogLine): LogLine {
  const labels: Record<string, string> = {};
  for (const [k, v] of Object.entries(line.labels ?? {})) if (v !== undefined && v !== null) labels[k] = typeof v === 'string' ? v : JSON.stringify(v);
  return {
    timestamp: typeof line.timestamp === 'string' ? line.timestamp : new Date().toISOString(),
    message: typeof line.message === 'string' ? line.message : String(line.message ?? ''),
    labels,
    ...(typeof line.level === 'string' && line.level ? { level: line.level } : {}),
    ...(typeof line.id === 'string' && line.id ? { id: line.id } : {}),
  };
}

function abortedBy(signal: AbortSignal): Promise<never> {
  const aborted = new Promise<never>((_, reject) => {
    const onAbort = () => reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  aborted.catch(() => undefined);
  return aborted;
}

class SearchTimeout extends Error {}

/**
 * The logs area (spec 01 /logs, issue 13): a search `{id, name, query, start, end, limit}` resolves to the component's
 * log selector, its logging backend and the backend type's plugin (`LOG_BACKENDS`), which reads the lines under the
 * guard rails of a user's spec: the outbound address policy, secrets from stored connections redacted from every
 * line and error answered, a timeout (`LOGS_TIMEOUT_MS`) that aborts the type's signal, and at most `limit + 1` lines
 * read. Also the `LOG_SEARCH` point for other areas (the topology snapshot) and the logging backends' spec rules.
 */
@Injectable()
@Extension(LOG_SEARCH, 'logs')
export class LogsService implements ComponentLogSearch {
  constructor(
    private readonly db: Db,
    private readonly plugins: PluginHost,
    private readonly connections: ConnectionStore,
    @Inject(ADDRESS_POLICY) private readonly policy: AddressPolicy,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'logs'>,
  ) {}

  /** The installed backend types (the `LOG_BACKENDS` ids: no other list exists). */
  readonly types: BackendTypes = {
    ids: () => this.plugins.ids(LOG_BACKENDS),
    find: (type) => this.plugins.find(LOG_BACKENDS, type),
  };

  /** Components that name logs, by name; `q` narrows by a case-insensitive part of the name. */
  async components(q?: string): Promise<LogComponent[]> {
    const pattern = q?.trim() ? `%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const rows = await this.db.query<ComponentRow>(
      `SELECT id, name, icon, type, logs FROM components
        WHERE deleted_at IS NULL AND jsonb_typeof(logs) = 'array' AND jsonb_array_length(logs) > 0
          AND ($1::text IS NULL OR name ILIKE $1 OR title ILIKE $1)
        ORDER BY name, id LIMIT ${COMPONENTS_MAX}`,
      [pattern],
    );
    return rows.map((row) => this.listed(row)).filter((c) => c.logs.length > 0);
  }

  async component(id: string): Promise<LogComponent> {
    return this.listed(await this.componentRow(id));
  }

  /** `POST /api/logs/backends/validate`: the problems of a spec, saving nothing. */
  validateSpec(spec: unknown): { errors: string[] } {
    return { errors: backendSpecProblems(spec, this.types) };
  }

  /**
   * The data API's `afterWrite` of `logging_backends`: every row written in the transaction (its `updated_at` is the
   * transaction's `now()`) and not deleted must hold a valid spec; a 400 naming each problem rolls the write back.
   */
  async validateWrittenRows(tx: PoolClient): Promise<void> {
    const { rows } = await tx.query<{ name: string; spec: unknown }>(
      `SELECT name, spec FROM logging_backends WHERE updated_at = now() AND deleted_at IS NULL ORDER BY name`,
    );
    const problems: string[] = [];
    for (const row of rows)
      for (const problem of backendSpecProblems(row.spec, this.types)) problems.push(rows.length > 1 ? `${row.name}: ${problem}` : problem);
    if (!problems.length) return;
    const what = rows.length > 1 ? 'The logging backends are' : `The logging backend '${rows[0].name}' is`;
    throw badRequest(`${what} not valid: ${problems.join('; ')}`, 'invalid_logging_backend', { problems });
  }

  /** `LOG_SEARCH` and `POST /api/logs` as JSON: the lines at once. */
  async search(request: LogSearchRequest, signal?: AbortSignal): Promise<LogSearchResponse> {
    const prepared = await this.prepare(request);
    const results: LogLine[] = [];
    const { truncated } = await prepared.run((line) => void results.push(line), signal);
    return { results, truncated, limit: prepared.limit, backend: prepared.backend };
  }

  /**
   * Resolves a search to its backend (every 4xx is thrown here, before an answer begins): the component (not deleted),
   * its selector `name` (the first when absent), the selector's logging backend (the only one when it names none),
   * and the type's plugin.
   */
  async prepare(request: LogSearchRequest): Promise<PreparedSearch> {
    const limit = request.limit ?? LOG_RESULTS_DEFAULT;
    if (!Number.isInteger(limit) || limit < 1 || limit > LOG_RESULTS_MAX) throw badRequest(`limit: a whole number from 1 to ${LOG_RESULTS_MAX}`);
    const { start, end } = searchWindow(request.start, request.end);
    const component = await this.componentRow(request.id);
    const selectors = selectorsOf(component.logs);
    if (!selectors.length) throw badRequest(`The component '${component.name}' names no logs`, 'no_log_selectors');
    const selector = request.name ? selectors.find((s) => s.name === request.name) : selectors[0];
    if (!selector) {
      throw badRequest(
        `The component '${component.name}' has no log selector '${request.name}'; it has: ${selectors.map((s) => s.name).join(', ')}`,
        'unknown_log_selector',
        { selectors: selectors.map((s) => s.name) },
      );
    }
    const backend = await this.backendFor(selector);
    // A row written before its type's rules (or straight into the table) is judged again: no search on a refused spec.
    const problems = backendSpecProblems(backend.spec, this.types);
    const typed = backendTypeOf(backend.spec);
    const type = typed ? this.types.find(typed.type) : undefined;
    if (problems.length || !typed || !type) {
      throw badRequest(`The logging backend '${backend.name}' is not valid: ${problems.join('; ')}`, 'invalid_logging_backend', { problems });
    }
    const answered = { name: backend.name, type: typed.type };
    const query = { text: (request.query ?? '').trim(), selector, start, end, limit };
    return {
      backend: answered,
      limit,
      run: (onLine, signal) => this.run(type, typed.body, query, answered, onLine, signal),
    };
  }

  private async run(
    type: LogBackendType,
    body: Record<string, unknown>,
    query: Parameters<LogBackendType['search']>[1],
    backend: { name: string; type: string },
    onLine: (line: LogLine) => void | Promise<void>,
    outer?: AbortSignal,
  ): Promise<{ truncated: boolean }> {
    const timeoutMs = this.config.logs.timeoutMs;
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new SearchTimeout(`The log search took longer than ${timeoutMs} ms; narrow the time range or the search`)),
      timeoutMs,
    );
    const onOuter = () => controller.abort(outer?.reason instanceof Error ? outer.reason : new Error('The search was cancelled'));
    if (outer?.aborted) onOuter();
    else outer?.addEventListener('abort', onOuter, { once: true });
    const guard = new RunGuard(this.policy, new CredentialLedger(), 'log backends');
    const ctx: LogSearchContext = {
      signal: controller.signal,
      timeoutMs,
      outbound: guard,
      resolveSecret: secretResolver((name) => this.connections.resolve(name), guard.ledger),
    };
    const aborted = abortedBy(controller.signal);
    const started = Date.now();
    let iterator: AsyncIterator<LogLine, unknown> | undefined;
    let settled = false;
    let truncated = false;
    try {
      iterator = type.search(body, query, ctx)[Symbol.asyncIterator]();
      let count = 0;
      for (;;) {
        const next = await Promise.race([iterator.next(), aborted]);
        if (next.done) {
          truncated = endedTruncated(next.value);
          break;
        }
        // The line past the limit only says that more matched.
        if (count >= query.limit) {
          truncated = true;
          break;
        }
        count++;
        // The deadline covers the reader too: a client that stops reading does not hold the backend's files open.
        await Promise.race([Promise.resolve(onLine(guard.ledger.redact(plainLine(next.value)))), aborted]);
      }
      settled = true;
      return { truncated };
    } catch (error) {
      // A backend stopped by its own server at the same deadline (a statement_timeout) is the search's timeout too.
      const timedOut = (controller.signal.aborted && controller.signal.reason instanceof SearchTimeout) || Date.now() - started >= timeoutMs;
      throw this.failure(
        error,
        timedOut ? `The log search took longer than ${timeoutMs} ms; narrow the time range or the search` : null,
        guard.ledger,
        backend,
      );
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuter);
      // A generator stopped early closes what it holds (files, a connection) in its finally; one still busy with a
      // read is told through the signal instead (its return() would wait for that read).
      if (settled) await iterator?.return?.().catch(() => undefined);
      else {
        if (!controller.signal.aborted) controller.abort(new Error('The search ended'));
        void iterator?.return?.().catch(() => undefined);
      }
    }
  }

  /** An error of a backend as the caller sees it, redacted of the credentials the search resolved. */
  private failure(error: unknown, timedOut: string | null, ledger: CredentialLedger, backend: { name: string; type: string }): Error {
    if (timedOut) return new DomainError(504, 'logs_timeout', timedOut);
    if (error instanceof DomainError) {
      const body = error.getResponse() as { message?: unknown; details?: unknown };
      return new DomainError(error.getStatus(), error.code, ledger.redact(String(body.message ?? error.message)), ledger.redact(body.details));
    }
    const message = ledger.redact((error as Error)?.message ?? String(error));
    if (error instanceof OutboundRefused) return badRequest(`The logging backend '${backend.name}' may not be reached: ${message}`, 'outbound_refused');
    return new DomainError(502, 'log_backend_failed', `The logging backend '${backend.name}' (${backend.type}) failed: ${message}`);
  }

  private async componentRow(id: string): Promise<ComponentRow> {
    const row =
      typeof id === 'string' && UUID.test(id)
        ? await this.db.one<ComponentRow>(`SELECT id, name, icon, type, logs FROM components WHERE id = $1 AND deleted_at IS NULL`, [id])
        : undefined;
    if (!row) throw notFound('Component not found');
    return row;
  }

  private listed(row: ComponentRow): LogComponent {
    return {
      id: row.id,
      name: row.name,
      icon: row.icon,
      type: row.type,
      logs: selectorsOf(row.logs).map((s) => ({ name: s.name, ...(s.backend ? { backend: s.backend } : {}) })),
    };
  }

  /** The selector's backend by name (the default namespace's first), or the only backend when it names none. */
  private async backendFor(selector: ComponentLogSelector): Promise<{ name: string; spec: unknown }> {
    if (selector.backend) {
      const row = await this.db.one<{ name: string; spec: unknown }>(
        `SELECT name, spec FROM logging_backends WHERE name = $1 AND deleted_at IS NULL ORDER BY namespace = 'default' DESC, created_at LIMIT 1`,
        [selector.backend],
      );
      if (!row) throw badRequest(`No logging backend is named '${selector.backend}' (log selector '${selector.name}')`, 'unknown_log_backend');
      return row;
    }
    const rows = await this.db.query<{ name: string; spec: unknown }>(`SELECT name, spec FROM logging_backends WHERE deleted_at IS NULL ORDER BY name LIMIT 2`);
    if (rows.length === 1) return rows[0];
    if (!rows.length) throw badRequest('No logging backend is configured; add one under Settings → Log Backends', 'no_log_backend');
    throw badRequest(
      `The log selector '${selector.name}' names no backend and there are several logging backends; name one in its 'backend'`,
      'ambiguous_log_backend',
    );
  }
}
