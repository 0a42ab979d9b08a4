import type { ReactNode } from 'react';
import type { FluentIcon } from '@fluentui/react-icons';
import type { ExtensionBase, LazyComponent, Permission } from '@web/core/plugin-host/types';

/** The columns of a settings list (spec 03 §2), in their order. */
export const SETTINGS_COLUMN_IDS = [
  'name',
  'source',
  'schedule',
  'namespace',
  'job_status',
  'last_runtime',
  'job_last_failed',
  'tags',
  'created_at',
  'updated_at',
  'created_by',
] as const;
export type SettingsColumnId = (typeof SETTINGS_COLUMN_IDS)[number];

/** Spec 03 §2: Schedule and Namespace are hidden for most tables. */
export const DEFAULT_HIDDEN_COLUMNS: readonly SettingsColumnId[] = ['schedule', 'namespace'];

/** A settings resource as a list row or a stored record (spec 03 §3 Settings resource); a table may have more columns. */
export interface SettingsResource {
  id: string;
  name: string;
  namespace?: string | null;
  labels?: Record<string, string> | null;
  tags?: Record<string, string> | readonly string[] | null;
  schedule?: string | null;
  spec?: unknown;
  source?: string | null;
  job_status?: string | null;
  job_details?: unknown;
  last_runtime?: string | null;
  job_last_failed?: string | null;
  created_at?: string | null;
  updated_at?: string | null;
  created_by?: { id: string; name: string; avatar?: string | null } | null;
  [column: string]: unknown;
}

/** What the spec tab's editor receives: the stored record (null: a new one) and where Save, Cancel and Delete go. */
export interface SettingsEditorProps<R extends SettingsResource = SettingsResource> {
  resource: R | null;
  canWrite: boolean;
  /** The list to return to (the table's own, or the page's `listPath`: /settings/integrations). */
  listPath: string;
  table: SettingsTable;
}

/** What a detail page's action (Run Now) receives; `showResult` places its answer above the tabs (null clears it). */
export interface SettingsDetailActionProps<R extends SettingsResource = SettingsResource> {
  resource: R;
  canWrite: boolean;
  table: SettingsTable;
  showResult(result: ReactNode | null): void;
}

/** A tab of the detail page after spec (teams' manageTeam). */
export interface SettingsExtraTab {
  /** The tab's value in the URL's `tab` (spec 03: `manageTeam`). */
  value: string;
  label: string;
  load: LazyComponent<{ resource: SettingsResource; canWrite: boolean; table: SettingsTable }>;
}

/**
 * One settings table (spec 03 §2 "Settings lists and details"), contributed by its plugin to `settings.tables`:
 * core's list and detail pages do the rest. `permission` (ExtensionBase) is the read needed to see it.
 */
export interface SettingsTableExtension extends ExtensionBase {
  /** The table, e.g. `topologies`, `config_scrapers`, `incident_rules`. */
  id: string;
  /** The breadcrumb's label, e.g. 'Topology'. */
  title: string;
  /** The list's route, e.g. `/settings/topologies`; the detail is `{path}/:id` (`new` for a new one). */
  path: string;
  /** The write permission that shows Add and the editor's Save, Update and Delete (spec 03 §6). */
  writePermission: Permission;
  /** The list's data-API view; default `{id}_with_status` (incident_rules and connections: the table itself). */
  view?: string;
  /** The list's `select`; default `*,created_by(id,name)`. */
  select?: string;
  /** Default: Schedule and Namespace. */
  hiddenColumns?: readonly SettingsColumnId[];
  /** `job_history.resource_type` of the table's runs (spec 03 §9 resource types map); none: no jobHistory tab. */
  resourceType?: string;
  /** The list's empty state. */
  empty?: { icon?: FluentIcon; title: string };
  /** How one record is read for the detail page; default the data API (`GET /{id}?id=eq.{id}&deleted_at=is.null`). */
  resource?: { key(id: string): string; fetch?(id: string): Promise<SettingsResource | null> };
  /** The spec tab; default core's `SettingsSpecEditor` (name, namespace, labels, spec YAML over the data API). */
  editor?: LazyComponent<SettingsEditorProps>;
  /** Buttons right of the breadcrumb on an existing record (Run Now). */
  action?: LazyComponent<SettingsDetailActionProps>;
  extraTabs?: readonly SettingsExtraTab[];
  /** The default editor's fields besides Name and Spec (the table's columns): `namespace` (default 'default'), `labels`. */
  fields?: readonly ('namespace' | 'labels')[];
}

/** A registered table: the contribution with its defaults filled in. */
export interface SettingsTable extends SettingsTableExtension {
  view: string;
  select: string;
  hiddenColumns: readonly SettingsColumnId[];
}
