/**
 * The parsed form of a data-API request, before it is checked against any schema.
 * Produced by query-parser.ts, consumed by sql-builder.ts and write-builder.ts.
 */

/** One step of a JSON path: `->key`, `->>key`, `->0`. */
export interface JsonPathStep {
  arrow: '->' | '->>';
  key: string | number;
}

/** A column, optionally followed by a JSON path (`labels->>app`, `config->spec->>replicas`). */
export interface FieldRef {
  column: string;
  jsonPath: JsonPathStep[];
}

export const FILTER_OPERATORS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'in', 'is', 'cs', 'cd', 'ov'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export const IS_VALUES = ['null', 'not_null', 'true', 'false', 'unknown'] as const;
export type IsValue = (typeof IS_VALUES)[number];

export type FilterValue = { kind: 'scalar'; value: string } | { kind: 'list'; values: string[] } | { kind: 'is'; value: IsValue };

/** `col=[not.]op.value` or, inside a logic tree, `col.[not.]op.value`. */
export interface FilterCondition {
  kind: 'filter';
  field: FieldRef;
  operator: FilterOperator;
  negated: boolean;
  value: FilterValue;
}

/** `or=(...)`, `and=(...)`, `not.or=(...)` and their nested forms `or(...)` inside a tree. */
export interface LogicCondition {
  kind: 'logic';
  operator: 'and' | 'or';
  negated: boolean;
  children: Condition[];
}

export type Condition = FilterCondition | LogicCondition;

export interface OrderTerm {
  field: FieldRef;
  direction: 'asc' | 'desc' | null;
  nulls: 'first' | 'last' | null;
}

export interface SelectStar {
  kind: 'star';
}

export interface SelectField {
  kind: 'field';
  field: FieldRef;
  alias: string | null;
  cast: string | null;
}

/** `alias:relation!hint!inner(select...)`. */
export interface SelectEmbed {
  kind: 'embed';
  relation: string;
  alias: string | null;
  hint: string | null;
  join: 'inner' | 'left';
  select: SelectItem[];
}

export type SelectItem = SelectStar | SelectField | SelectEmbed;

/**
 * Conditions, order and paging attach to a node of the embed tree by path: `[]` is the resource itself,
 * `['hypotheses', 'evidences']` an embed of an embed (matched by alias, else relation name).
 */
export interface EmbedPath {
  path: string[];
}

export interface ScopedCondition extends EmbedPath {
  condition: Condition;
}

export interface ScopedOrder extends EmbedPath {
  terms: OrderTerm[];
}

export interface ScopedPaging extends EmbedPath {
  limit: number | null;
  offset: number | null;
}

export interface ParsedQuery {
  /** null when the request has no `select` (means `*`). */
  select: SelectItem[] | null;
  conditions: ScopedCondition[];
  order: ScopedOrder[];
  paging: ScopedPaging[];
  /** `on_conflict=a,b` for upserts. */
  onConflict: string[] | null;
  /** `columns=a,b` for inserts and updates. */
  columns: string[] | null;
  /** For GET /rpc/<fn>: params named like an argument of the function (repeated params give arrays). */
  rpcArgs: Record<string, string[]>;
}
