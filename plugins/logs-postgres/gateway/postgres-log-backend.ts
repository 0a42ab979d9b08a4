import { Injectable } from '@nestjs/common';
import { escapeIdentifier, types, type Client } from 'pg';
import type { LogBackendQuery, LogBackendSpec, LogBackendType, LogLine, LogSearchContext } from '@contracts';
import { templateProblem, templateSample } from '@gateway/core/checks/connection-template';
import { abortedBy, isConnectionRef } from '@gateway/core/checks/runner-kit';
import { destroySocket, postgresClient, postgresTarget, sqlConnectionUrl, sqlCredentials, sqlDriverOfUrl } from '@gateway/core/checks/sql-connection';
import { badRequest } from '@gateway/core/http/domain-error';
import { LOG_BACKENDS } from '@gateway/core/logs';
import { Extension } from '@gateway/core/plugin-host/extension-point';

const FIELDS = ['connection', 'url', 'username', 'password', 'table', 'query', 'timeColumn', 'messageColumn', 'levelColumn', 'labelColumns', 'labels'] as const;
/** `table` or `schema.table`, each part an unquoted identifier (quoted, as written, when the query is built). */
const TABLE = /^[A-Za-z_][A-Za-z0-9_$]*(\.[A-Za-z_][A-Za-z0-9_$]*)?$/;
/** Postgres' identifier length (NAMEDATALEN - 1). */
const MAX_IDENTIFIER = 63;
export const MAX_QUERY_CHARS = 10_000;
export const MAX_LABEL_COLUMNS = 32;

const isMap = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const isSet = (v: unknown) => v !== undefined && v !== null && v !== '';

/** A value or a secret reference (`{value}`, `{valueFrom: {secretKeyRef: {name, key}}}`), as the SQL checks take them. */
const isValueOrRef = (v: unknown) => typeof v === 'string' || typeof v === 'number' || isMap(v);

/** Why a written connection string cannot be used, or null (`$(username)` / `$(password)` stand for the fields). */
function connectionTextProblem(text: string, field: string): string | null {
  if (isConnectionRef(text)) return null;
  const template = templateProblem(text, field);
  if (template) return template;
  if (sqlDriverOfUrl(text) !== 'postgres') return `${field}: must be a postgres:// URL or a connection:// reference`;
  if (!URL.canParse(templateSample(text))) return `${field}: not a valid URL`;
  return null;
}

/** The user's query as the FROM of the search's statement: trailing `;` dropped, on its own lines (a `--` comment ends there). */
export function querySource(query: string): string {
  return `(\n${query.trim().replace(/[\s;]+$/, '')}\n)`;
}

/** `%text%` for ILIKE with the text's own `\`, `%` and `_` taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** pg reads `timestamp without time zone` as local time; log tables keep UTC there. */
const TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === types.builtins.TIMESTAMP && format !== 'binary'
      ? (value: string) => new Date(`${value.replace(' ', 'T')}Z`)
      : types.getTypeParser(oid, format as 'text')) as typeof types.getTypeParser,
};

function timeOf(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value))) {
    const n = Number(value);
    return new Date(n < 1e11 ? n * 1000 : n);
  }
  if (typeof value === 'string') {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? null : new Date(ms);
  }
  return null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : JSON.stringify(value));

/**
 * Log-backend type `postgres`: rows of a table (`table`, `schema.table`) or of a read-only `query` over a Postgres
 * connection (`connection`: `connection://name` or a postgres:// URL; or `url`, a URL or a secret reference;
 * `$(username)` / `$(password)` stand for `username` / `password`, each a value or a secret reference), one row a line:
 * `timeColumn`, `messageColumn`, `levelColumn`, `labelColumns`.
 *
 * Nothing the user searches is put in the SQL: the text is a bound ILIKE pattern (its `%` and `_` literal) over the
 * message and the label columns, the window and the limit are parameters, the table and columns are quoted
 * identifiers. The statement runs in a READ ONLY transaction under a statement_timeout of the search's timeout, over
 * the extended protocol (one statement), the user's query as a subquery; the host is asked of the outbound guard first.
 */
@Injectable()
@Extension(LOG_BACKENDS, 'postgres')
export class PostgresLogBackend implements LogBackendType {
  readonly type = 'postgres';

  validate(spec: LogBackendSpec): string[] {
    const errors: string[] = [];
    for (const key of Object.keys(spec))
      if (!(FIELDS as readonly string[]).includes(key)) errors.push(`${key}: not a field of postgres (${FIELDS.join(', ')})`);
    const { connection, url, table, query } = spec;
    if (isSet(connection) && isSet(url)) errors.push('connection, url: give one of them');
    else if (!isSet(connection) && !isSet(url)) errors.push('connection: required (a connection://name or a postgres:// URL; or url)');
    else if (isSet(connection)) {
      const problem =
        typeof connection === 'string' ? connectionTextProblem(connection, 'connection') : 'connection: must be a connection:// reference or a postgres:// URL';
      if (problem) errors.push(problem);
    } else if (typeof url === 'string') {
      const problem = connectionTextProblem(url, 'url');
      if (problem) errors.push(problem);
    } else if (!isMap(url)) errors.push('url: must be a postgres:// URL or a secret reference');
    for (const name of ['username', 'password'] as const) {
      if (isSet(spec[name]) && !isValueOrRef(spec[name])) errors.push(`${name}: must be a value or a secret reference`);
    }
    if (isSet(table) && isSet(query)) errors.push('table, query: give one of them');
    else if (!isSet(table) && !isSet(query)) errors.push('table: required (or query)');
    else if (isSet(table)) {
      if (typeof table !== 'string' || !TABLE.test(table) || table.split('.').some((part) => part.length > MAX_IDENTIFIER)) {
        errors.push('table: must be a table name, optionally schema-qualified (schema.table): letters, digits, _ and $');
      }
    } else if (typeof query !== 'string') errors.push('query: must be a SELECT statement');
    else if (query.length > MAX_QUERY_CHARS) errors.push(`query: is too long: at most ${MAX_QUERY_CHARS} characters`);
    else if (!/^\s*(select|with)\b/i.test(query)) errors.push('query: must be one SELECT statement (it may start with WITH)');
    const column = (name: string, value: unknown) => {
      if (typeof value !== 'string' || !value.trim()) errors.push(`${name}: must be a column name`);
      else if (value.length > MAX_IDENTIFIER) errors.push(`${name}: is longer than ${MAX_IDENTIFIER} characters`);
    };
    if (!isSet(spec.timeColumn)) errors.push('timeColumn: required');
    else column('timeColumn', spec.timeColumn);
    if (!isSet(spec.messageColumn)) errors.push('messageColumn: required');
    else column('messageColumn', spec.messageColumn);
    if (spec.levelColumn !== undefined) column('levelColumn', spec.levelColumn);
    const labelColumns = spec.labelColumns;
    if (labelColumns !== undefined) {
      if (!Array.isArray(labelColumns)) errors.push('labelColumns: must be a list of column names');
      else if (labelColumns.length > MAX_LABEL_COLUMNS) errors.push(`labelColumns: at most ${MAX_LABEL_COLUMNS}`);
      else labelColumns.forEach((c, i) => column(`labelColumns[${i}]`, c));
    }
    if (spec.labels !== undefined && (!isMap(spec.labels) || !Object.values(spec.labels).every((v) => typeof v === 'string'))) {
      errors.push('labels: must be a map of text values');
    }
    return errors;
  }

  /** The search as one statement: identifiers quoted, everything the user searches a parameter. */
  statement(spec: LogBackendSpec, query: LogBackendQuery): { text: string; values: unknown[]; columns: string[] } {
    const timeColumn = spec.timeColumn as string;
    const messageColumn = spec.messageColumn as string;
    const levelColumn = spec.levelColumn as string | undefined;
    const labelColumns = (spec.labelColumns as string[] | undefined) ?? [];
    const col = (name: string) => `src.${escapeIdentifier(name)}`;
    const source = typeof spec.table === 'string' && spec.table ? spec.table.split('.').map(escapeIdentifier).join('.') : querySource(spec.query as string);
    const columns = [timeColumn, messageColumn, ...(levelColumn ? [levelColumn] : []), ...labelColumns];
    const values: unknown[] = [query.start.toISOString(), query.end.toISOString()];
    const where = [`${col(timeColumn)} >= $1`, `${col(timeColumn)} <= $2`];
    for (const needle of [query.text, query.selector.query ?? ''].map((n) => n.trim()).filter(Boolean)) {
      values.push(likePattern(needle));
      where.push(`(${[messageColumn, ...labelColumns].map((c) => `${col(c)}::text ILIKE $${values.length} ESCAPE '\\'`).join(' OR ')})`);
    }
    for (const [key, value] of Object.entries(query.selector.labels ?? {})) {
      if (!labelColumns.includes(key))
        throw badRequest(`The log selector's label '${key}' is not one of the backend's labelColumns (${labelColumns.join(', ') || 'none'})`);
      values.push(value);
      where.push(`${col(key)}::text = $${values.length}`);
    }
    values.push(query.limit + 1);
    const text = `SELECT ${columns.map(col).join(', ')} FROM ${source} AS src WHERE ${where.join(' AND ')} ORDER BY ${col(timeColumn)} DESC LIMIT $${values.length}`;
    return { text, values, columns };
  }

  async *search(spec: LogBackendSpec, query: LogBackendQuery, ctx: LogSearchContext): AsyncGenerator<LogLine> {
    const problems = this.validate(spec);
    if (problems.length)
      throw badRequest(`The postgres log backend is not valid: ${problems.map((p) => `spec.postgres.${p}`).join('; ')}`, 'invalid_logging_backend');
    const statement = this.statement(spec, query);
    const client = await this.connect(spec, ctx);
    const aborted = abortedBy(ctx.signal);
    let rows: unknown[][];
    try {
      await Promise.race([client.connect(), aborted]);
      await Promise.race([client.query('BEGIN READ ONLY'), aborted]);
      await Promise.race([client.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.floor(ctx.timeoutMs))}`), aborted]);
      const result = await Promise.race([client.query<unknown[]>({ text: statement.text, values: statement.values, rowMode: 'array' }), aborted]);
      rows = result.rows;
    } catch (error) {
      throw ctx.signal.aborted ? (ctx.signal.reason instanceof Error ? ctx.signal.reason : new Error('aborted')) : error;
    } finally {
      if (ctx.signal.aborted) destroySocket(client);
      client
        .query('ROLLBACK')
        .catch(() => undefined)
        .finally(() => client.end().catch(() => undefined));
    }
    const fixed = (spec.labels as Record<string, string> | undefined) ?? {};
    const labelColumns = (spec.labelColumns as string[] | undefined) ?? [];
    const levelAt = spec.levelColumn ? 2 : -1;
    const labelsFrom = spec.levelColumn ? 3 : 2;
    for (const row of rows) {
      const labels: Record<string, string> = { ...fixed };
      labelColumns.forEach((name, i) => {
        const value = row[labelsFrom + i];
        if (value !== null && value !== undefined) labels[name] = text(value);
      });
      const level = levelAt >= 0 && row[levelAt] !== null && row[levelAt] !== undefined ? text(row[levelAt]).toLowerCase() : undefined;
      yield {
        timestamp: (timeOf(row[0]) ?? new Date()).toISOString(),
        message: row[1] === null || row[1] === undefined ? '' : text(row[1]),
        labels,
        ...(level ? { level } : {}),
      };
    }
  }

  /** A client for the spec's connection (resolved, credentials put in, the guard asked); not yet connected. */
  private async connect(spec: LogBackendSpec, ctx: LogSearchContext): Promise<Client> {
    const raw = isSet(spec.connection) ? spec.connection : spec.url;
    const field = isSet(spec.connection) ? 'connection' : 'url';
    const written = typeof raw === 'string' && !isConnectionRef(raw) ? raw : await ctx.resolveSecret(raw);
    if (!written) throw badRequest(`${field}: could not be resolved`);
    const credentials = await sqlCredentials({ username: spec.username, password: spec.password }, written, ctx);
    if ('problem' in credentials) throw badRequest(credentials.problem);
    const read = sqlConnectionUrl(written, credentials.credentials, 'postgres');
    if ('problem' in read) throw badRequest(written === raw ? read.problem : `${read.problem} (in the resolved ${field})`);
    const target = await postgresTarget(read.url.href, ctx, 'log backends', 'are not allowed in log backends');
    if ('problem' in target) throw badRequest(target.problem);
    return postgresClient(target, { application_name: 'console-logs', types: TYPES });
  }
}
