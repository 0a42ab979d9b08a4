import type { Principal } from '@gateway/core/auth/principal';
import { can } from '@contracts';
import type { Condition, FieldRef, FilterCondition, OrderTerm, ParsedQuery, SelectEmbed, SelectItem } from './ast';
import { DataApiErrors } from './errors';
import { resolveRelationship } from './relationships';
import type { RangeWindow } from './request-headers';
import { quoteIdent, type Relationship, type ResourceMeta, type SchemaCache, type SourceMeta } from './schema-cache';
import { SqlParams, type BuiltSql } from './sql-params';

/**
 * Read queries. A request becomes ONE statement: the page of rows aggregated to a JSON text by Postgres
 * (`json_agg`), embeds as correlated subqueries (`row_to_json` for to-one, `json_agg` for to-many), and the
 * exact count as an uncorrelated subquery over the same WHERE. Node never parses or re-serialises rows.
 * Identifiers come only from the schema cache (quoted); every value is a `$n` parameter.
 */

export interface BuildContext {
  schema: SchemaCache;
  principal: Principal;
}

/** Where the root rows come from: a resource, an rpc call, or the rows a write returned. */
export interface RowsSource {
  meta: SourceMeta;
  /** FROM item SQL; the node's alias is appended. */
  from: string;
}

interface Output {
  sql: string;
  name: string;
}

export interface PlanNode {
  source: SourceMeta;
  from: string;
  alias: string;
  outputs: Output[];
  embeds: EmbedNode[];
  conditions: Condition[];
  order: OrderTerm[];
  limit: number | null;
  offset: number | null;
}

interface EmbedNode extends PlanNode {
  /** Output key, and the name filters use to reach it: alias, else relation. */
  key: string;
  relationship: Relationship;
  inner: boolean;
  /** False for `team()`: the embed filters but adds nothing to the output. */
  visible: boolean;
}

export interface QueryPlan {
  root: PlanNode;
  /** Every resource the request reads through embeds; the caller checks read permission on each. */
  embedded: ResourceMeta[];
}

/** `"schema"."table"`, or a subselect applying the registration's row scope for this principal. */
export function resourceFrom(resource: ResourceMeta, principal: Principal, params: SqlParams): string {
  const scope = resource.registration.scope?.(principal);
  return scope ? `(SELECT * FROM ${resource.sqlName} WHERE (${params.addScope(scope)}))` : resource.sqlName;
}

const restrictedViews = new WeakMap<SourceMeta, SourceMeta>();

/** The source as this principal may read it: without the registration's restricted columns unless permitted. */
function visibleTo(source: SourceMeta, principal: Principal): SourceMeta {
  const restricted = (source as Partial<ResourceMeta>).registration?.restrictedColumns;
  if (!restricted || can(principal.roles, restricted.read, 'read')) return source;
  let view = restrictedViews.get(source);
  if (!view) {
    const hidden = new Set(restricted.columns);
    view = {
      ...source,
      columns: new Map([...source.columns].filter(([name]) => !hidden.has(name))),
      columnOrder: source.columnOrder.filter((name) => !hidden.has(name)),
    };
    restrictedViews.set(source, view);
  }
  return view;
}

/** Resolves select items, embeds and the conditions/order/paging attached to embed paths. */
export function planQuery(query: ParsedQuery, source: RowsSource, ctx: BuildContext, params: SqlParams): QueryPlan {
  const planner = new Planner(ctx, params);
  const root = planner.node(source.meta, source.from, query.select ?? [{ kind: 'star' }]);
  for (const { path, condition } of query.conditions) findNode(root, path).conditions.push(condition);
  for (const { path, terms } of query.order) findNode(root, path).order = terms;
  for (const { path, limit, offset } of query.paging) {
    if (path.length === 0) continue; // the root window is computed by the caller (params + Range header)
    const node = findNode(root, path);
    node.limit = limit ?? node.limit;
    node.offset = offset ?? node.offset;
  }
  return { root, embedded: planner.embedded };
}

class Planner {
  private aliases = 0;
  readonly embedded: ResourceMeta[] = [];

  constructor(
    private readonly ctx: BuildContext,
    private readonly params: SqlParams,
  ) {}

  node(full: SourceMeta, from: string, select: SelectItem[]): PlanNode {
    const source = visibleTo(full, this.ctx.principal);
    const node: PlanNode = {
      source,
      from,
      alias: `t${this.aliases++}`,
      outputs: [],
      embeds: [],
      conditions: [],
      order: [],
      limit: null,
      offset: null,
    };
    for (const item of select) {
      if (item.kind === 'star') {
        for (const column of source.columnOrder) node.outputs.push({ sql: `${node.alias}.${quoteIdent(column)}`, name: column });
      } else if (item.kind === 'field') {
        const sql = fieldSql(node, item.field, this.params);
        node.outputs.push({ sql: item.cast ? `(${sql})::${item.cast}` : sql, name: item.alias ?? outputName(item.field) });
      } else {
        node.embeds.push(this.embed(node, item));
      }
    }
    return node;
  }

  private embed(parent: PlanNode, item: SelectEmbed): EmbedNode {
    const relationship = resolveRelationship(parent.source, item);
    const target = this.ctx.schema.resources.get(relationship.target);
    if (!target) throw DataApiErrors.relationshipNotFound(parent.source.name, item.relation);
    this.embedded.push(target);
    const child = this.node(target, resourceFrom(target, this.ctx.principal, this.params), item.select);
    const key = item.alias ?? item.relation;
    if (parent.embeds.some((e) => e.key === key)) {
      throw DataApiErrors.unsupported(`'${key}' is embedded twice`, 'Give one of them an alias: alias:relation(...)');
    }
    return { ...child, key, relationship, inner: item.join === 'inner', visible: item.select.length > 0 };
  }
}

function findNode(root: PlanNode, path: string[]): PlanNode {
  let node = root;
  for (let i = 0; i < path.length; i++) {
    const next = node.embeds.find((e) => e.key === path[i]);
    if (!next) throw DataApiErrors.notEmbedded(path.slice(0, i + 1).join('.'));
    node = next;
  }
  return node;
}

function outputName(field: FieldRef): string {
  const last = field.jsonPath[field.jsonPath.length - 1];
  return last ? String(last.key) : field.column;
}

/** A column (checked against the source) with its JSON path; keys are parameters, typed for the operator. */
export function fieldSql(node: Pick<PlanNode, 'source' | 'alias'>, field: FieldRef, params: SqlParams): string {
  if (!node.source.columns.has(field.column)) throw DataApiErrors.unknownColumn(node.source.name, field.column);
  let sql = `${node.alias}.${quoteIdent(field.column)}`;
  if (field.jsonPath.length === 0) return sql;
  for (const step of field.jsonPath) {
    sql += `${step.arrow}${params.add(step.key)}::${typeof step.key === 'number' ? 'int' : 'text'}`;
  }
  return `(${sql})`;
}

export interface RenderOptions {
  /** Apply the root's own conditions (false for the rows a write returned: they were filtered already). */
  rootConditions: boolean;
}

export interface RenderedSelect {
  /** `SELECT ... FROM ... WHERE ... ORDER BY ... LIMIT ...` */
  sql: string;
  /** `FROM ... WHERE ...` without order and paging, for the count. */
  fromWhere: string;
}

/** Renders a node as a SELECT. `correlation` ties an embed to its parent row. */
export function renderNode(node: PlanNode, params: SqlParams, correlation: string | null, options: RenderOptions): RenderedSelect {
  const columns = node.outputs.map((o) => `${o.sql} AS ${quoteIdent(o.name)}`);
  for (const embed of node.embeds) {
    if (embed.visible) columns.push(`${embedValue(node, embed, params)} AS ${quoteIdent(embed.key)}`);
  }
  const where = whereParts(node, params, correlation, options.rootConditions);
  const fromWhere = `FROM ${node.from} ${node.alias}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
  let tail = '';
  if (node.order.length) tail += ` ORDER BY ${node.order.map((term) => orderSql(node, term, params)).join(', ')}`;
  if (node.limit !== null) tail += ` LIMIT ${params.add(node.limit)}`;
  if (node.offset) tail += ` OFFSET ${params.add(node.offset)}`;
  return { sql: `SELECT ${columns.join(', ')} ${fromWhere}${tail}`, fromWhere };
}

/** The node's WHERE terms: correlation, its conditions, and an EXISTS per `!inner` embed. */
export function whereParts(node: PlanNode, params: SqlParams, correlation: string | null, ownConditions = true): string[] {
  const parts: string[] = correlation ? [correlation] : [];
  if (ownConditions) for (const condition of node.conditions) parts.push(conditionSql(node, condition, params));
  for (const embed of node.embeds) if (embed.inner) parts.push(existsSql(node, embed, params));
  return parts;
}

function correlate(parent: PlanNode, embed: EmbedNode): string {
  const { columns, foreignColumns } = embed.relationship;
  return columns.map((c, i) => `${embed.alias}.${quoteIdent(foreignColumns[i])} = ${parent.alias}.${quoteIdent(c)}`).join(' AND ');
}

function embedValue(parent: PlanNode, embed: EmbedNode, params: SqlParams): string {
  const inner = renderNode(embed, params, correlate(parent, embed), { rootConditions: true }).sql;
  const row = `_${embed.alias}`;
  return embed.relationship.cardinality === 'one'
    ? `(SELECT row_to_json(${row}) FROM (${inner}) ${row})`
    : `(SELECT coalesce(json_agg(${row}), '[]') FROM (${inner}) ${row})`;
}

function existsSql(parent: PlanNode, embed: EmbedNode, params: SqlParams): string {
  const where = whereParts(embed, params, correlate(parent, embed));
  return `EXISTS (SELECT 1 FROM ${embed.from} ${embed.alias} WHERE ${where.join(' AND ')})`;
}

export function conditionSql(node: PlanNode, condition: Condition, params: SqlParams): string {
  if (condition.kind === 'logic') {
    const joined = condition.children.map((c) => conditionSql(node, c, params)).join(condition.operator === 'or' ? ' OR ' : ' AND ');
    return condition.negated ? `NOT (${joined})` : `(${joined})`;
  }
  const embed = embedNullCheck(node, condition, params);
  if (embed) return embed;
  const sql = filterSql(fieldSql(node, condition.field, params), condition, params);
  return condition.negated ? `NOT (${sql})` : sql;
}

const COMPARISONS: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'LIKE',
  ilike: 'ILIKE',
  cs: '@>',
  cd: '<@',
  ov: '&&',
};

const IS_SQL: Record<string, string> = {
  null: 'IS NULL',
  not_null: 'IS NOT NULL',
  true: 'IS TRUE',
  false: 'IS FALSE',
  unknown: 'IS UNKNOWN',
};

function filterSql(lhs: string, filter: FilterCondition, params: SqlParams): string {
  const { value } = filter;
  if (value.kind === 'is') return `${lhs} ${IS_SQL[value.value]}`;
  if (value.kind === 'list') return `${lhs} = ANY(${params.add(value.values)})`;
  return `${lhs} ${COMPARISONS[filter.operator]} ${params.add(value.value)}`;
}

/** `team=is.null` / `team=not.is.null` test whether an embed has a (matching) row, as in PostgREST. */
function embedNullCheck(node: PlanNode, filter: FilterCondition, params: SqlParams): string | null {
  if (filter.field.jsonPath.length || node.source.columns.has(filter.field.column) || filter.value.kind !== 'is') return null;
  const embed = node.embeds.find((e) => e.key === filter.field.column);
  if (!embed) return null;
  const { value } = filter.value;
  if (value !== 'null' && value !== 'not_null') return null;
  const wantsRow = (value === 'not_null') !== filter.negated;
  return `${wantsRow ? '' : 'NOT '}${existsSql(node, embed, params)}`;
}

function orderSql(node: PlanNode, term: OrderTerm, params: SqlParams): string {
  let sql = fieldSql(node, term.field, params);
  if (term.direction) sql += term.direction === 'desc' ? ' DESC' : ' ASC';
  if (term.nulls) sql += term.nulls === 'first' ? ' NULLS FIRST' : ' NULLS LAST';
  return sql;
}

export interface BuiltRead extends BuiltSql {
  embedded: ResourceMeta[];
}

/**
 * The read statement: one row with `total` (bigint or null), `page_total` and `body` (the JSON array text).
 */
export function buildRead(
  query: ParsedQuery,
  source: RowsSource,
  ctx: BuildContext,
  options: { count: boolean; window: RangeWindow },
  /** Pass the list the source's FROM item was rendered with (scope and rpc arguments live there). */
  params = new SqlParams(),
): BuiltRead {
  const plan = planQuery(query, source, ctx, params);
  plan.root.limit = options.window.limit;
  plan.root.offset = options.window.offset;
  const rendered = renderNode(plan.root, params, null, { rootConditions: true });
  const total = options.count ? `(SELECT count(*) ${rendered.fromWhere})` : 'NULL::bigint';
  const text = `SELECT ${total} AS total, count(*) AS page_total, coalesce(json_agg(_pgrst_t), '[]')::text AS body ` + `FROM (${rendered.sql}) _pgrst_t`;
  return { text, values: params.values, embedded: plan.embedded };
}
