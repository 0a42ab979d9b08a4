import type { CheckSummary } from '@contracts';

/** Client-side filters of the health dashboard (spec 02 Health). */

export type HealthStatusFilter = 'healthy' | 'unhealthy' | 'warning' | 'unknown';
export const HEALTH_STATUS_FILTERS: readonly HealthStatusFilter[] = ['healthy', 'unhealthy', 'warning', 'unknown'];

/** The `labels` query parameter: label id `key=value` → 1 include, -1 exclude. */
export type LabelFilter = Record<string, 1 | -1>;

export const labelId = (key: string, value: string) => `${key}=${value}`;

export function splitLabelId(id: string): { key: string; value: string } {
  const at = id.indexOf('=');
  return at < 0 ? { key: id, value: '' } : { key: id.slice(0, at), value: id.slice(at + 1) };
}

/** Reads the `labels` parameter; anything unreadable or malformed is ignored rather than breaking the page. */
export function parseLabelFilter(raw: string | null | undefined): LabelFilter {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const filter: LabelFilter = {};
  for (const [id, state] of Object.entries(parsed)) {
    if (id.includes('=') && (state === 1 || state === -1)) filter[id] = state;
  }
  return filter;
}

/** null (no parameter) when nothing is selected. */
export function serializeLabelFilter(filter: LabelFilter): string | null {
  const entries = Object.entries(filter).filter(([, state]) => state === 1 || state === -1);
  return entries.length === 0 ? null : JSON.stringify(Object.fromEntries(entries));
}

/** Returns a copy with `id` set to `state` (0 removes it). */
export function withLabelState(filter: LabelFilter, id: string, state: -1 | 0 | 1): LabelFilter {
  const next = { ...filter };
  if (state === 0) delete next[id];
  else next[id] = state;
  return next;
}

/**
 * Included values of one key are alternatives (env=prod or env=staging); different keys must all match.
 * Any excluded `key=value` the check carries hides it.
 */
export function matchesLabels(labels: Record<string, string> | null | undefined, filter: LabelFilter): boolean {
  const own = labels ?? {};
  const included = new Map<string, Set<string>>();
  for (const [id, state] of Object.entries(filter)) {
    const { key, value } = splitLabelId(id);
    if (state === -1 && own[key] === value) return false;
    if (state === 1) {
      const values = included.get(key) ?? new Set<string>();
      values.add(value);
      included.set(key, values);
    }
  }
  for (const [key, values] of included) {
    if (!(key in own) || !values.has(own[key])) return false;
  }
  return true;
}

/** Case-insensitive substring of the name, description or endpoint. */
export function matchesQuery(check: Pick<CheckSummary, 'name' | 'description' | 'endpoint'>, query: string): boolean {
  const text = query.trim().toLowerCase();
  if (!text) return true;
  return [check.name, check.description, check.endpoint].some((field) => (field ?? '').toLowerCase().includes(text));
}

/** healthy | unhealthy as stored; no result yet is unknown. */
export function checkStatus(check: Pick<CheckSummary, 'status'>): HealthStatusFilter {
  return check.status === 'healthy' || check.status === 'unhealthy' || check.status === 'warning' ? check.status : 'unknown';
}

export const isPassing = (check: Pick<CheckSummary, 'status'>) => checkStatus(check) === 'healthy';

export interface CheckFilters {
  query: string;
  labels: LabelFilter;
  hidePassing: boolean;
  /** From links (`?status=unhealthy`); when set it decides on its own and Hide Passing does not apply. */
  status: HealthStatusFilter | null;
}

export function filterChecks(checks: readonly CheckSummary[], filters: CheckFilters): CheckSummary[] {
  return checks.filter((check) => {
    if (filters.status ? checkStatus(check) !== filters.status : filters.hidePassing && isPassing(check)) return false;
    return matchesLabels(check.labels, filters.labels) && matchesQuery(check, filters.query);
  });
}

const PRIORITY_TAG_KEYS = ['account', 'namespace', 'name'];

/** Tag keys 'account', 'namespace', 'name' first, then alphabetical. */
export function compareTagKeys(a: string, b: string): number {
  const rank = (key: string) => {
    const index = PRIORITY_TAG_KEYS.indexOf(key);
    return index < 0 ? PRIORITY_TAG_KEYS.length : index;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
}

export interface LabelOption {
  id: string;
  key: string;
  value: string;
  /** Checks carrying it. */
  count: number;
}

export const isBooleanLabel = (value: string) => value === 'true' || value === 'false';

/** Every `key=value` present on the checks, keys in tag order then values alphabetical. */
export function labelOptions(checks: readonly Pick<CheckSummary, 'labels'>[]): LabelOption[] {
  const counts = new Map<string, LabelOption>();
  for (const check of checks) {
    for (const [key, value] of Object.entries(check.labels ?? {})) {
      const id = labelId(key, value);
      const option = counts.get(id) ?? { id, key, value, count: 0 };
      option.count += 1;
      counts.set(id, option);
    }
  }
  return [...counts.values()].sort((a, b) => compareTagKeys(a.key, b.key) || a.value.localeCompare(b.value));
}

/** Label keys present on the checks, in tag order. */
export function labelKeys(checks: readonly Pick<CheckSummary, 'labels'>[]): string[] {
  const keys = new Set<string>();
  for (const check of checks) for (const key of Object.keys(check.labels ?? {})) keys.add(key);
  return [...keys].sort(compareTagKeys);
}
