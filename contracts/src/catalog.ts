import type { ChangeSeverity, ConfigHealth } from './scrapers';

/**
 * The catalogue's own calls (spec 02 §7 Catalog) beyond the data API's tables and views. Lists and details are the
 * data API's `configs`, `config_detail`, `config_analysis_items`... views; the grouped summary and the changes
 * search are gateway endpoints because they aggregate and walk relationships.
 */

/** `POST /api/catalog/summary`. Label and tag filters use the URL's include/exclude encoding: `key=value:1,key=value:-1`. */
export interface CatalogSummaryRequest {
  /** Default `['config_class', 'type']`. Columns: name, type, config_class, status, health, analysis, changed; tag keys end in `__tag`. */
  groupBy?: string[];
  /** Include soft-deleted items (default false). */
  deleted?: boolean;
  configType?: string;
  /** The part of the type before `::` (the Group By option 'provider'). */
  configClass?: string;
  /** `key=value:1,key=value:-1` over labels. */
  labels?: string;
  /** `key=value:1,key=value:-1` over tags. */
  tags?: string;
  /** Comma list with `:1` / `:-1` marks, as in the URL (`healthy:1,warning:-1`), or plain values. */
  health?: string;
  status?: string;
  search?: string;
  /** Windows for the per-group change and insight counts and the cost (default 30d). */
  changes?: { since?: string };
  analysis?: { since?: string };
  cost?: string;
}

export interface CatalogSummaryRow {
  /** One key per groupBy column (tag keys without the `__tag` suffix) with the group's value. */
  [groupKey: string]: unknown;
  count: number;
  /** Items per health. */
  health: Partial<Record<ConfigHealth, number>>;
  status: Record<string, number>;
  /** Changes over the window. */
  changes: number;
  /** Open insights over the window, per analysis type. */
  analysis: Record<string, number>;
  cost_per_minute: number | null;
  cost_total_30d: number | null;
  created_at: string;
  updated_at: string;
}

export interface CatalogSummaryResponse {
  groupBy: string[];
  summary: CatalogSummaryRow[];
}

/** `POST /api/catalog/changes` (spec 02 §7 POST /changes). */
export interface CatalogChangesRequest {
  /** A config id: its changes (and, with `recursive`, its related configs'). */
  id?: string;
  config_type?: string;
  /** Change types, comma list with `:1`/`:-1` marks or plain. */
  type?: string;
  severity?: ChangeSeverity | string;
  external_created_by?: string;
  created_by?: string;
  summary?: string;
  source?: string;
  /** ISO time or a relative `now-2d`; default now-2d. */
  from?: string;
  to?: string;
  /** 1-based (default 1). */
  page?: number;
  /** Default 200, at most 1000. */
  page_size?: number;
  /** Default `-created_at`; a leading `-` is descending. */
  sort_by?: string;
  /** `key=value:1,...` over the change's tags. */
  tags?: string;
  /** With `id`: all | upstream | downstream (default: only the config itself). */
  recursive?: 'all' | 'upstream' | 'downstream';
  /** Default 5. */
  depth?: number;
  include_deleted_configs?: boolean;
}

export interface CatalogChange {
  id: string;
  config_id: string;
  change_type: string;
  summary: string | null;
  severity: ChangeSeverity | null;
  source: string | null;
  details: Record<string, unknown> | null;
  patches: unknown;
  diff: string | null;
  tags: Record<string, string> | null;
  created_at: string;
  first_observed: string;
  count: number;
  created_by: string | null;
  external_created_by: string | null;
  /** The config's type, name and deleted time. */
  type: string;
  name: string | null;
  config_class: string;
  deleted_at: string | null;
}

export interface CatalogChangesResponse {
  changes: CatalogChange[];
  total: number;
}
