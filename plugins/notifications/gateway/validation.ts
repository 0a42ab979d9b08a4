import { NOTIFICATION_EVENTS, NOTIFICATION_MESSAGES, parseDurationMs, type CustomService } from '@contracts';
import { badRequest } from '@gateway/core/http/domain-error';

/**
 * The checks of the notifications API that need no database (issue 15, spec 03 §5): shapes, durations, paging. Each
 * problem names its field (`wait_for: Duration must be greater than 1 minute`); a refused request answers one 400
 * whose message joins them all (the list is in `details`) and changes nothing.
 */

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Wait-for and silences: at least one minute (§5), in nanoseconds for wait_for. */
export const MIN_DURATION_MS = 60_000;
export const MIN_WAIT_FOR_NANOS = 60_000_000_000;

export const MAX_NAME = 255;
export const MAX_TEXT = 10_000;
export const MAX_TEMPLATE = 100_000;
export const MAX_CUSTOM_SERVICES = 50;
export const MAX_PROPERTIES = 100;
/** Events of one rule: far more than the known names and patterns (duplicates are dropped). */
export const MAX_EVENTS = 100;
/** Problems named in one 400 (a hostile body must not get an answer many times its own size). */
export const MAX_PROBLEMS = 20;

/** Throws the one 400 for a list of problems (nothing to do when empty); past MAX_PROBLEMS, how many more. */
export function refuse(problems: readonly string[]): void {
  if (!problems.length) return;
  const shown = problems.length > MAX_PROBLEMS ? [...problems.slice(0, MAX_PROBLEMS), `and ${problems.length - MAX_PROBLEMS} more problems`] : problems;
  throw badRequest(shown.join('; '), 'validation_failed', shown);
}

/**
 * A repeat interval as written (`1h`, `30m`, `1d`, `1w`, `1h30m`; §9's options) in milliseconds; null when it does not
 * read as a duration. `m` is minutes (the contract: `1m` is one minute).
 */
export function durationMs(text: string): number | null {
  const ms = parseDurationMs(text.trim(), { units: ['s', 'm', 'h', 'd', 'w'], decimals: false });
  return ms !== null && Number.isSafeInteger(ms) ? ms : null;
}

/** `repeat_interval`: empty means none; otherwise a duration of at least a minute. */
export function repeatIntervalProblem(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string') return 'repeat_interval: must be a duration such as 1h, 30m, 1d or 1w';
  const ms = durationMs(value);
  if (ms === null) return `repeat_interval: '${clip(value)}' is not a duration (such as 1h, 30m, 1d or 1w)`;
  if (ms < MIN_DURATION_MS) return `repeat_interval: ${NOTIFICATION_MESSAGES.durationTooShort}`;
  return null;
}

/** `wait_for`: null (none) or whole nanoseconds of at least one minute. */
export function waitForProblem(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) return 'wait_for: must be a whole number of nanoseconds';
  if (value < MIN_WAIT_FOR_NANOS) return `wait_for: ${NOTIFICATION_MESSAGES.durationTooShort}`;
  return null;
}

/**
 * `events`: a non-empty list of known event names, or patterns ending in `*` that name at least one of them
 * (`incident.status.*`; the engine matches them with eventMatches). Duplicates are dropped; `expanded` is every known
 * event the list covers (what the filter and templates are tried against).
 */
export function eventsProblems(value: unknown): { events: string[]; expanded: string[]; problems: string[] } {
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) {
    return { events: [], expanded: [], problems: [`events: ${NOTIFICATION_MESSAGES.eventsRequired}`] };
  }
  if (!Array.isArray(value)) return { events: [], expanded: [], problems: ['events: must be a list of event names'] };
  if (value.length > MAX_EVENTS) return { events: [], expanded: [], problems: [`events: at most ${MAX_EVENTS} events`] };
  const problems: string[] = [];
  const events: string[] = [];
  const expanded = new Set<string>();
  value.forEach((event, i) => {
    const covers = typeof event === 'string' ? eventsCovered(event) : [];
    if (!covers.length) problems.push(`events[${i}]: unknown event '${clip(String(event))}' (known: ${NOTIFICATION_EVENTS.join(', ')})`);
    else if (!events.includes(event as string)) {
      events.push(event as string);
      for (const e of covers) expanded.add(e);
    }
  });
  return { events, expanded: [...expanded], problems };
}

/** The known events a name or `prefix*` pattern stands for. */
export function eventsCovered(pattern: string): string[] {
  if (pattern.endsWith('*')) {
    const prefix = pattern.slice(0, -1);
    return prefix.length > 0 && prefix.endsWith('.') ? NOTIFICATION_EVENTS.filter((e) => e.startsWith(prefix)) : [];
  }
  return (NOTIFICATION_EVENTS as readonly string[]).includes(pattern) ? [pattern] : [];
}

/** A string map (`properties`); `field` names it in the problems. */
export function stringMapProblems(value: unknown, field: string): { map: Record<string, string>; problems: string[] } {
  if (value === null || value === undefined) return { map: {}, problems: [] };
  if (typeof value !== 'object' || Array.isArray(value)) return { map: {}, problems: [`${field}: must be an object of strings`] };
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > MAX_PROPERTIES) return { map: {}, problems: [`${field}: at most ${MAX_PROPERTIES} properties`] };
  const problems: string[] = [];
  const map: Record<string, string> = {};
  for (const [key, v] of entries) {
    if (!key.trim()) problems.push(`${field}: keys must not be empty`);
    else if (typeof v !== 'string') problems.push(`${field}.${clip(key)}: must be a string`);
    else if (v.length > MAX_TEXT) problems.push(`${field}.${clip(key)}: at most ${MAX_TEXT} characters`);
    else map[key] = v;
  }
  return { map, problems };
}

/** An optional text field: null/undefined/'' → null; a string up to `max`; anything else a problem. */
export function optionalText(value: unknown, field: string, max: number, problems: string[]): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') {
    problems.push(`${field}: must be a string`);
    return null;
  }
  if (value.length > max) {
    problems.push(`${field}: at most ${max} characters`);
    return null;
  }
  return value.trim() ? value : null;
}

/** An optional id: null/undefined/'' → null; a UUID; anything else a problem. */
export function optionalUuid(value: unknown, field: string, problems: string[]): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string' || !UUID.test(value)) {
    problems.push(`${field}: must be a UUID`);
    return null;
  }
  return value.toLowerCase();
}

/** The shape of one "Others" recipient, before the channel checks (which need the registered channels). */
export function customServiceShape(value: unknown, index: number, problems: string[]): CustomService | null {
  const at = `custom_services[${index}]`;
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    problems.push(`${at}: must be an object with name and url or connection`);
    return null;
  }
  const raw = value as Record<string, unknown>;
  const before = problems.length;
  let name = '';
  if (raw.name === null || raw.name === undefined || (typeof raw.name === 'string' && !raw.name.trim()))
    problems.push(`${at}.name: ${NOTIFICATION_MESSAGES.required}`);
  else if (typeof raw.name !== 'string') problems.push(`${at}.name: must be a string`);
  else if (raw.name.length > MAX_NAME) problems.push(`${at}.name: at most ${MAX_NAME} characters`);
  else name = raw.name.trim();
  const url = optionalText(raw.url, `${at}.url`, 4096, problems);
  const connection = optionalText(raw.connection, `${at}.connection`, 1024, problems);
  const { map: properties, problems: propertyProblems } = stringMapProblems(raw.properties, `${at}.properties`);
  problems.push(...propertyProblems);
  if (problems.length === before) {
    if (url && connection) problems.push(`${at}: give either url or connection, not both`);
    else if (!url && !connection) problems.push(`${at}: url or connection is required`);
    else if (connection && !connection.trim().startsWith('connection://')) {
      problems.push(`${at}.connection: must be a connection reference (connection://[namespace/]name)`);
    }
  }
  if (problems.length !== before) return null;
  return { name, url: url?.trim() ?? null, connection: connection?.trim() ?? null, properties };
}

/** An ISO date-time; `problems` gets `field: must be a date-time` otherwise. */
export function dateTime(value: unknown, field: string, problems: string[]): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) {
    problems.push(`${field}: must be an ISO date-time (2024-01-31T12:00:00Z)`);
    return null;
  }
  return date;
}

// --- Paging -----------------------------------------------------------------------------------------------------

export interface PageQuery {
  pageIndex?: unknown;
  pageSize?: unknown;
  sortBy?: unknown;
  sortOrder?: unknown;
}

export interface Page {
  limit: number;
  offset: number;
  /** A column from the allow-list: safe to put in SQL. */
  sortBy: string;
  sortOrder: 'asc' | 'desc';
}

/** Paging and sort of a list; `sortable` is the allow-list of columns (the first problem of each field). */
export function pageOf(
  query: PageQuery,
  options: { sortable: readonly string[]; sortBy: string; sortOrder: 'asc' | 'desc'; pageSize: number; maxPageSize: number },
  problems: string[],
): Page {
  const int = (value: unknown, field: string, min: number, max: number, fallback: number) => {
    if (value === undefined || value === '') return fallback;
    const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : typeof value === 'number' ? value : NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) {
      problems.push(`${field}: must be a whole number from ${min} to ${max}`);
      return fallback;
    }
    return n;
  };
  const pageSize = int(query.pageSize, 'pageSize', 1, options.maxPageSize, options.pageSize);
  const pageIndex = int(query.pageIndex, 'pageIndex', 0, 1_000_000, 0);
  let sortBy = options.sortBy;
  if (query.sortBy !== undefined && query.sortBy !== '') {
    if (typeof query.sortBy === 'string' && options.sortable.includes(query.sortBy)) sortBy = query.sortBy;
    else problems.push(`sortBy: must be one of ${options.sortable.join(', ')}`);
  }
  let sortOrder = options.sortOrder;
  if (query.sortOrder !== undefined && query.sortOrder !== '') {
    if (query.sortOrder === 'asc' || query.sortOrder === 'desc') sortOrder = query.sortOrder;
    else problems.push('sortOrder: must be asc or desc');
  }
  return { limit: pageSize, offset: pageIndex * pageSize, sortBy, sortOrder };
}

/** A comma list query parameter whose values must come from `known`. */
export function commaList(value: unknown, field: string, known: readonly string[], problems: string[]): string[] {
  if (value === undefined || value === '') return [];
  const text = Array.isArray(value) ? value.join(',') : String(value);
  const values = [
    ...new Set(
      text
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
  for (const v of values) if (!known.includes(v)) problems.push(`${field}: unknown value '${clip(v)}' (known: ${known.join(', ')})`);
  return values.filter((v) => known.includes(v));
}

/** User text quoted in a message: short, one line. */
export function clip(text: string, max = 80): string {
  const line = text.replace(/[\r\n\t]+/g, ' ');
  return line.length > max ? `${line.slice(0, max)}…` : line;
}
