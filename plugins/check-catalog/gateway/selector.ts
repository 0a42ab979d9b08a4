/**
 * Catalog resource selectors (canary-checker's `catalog` check, flanksource duty's ResourceSelector) turned into a
 * parameterised WHERE clause over `configs` (the catalogue's public read model; this plugin never reads catalogue tables). Every value the user wrote is a bound parameter; only column
 * expressions chosen from fixed lists are written into the SQL. The Kubernetes selector syntax is core's.
 */
import {
  jsonbKeys,
  LabelSelectorError,
  parseLabelSelector,
  requirementCondition,
  type LabelRequirement,
  type RequirementTarget,
} from '@gateway/core/selectors/label-selector';

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

/** A fieldSelector's values are names, types and ids (`Kubernetes::Pod`, `arn:…`), not label values. */
const FIELD_VALUE = /^[^=!(),]*$/;

/**
 * Parses `env=prod,tier!=db,team in (a,b),!legacy` (Kubernetes syntax, `field` for a fieldSelector's values); throws
 * naming the part it cannot read.
 */
export function parseSelector(text: string, kind: 'label' | 'field' = 'label'): LabelRequirement[] {
  try {
    return parseLabelSelector(text, kind === 'field' ? { value: FIELD_VALUE } : {});
  } catch (err) {
    if (err instanceof LabelSelectorError && err.part !== undefined) throw new Error(`cannot read "${err.part}"`);
    throw err;
  }
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
      const reqs = parseSelector(s[f] as string, f === 'fieldSelector' ? 'field' : 'label');
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
  const param = (value: unknown) => params.add(value);
  const field: RequirementTarget = (key) => ({ value: FIELD_COLUMNS[key], present: `${FIELD_COLUMNS[key]} IS NOT NULL` });
  const conditions = (text: string | undefined, kind: 'label' | 'field', target: RequirementTarget) => {
    if (text) for (const r of parseSelector(text, kind)) clauses.push(requirementCondition(r, target, param));
  };
  conditions(selector.labelSelector, 'label', jsonbKeys('labels', param));
  conditions(selector.tagSelector, 'label', jsonbKeys('tags', param));
  conditions(selector.fieldSelector, 'field', field);
  return clauses.length ? clauses.join(' AND ') : 'false';
}
