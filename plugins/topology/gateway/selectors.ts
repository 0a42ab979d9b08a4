/**
 * Resource selectors of a topology (`checks[].selector`, `configs[]`, `selectors[]`): name with `*` wildcards,
 * namespace, types, and a Kubernetes label selector (`k=v`, `k==v`, `k!=v`, `k`, `!k`, `k in (a,b)`, `k notin (a,b)`),
 * turned into a parameterised SQL condition. User text only ever reaches SQL as a parameter; the label selector is
 * core's (one reading of it across plugins).
 */
import { labelConditions, parseLabelSelector } from '@gateway/core/selectors/label-selector';

/** The topology document's validation reads selectors here too. */
export { labelSelectorProblem } from '@gateway/core/selectors/label-selector';

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
    if (text && column) conds.push(...labelConditions(parseLabelSelector(text), column, p));
  };
  labelConds(selector.labelSelector, columns.labels);
  labelConds(selector.tagSelector, columns.tags ?? columns.labels);
  return conds.length ? `(${conds.join(' AND ')})` : 'false';
}
