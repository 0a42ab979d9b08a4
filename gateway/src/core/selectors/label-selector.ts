/**
 * Kubernetes label selectors (`k=v`, `k==v`, `k!=v`, `k`, `!k`, `k in (a,b)`, `k notin (a,b)`) read with Kubernetes'
 * rules for keys and values, and turned into parameterised SQL. One reader for every plugin that selects by labels,
 * tags or fields, so a selector means the same everywhere. User text only ever reaches SQL as a parameter.
 */

export type LabelRequirement =
  { key: string; op: 'eq' | 'neq'; value: string } | { key: string; op: 'exists' | 'missing' } | { key: string; op: 'in' | 'notin'; values: string[] };

/** A label key: an optional DNS prefix and `/`, a name of alphanumerics, `-`, `_`, `.` starting and ending alphanumeric. */
export const LABEL_KEY = /^[A-Za-z0-9]([A-Za-z0-9_./-]{0,250}[A-Za-z0-9])?$/;
/** A label value: empty, or up to 63 alphanumerics, `-`, `_`, `.` starting and ending alphanumeric. */
export const LABEL_VALUE = /^([A-Za-z0-9]([A-Za-z0-9_.-]{0,61}[A-Za-z0-9])?)?$/;

export const MAX_SELECTOR_LENGTH = 2_000;

/** Why a selector cannot be read; `part` is the requirement at fault (none when the whole text is). */
export class LabelSelectorError extends Error {
  constructor(
    message: string,
    readonly part?: string,
  ) {
    super(message);
  }
}

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

/**
 * A selector → its requirements; throws a LabelSelectorError naming the offending part. `value` replaces the label
 * value rule where the values are not labels (a field selector's names, types, ids).
 */
export function parseLabelSelector(text: string, options: { value?: RegExp } = {}): LabelRequirement[] {
  if (text.length > MAX_SELECTOR_LENGTH) throw new LabelSelectorError(`at most ${MAX_SELECTOR_LENGTH} characters`);
  const valueRule = options.value ?? LABEL_VALUE;
  const invalid = (part: string) => new LabelSelectorError(`'${part}' is not a valid requirement`, part);
  const out: LabelRequirement[] = [];
  for (const part of requirementsOf(text)) {
    let m: RegExpExecArray | null;
    if ((m = /^([^\s!=]+)\s+(in|notin)\s+\(([^()]*)\)$/.exec(part))) {
      const values = m[3]
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
      if (!LABEL_KEY.test(m[1]) || !values.length || values.some((v) => !valueRule.test(v))) throw invalid(part);
      out.push({ key: m[1], op: m[2] as 'in' | 'notin', values });
    } else if ((m = /^([^\s!=]+)\s*(==|=|!=)\s*(.*)$/.exec(part))) {
      // The value rule decides what a value may hold: labels no spaces, a field selector's names may (`name=My Bucket`).
      const value = m[3].trim();
      if (!LABEL_KEY.test(m[1]) || !valueRule.test(value)) throw invalid(part);
      out.push({ key: m[1], op: m[2] === '!=' ? 'neq' : 'eq', value });
    } else if ((m = /^(!?)([^\s!=()]+)$/.exec(part))) {
      if (!LABEL_KEY.test(m[2])) throw invalid(part);
      out.push({ key: m[2], op: m[1] ? 'missing' : 'exists' });
    } else throw new LabelSelectorError(`'${part}' is not a valid requirement (k=v, k!=v, k, !k, k in (a,b), k notin (a,b))`, part);
  }
  return out;
}

/** The message parseLabelSelector would throw, or null when the selector reads. */
export function labelSelectorProblem(text: string): string | null {
  try {
    parseLabelSelector(text);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/** Binds a value as the next parameter and answers its placeholder (`$n`). */
export type BindParam = (value: unknown) => string;

/** Where a key's value is read: a text expression for it, and a condition that the key is there. */
export type RequirementTarget = (key: string) => { value: string; present: string };

/** The keys of a jsonb column (`labels`, `tags`): the key is bound once and serves both expressions. */
export const jsonbKeys =
  (column: string, param: BindParam): RequirementTarget =>
  (key) => {
    const k = param(key);
    return { value: `${column} ->> ${k}`, present: `${column} ? ${k}` };
  };

/** One requirement as SQL. `!=` and `notin` match rows without the key, as in Kubernetes. */
export function requirementCondition(r: LabelRequirement, target: RequirementTarget, param: BindParam): string {
  const { value, present } = target(r.key);
  switch (r.op) {
    case 'eq':
      return `${value} = ${param(r.value)}`;
    case 'neq':
      return `${value} IS DISTINCT FROM ${param(r.value)}`;
    case 'exists':
      return present;
    case 'missing':
      return `NOT (${present})`;
    case 'in':
      return `${value} = ANY(${param(r.values)}::text[])`;
    case 'notin':
      return `(${value} IS NULL OR NOT (${value} = ANY(${param(r.values)}::text[])))`;
  }
}

/** The requirements as conditions (to be ANDed) over a jsonb column of labels or tags. */
export function labelConditions(requirements: LabelRequirement[], column: string, param: BindParam): string[] {
  const target = jsonbKeys(column, param);
  return requirements.map((r) => requirementCondition(r, target, param));
}

/** Whether a map of labels meets every requirement (in memory; the SQL form is `labelConditions`). */
export function labelsMatch(requirements: readonly LabelRequirement[], labels: Record<string, string>): boolean {
  return requirements.every((r) => {
    const has = Object.prototype.hasOwnProperty.call(labels, r.key);
    switch (r.op) {
      case 'exists':
        return has;
      case 'missing':
        return !has;
      case 'eq':
        return has && labels[r.key] === r.value;
      case 'neq':
        return !has || labels[r.key] !== r.value;
      case 'in':
        return has && r.values.includes(labels[r.key]);
      case 'notin':
        return !has || !r.values.includes(labels[r.key]);
    }
  });
}
