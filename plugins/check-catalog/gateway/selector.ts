/**
 * Catalog resource selectors (canary-checker's `catalog` check, flanksource duty's ResourceSelector) turned into a
 * parameterised WHERE clause over `configs` (the catalogue's public read model; this plugin never reads catalogue tables). Every value the user wrote is a bound parameter; only column
 * expressions chosen from fixed lists are written into the SQL.
 */

export interface ResourceSelector {
  id?: string;
  name?: string;
  namespace?: string;
  types?: string[] | string;
  type?: string;
  statuses?: string[] | string;
  healths?: string[] | string;
  labels?: Record<string, string>;
  labelSelector?: string;
  tagSelector?: string;
  fieldSelector?: string;
}

/** One requirement of a Kubernetes-style selector (`a=b`, `a!=b`, `a in (x,y)`, `a notin (x)`, `a`, `!a`). */
export type Requirement =
  { key: string; op: 'eq' | 'neq'; value: string } | { key: string; op: 'in' | 'notin'; values: string[] } | { key: string; op: 'exists' | 'absent' };

const KEY = '[A-Za-z0-9_][-A-Za-z0-9_./]*';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const SELECTOR_FIELDS = [
  'id',
  'name',
  'namespace',
  'types',
  'type',
  'statuses',
  'healths',
  'labels',
  'labelSelector',
  'tagSelector',
  'fieldSelector',
] as const;

/** Columns a `fieldSelector` may name. */
const FIELD_COLUMNS: Record<string, string> = {
  id: 'id::text',
  name: 'name',
  type: 'type',
  config_class: 'config_class',
  status: 'status',
  health: 'health',
  external_id: 'external_id',
  path: 'path',
  namespace: "tags->>'namespace'",
};

/** Splits on commas outside parentheses. */
function splitTop(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** Parses `env=prod,tier!=db,team in (a,b),!legacy`; throws naming the part it cannot read. */
export function parseSelector(text: string): Requirement[] {
  return splitTop(text).map((part) => {
    let m = new RegExp(`^!\\s*(${KEY})$`).exec(part);
    if (m) return { key: m[1], op: 'absent' };
    m = new RegExp(`^(${KEY})\\s+(in|notin)\\s+\\(([^()]*)\\)$`).exec(part);
    if (m) return { key: m[1], op: m[2] as 'in' | 'notin', values: m[3].split(',').map((v) => v.trim()) };
    m = new RegExp(`^(${KEY})\\s*(==|=|!=)\\s*([^=!,()]*)$`).exec(part);
    if (m) return { key: m[1], op: m[2] === '!=' ? 'neq' : 'eq', value: m[3].trim() };
    m = new RegExp(`^(${KEY})$`).exec(part);
    if (m) return { key: m[1], op: 'exists' };
    throw new Error(`cannot read "${part}"`);
  });
}

/** `a,b` or `[a, b]` as a list. */
export function listOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => String(v).trim()).filter(Boolean);
  if (typeof value === 'string')
    return value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
  return [];
}

/** The selectors of a check: `selector` as one object or a list. */
export function selectorsOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
}

/** Problems with one selector, each prefixed with `where` (e.g. `selector[0]`). */
export function validateSelector(value: unknown, where: string): string[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [`${where}: must be an object`];
  const s = value as Record<string, unknown>;
  const errors: string[] = [];
  const known = new Set<string>(SELECTOR_FIELDS);
  for (const key of Object.keys(s)) if (!known.has(key)) errors.push(`${where}.${key}: not a selector field`);
  if (!Object.keys(s).some((k) => known.has(k) && s[k] !== undefined && s[k] !== '')) {
    errors.push(`${where}: needs at least one of ${SELECTOR_FIELDS.join(', ')}`);
  }
  if (s.id !== undefined && !(typeof s.id === 'string' && UUID.test(s.id))) errors.push(`${where}.id: must be a UUID`);
  for (const f of ['name', 'namespace', 'type'] as const) if (s[f] !== undefined && typeof s[f] !== 'string') errors.push(`${where}.${f}: must be a string`);
  for (const f of ['types', 'statuses', 'healths'] as const) {
    const v = s[f];
    if (v !== undefined && typeof v !== 'string' && !(Array.isArray(v) && v.every((x) => typeof x === 'string')))
      errors.push(`${where}.${f}: must be a list of strings`);
  }
  if (s.labels !== undefined) {
    const l = s.labels;
    if (!l || typeof l !== 'object' || Array.isArray(l) || !Object.values(l).every((v) => ['string', 'number', 'boolean'].includes(typeof v))) {
      errors.push(`${where}.labels: must be a map of key: value`);
    }
  }
  for (const f of ['labelSelector', 'tagSelector', 'fieldSelector'] as const) {
    if (s[f] === undefined) continue;
    if (typeof s[f] !== 'string') {
      errors.push(`${where}.${f}: must be a string such as env=prod,team in (a,b)`);
      continue;
    }
    try {
      const reqs = parseSelector(s[f] as string);
      if (f === 'fieldSelector') {
        for (const r of reqs)
          if (!(r.key in FIELD_COLUMNS)) errors.push(`${where}.fieldSelector: unknown field ${r.key} (one of ${Object.keys(FIELD_COLUMNS).join(', ')})`);
      }
    } catch (err) {
      errors.push(`${where}.${f}: ${(err as Error).message}`);
    }
  }
  return errors;
}

/** Collects bound parameters and hands out their placeholders. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%');

/** `column` matches one of the patterns (`*` is a wildcard); patterns starting with `!` exclude. */
function matchAny(column: string, patterns: string[], params: Params): string[] {
  const one = (p: string) => (p.includes('*') ? `${column} LIKE ${params.add(escapeLike(p))}` : `${column} = ${params.add(p)}`);
  const include = patterns.filter((p) => !p.startsWith('!'));
  const exclude = patterns.filter((p) => p.startsWith('!')).map((p) => p.slice(1));
  const clauses: string[] = [];
  if (include.length) clauses.push(`(${include.map(one).join(' OR ')})`);
  if (exclude.length) clauses.push(`(${column} IS NULL OR NOT (${exclude.map(one).join(' OR ')}))`);
  return clauses;
}

/** SQL for one requirement over a text expression taking the key (`labels->>$n`) or a fixed column. */
function requirementSql(r: Requirement, column: (key: string) => string, params: Params): string {
  const col = column(r.key);
  switch (r.op) {
    case 'eq':
      return `${col} = ${params.add(r.value)}`;
    case 'neq':
      return `${col} IS DISTINCT FROM ${params.add(r.value)}`;
    case 'in':
      return `${col} = ANY(${params.add(r.values)}::text[])`;
    case 'notin':
      return `(${col} IS NULL OR NOT (${col} = ANY(${params.add(r.values)}::text[])))`;
    case 'exists':
      return `${col} IS NOT NULL`;
    case 'absent':
      return `${col} IS NULL`;
  }
}

/** The WHERE conditions (ANDed) of one validated selector. */
export function selectorSql(selector: ResourceSelector, params: Params): string {
  const clauses: string[] = [];
  if (selector.id) clauses.push(`id = ${params.add(selector.id)}::uuid`);
  if (selector.name) clauses.push(...matchAny('name', [selector.name], params));
  if (selector.namespace) clauses.push(...matchAny("tags->>'namespace'", [selector.namespace], params));
  const types = [...listOf(selector.types), ...listOf(selector.type)];
  if (types.length) clauses.push(...matchAny('type', types, params));
  const statuses = listOf(selector.statuses);
  if (statuses.length) clauses.push(...matchAny('status', statuses, params));
  const healths = listOf(selector.healths);
  if (healths.length) clauses.push(...matchAny('health', healths, params));
  for (const [key, value] of Object.entries(selector.labels ?? {})) clauses.push(`labels->>(${params.add(key)}::text) = ${params.add(String(value))}`);
  const jsonKey = (column: string) => (key: string) => `${column}->>(${params.add(key)}::text)`;
  if (selector.labelSelector) for (const r of parseSelector(selector.labelSelector)) clauses.push(requirementSql(r, jsonKey('labels'), params));
  if (selector.tagSelector) for (const r of parseSelector(selector.tagSelector)) clauses.push(requirementSql(r, jsonKey('tags'), params));
  if (selector.fieldSelector) for (const r of parseSelector(selector.fieldSelector)) clauses.push(requirementSql(r, (key) => FIELD_COLUMNS[key], params));
  return clauses.length ? clauses.join(' AND ') : 'false';
}
