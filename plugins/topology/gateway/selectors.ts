/**
 * Resource selectors of a topology (`checks[].selector`, `configs[]`, `selectors[]`): name with `*` wildcards,
 * namespace, types, and a Kubernetes label selector (`k=v`, `k==v`, `k!=v`, `k`, `!k`, `k in (a,b)`, `k notin (a,b)`),
 * turned into a parameterised SQL condition. User text only ever reaches SQL as a parameter.
 */

export type LabelRequirement =
  { key: string; op: 'eq' | 'neq'; value: string } | { key: string; op: 'exists' | 'missing' } | { key: string; op: 'in' | 'notin'; values: string[] };

const KEY = /^[A-Za-z0-9]([A-Za-z0-9_./-]{0,250}[A-Za-z0-9])?$/;
const VALUE = /^([A-Za-z0-9]([A-Za-z0-9_.-]{0,61}[A-Za-z0-9])?)?$/;

/** Splits on commas outside parentheses. */
function requirementsOf(text: string): string[] {
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

/** A label selector → its requirements; throws with the offending part. */
export function parseLabelSelector(text: string): LabelRequirement[] {
  if (text.length > 2_000) throw new Error('at most 2000 characters');
  const out: LabelRequirement[] = [];
  for (const part of requirementsOf(text)) {
    let m: RegExpExecArray | null;
    if ((m = /^([^\s!=]+)\s+(in|notin)\s+\(([^()]*)\)$/.exec(part))) {
      const values = m[3]
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
      if (!KEY.test(m[1]) || !values.length || values.some((v) => !VALUE.test(v))) throw new Error(`'${part}' is not a valid requirement`);
      out.push({ key: m[1], op: m[2] as 'in' | 'notin', values });
    } else if ((m = /^([^\s!=]+)\s*(==|=|!=)\s*([^\s]*)$/.exec(part))) {
      if (!KEY.test(m[1]) || !VALUE.test(m[3])) throw new Error(`'${part}' is not a valid requirement`);
      out.push({ key: m[1], op: m[2] === '!=' ? 'neq' : 'eq', value: m[3] });
    } else if ((m = /^(!?)([^\s!=()]+)$/.exec(part))) {
      if (!KEY.test(m[2])) throw new Error(`'${part}' is not a valid requirement`);
      out.push({ key: m[2], op: m[1] ? 'missing' : 'exists' });
    } else throw new Error(`'${part}' is not a valid requirement (k=v, k!=v, k, !k, k in (a,b), k notin (a,b))`);
  }
  return out;
}

export function labelSelectorProblem(text: string): string | null {
  try {
    parseLabelSelector(text);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/** A `*` wildcard pattern as a LIKE pattern with `\` as its escape. */
export function likePattern(pattern: string): string {
  return pattern.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%');
}

export interface SelectorColumns {
  name: string;
  namespace?: string;
  type: string;
  /** A jsonb column of labels (and `tags`, for configs' tagSelector). */
  labels: string;
  tags?: string;
}

export interface ResourceSelector {
  name?: string;
  namespace?: string;
  types?: string[];
  type?: string;
  labelSelector?: string;
  tagSelector?: string;
}

/** The selector as `(cond AND cond...)` over `columns`, its values pushed onto `params`. Never matches everything by accident: an empty selector is `false`. */
export function selectorCondition(selector: ResourceSelector, columns: SelectorColumns, params: unknown[]): string {
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const conds: string[] = [];
  if (selector.name)
    conds.push(selector.name.includes('*') ? `${columns.name} LIKE ${p(likePattern(selector.name))} ESCAPE '\\'` : `${columns.name} = ${p(selector.name)}`);
  if (selector.namespace && columns.namespace) conds.push(`${columns.namespace} = ${p(selector.namespace)}`);
  const types = [...(selector.types ?? []), ...(selector.type ? [selector.type] : [])];
  if (types.length) conds.push(`${columns.type} = ANY(${p(types)}::text[])`);
  const labelConds = (text: string | undefined, column: string | undefined) => {
    if (!text || !column) return;
    for (const r of parseLabelSelector(text)) {
      if (r.op === 'eq') conds.push(`${column} ->> ${p(r.key)} = ${p(r.value)}`);
      else if (r.op === 'neq') conds.push(`${column} ->> ${p(r.key)} IS DISTINCT FROM ${p(r.value)}`);
      else if (r.op === 'exists') conds.push(`${column} ? ${p(r.key)}`);
      else if (r.op === 'missing') conds.push(`NOT (${column} ? ${p(r.key)})`);
      else if (r.op === 'in') conds.push(`${column} ->> ${p(r.key)} = ANY(${p(r.values)}::text[])`);
      else if (r.op === 'notin') {
        const key = p(r.key);
        conds.push(`(${column} ->> ${key} IS NULL OR NOT (${column} ->> ${key} = ANY(${p(r.values)}::text[])))`);
      }
    }
  };
  labelConds(selector.labelSelector, columns.labels);
  labelConds(selector.tagSelector, columns.tags ?? columns.labels);
  return conds.length ? `(${conds.join(' AND ')})` : 'false';
}
