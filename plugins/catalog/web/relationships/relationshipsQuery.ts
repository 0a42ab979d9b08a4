import { DATA_API, dataApiPath, pg, withQuery } from '@web/core/api';
import type { GraphDirection } from './relationGraph';

export type RelationshipsView = 'graph' | 'table';
export type EdgeStyle = 'bezier' | 'smoothstep';

/** The tab's state, all of it in the URL query (spec: URL is the state). */
export interface RelationshipsOptions {
  outgoing: boolean;
  incoming: boolean;
  soft: boolean;
  view: RelationshipsView;
  direction: GraphDirection;
  edgeStyle: EdgeStyle;
}

export const DEFAULT_OPTIONS: RelationshipsOptions = { outgoing: true, incoming: true, soft: true, view: 'graph', direction: 'LR', edgeStyle: 'smoothstep' };

/** Query parameter names; values other than the defaults are written, so a plain link shows the defaults. */
export const PARAM = { outgoing: 'outgoing', incoming: 'incoming', soft: 'soft', view: 'view', direction: 'graphDirection', edgeStyle: 'edgeStyle' } as const;

export const MAX_DEPTH = 10;

const flag = (value: string | null, fallback: boolean) => (value === null ? fallback : value === 'true');

export function optionsFromParams(params: URLSearchParams): RelationshipsOptions {
  const view = params.get(PARAM.view);
  const direction = params.get(PARAM.direction);
  const edgeStyle = params.get(PARAM.edgeStyle);
  return {
    outgoing: flag(params.get(PARAM.outgoing), DEFAULT_OPTIONS.outgoing),
    incoming: flag(params.get(PARAM.incoming), DEFAULT_OPTIONS.incoming),
    soft: flag(params.get(PARAM.soft), DEFAULT_OPTIONS.soft),
    view: view === 'table' || view === 'graph' ? view : DEFAULT_OPTIONS.view,
    direction: direction === 'TB' || direction === 'LR' ? direction : DEFAULT_OPTIONS.direction,
    edgeStyle: edgeStyle === 'bezier' || edgeStyle === 'smoothstep' ? edgeStyle : DEFAULT_OPTIONS.edgeStyle,
  };
}

/** Writes one option into a copy of the query, keeping the page's other parameters (the detail page's `selected`). */
export function withOption<K extends keyof RelationshipsOptions>(params: URLSearchParams, key: K, value: RelationshipsOptions[K]): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === DEFAULT_OPTIONS[key]) next.delete(PARAM[key]);
  else next.set(PARAM[key], String(value));
  return next;
}

/**
 * A direction's relation argument of `related_configs_recursive`: `hard` (parent/child only) or `both` (with soft
 * relationships); `none` matches no edge kind, so a direction toggled off walks nothing.
 */
function relationArg(enabled: boolean, soft: boolean): 'none' | 'hard' | 'both' {
  if (!enabled) return 'none';
  return soft ? 'both' : 'hard';
}

/** `GET /api/db/rpc/related_configs_recursive` for one config and the toggles (spec 02 §7, max depth 10). */
export function relatedConfigsKey(configId: string, options: Pick<RelationshipsOptions, 'outgoing' | 'incoming' | 'soft'>): string | null {
  if (!options.outgoing && !options.incoming) return null;
  return withQuery(`${DATA_API}/rpc/related_configs_recursive`, {
    config_id: configId,
    max_depth: MAX_DEPTH,
    incoming_relation: relationArg(options.incoming, options.soft),
    outgoing_relation: relationArg(options.outgoing, options.soft),
    include_deleted_configs: false,
  });
}

/** The root config's own name, type and health (the function returns only the related ones). */
export function rootConfigKey(configId: string): string {
  return withQuery(dataApiPath('config_items'), { id: pg.eq(configId), select: 'id,name,type,health' });
}
