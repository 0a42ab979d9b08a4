import type { ParsedQuery } from './ast';
import { DataApiErrors } from './errors';
import type { RangeWindow } from './request-headers';
import { quoteIdent, type RpcMeta } from './schema-cache';
import { buildRead, type BuildContext, type BuiltRead } from './sql-builder';
import { SqlParams } from './sql-params';
import { toParam } from './write-builder';

/**
 * `/rpc/<fn>` calls. Arguments are passed by name, each bound as a parameter cast to the argument's
 * declared type (the type text comes from the catalog, never from the request). Functions returning rows
 * are read like a resource, so select, filters, order and limit apply to their result.
 */

/** `"schema"."fn"("a" => $1::uuid, ...)` after checking names against the function's arguments. */
export function callSql(rpc: RpcMeta, args: Record<string, unknown>, params: SqlParams): string {
  const given = Object.keys(args);
  const unknown = given.filter((name) => !rpc.args.some((a) => a.name === name));
  const missing = rpc.args.filter((a) => !a.hasDefault && !given.includes(a.name));
  if (unknown.length || missing.length) throw DataApiErrors.functionNotFound(rpc.name, given);
  const bound = rpc.args
    .filter((arg) => given.includes(arg.name))
    .map((arg) => {
      const isArray = arg.type.endsWith('[]');
      const value = toParam({ isJson: arg.type === 'json' || arg.type === 'jsonb', isArray }, args[arg.name]);
      return `${arg.variadic ? 'VARIADIC ' : ''}${quoteIdent(arg.name)} => ${params.add(value)}::${arg.type}`;
    });
  return `${rpc.sqlName}(${bound.join(', ')})`;
}

/** GET arguments: one value stays a string; a repeated parameter becomes an array. */
export function argsFromQuery(query: ParsedQuery): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const [name, values] of Object.entries(query.rpcArgs)) args[name] = values.length === 1 ? values[0] : values;
  return args;
}

/** One row: `total`, `page_total`, `body` — the same shape as a read. */
export function buildRpc(
  query: ParsedQuery,
  rpc: RpcMeta,
  args: Record<string, unknown>,
  ctx: BuildContext,
  options: { count: boolean; window: RangeWindow },
): BuiltRead {
  const params = new SqlParams();
  const call = callSql(rpc, args, params);
  const { result } = rpc;
  if (result.kind === 'rows') return buildRead(query, { meta: result.source, from: call }, ctx, options, params);
  if (query.select || query.conditions.length || query.order.length) {
    throw DataApiErrors.unsupported(`select, filters and order apply only to functions returning rows; '${rpc.name}' does not`);
  }
  const text =
    result.kind === 'void'
      ? `SELECT NULL::bigint AS total, count(*) AS page_total, NULL::text AS body FROM (SELECT ${call}) _pgrst_r`
      : result.set
        ? `SELECT NULL::bigint AS total, count(*) AS page_total, coalesce(json_agg(_pgrst_r.v), '[]')::text AS body FROM ${call} AS _pgrst_r(v)`
        : `SELECT NULL::bigint AS total, 1 AS page_total, to_json(${call})::text AS body`;
  return { text, values: params.values, embedded: [] };
}
