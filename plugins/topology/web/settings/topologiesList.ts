import type { SettingsListRow } from '@web/core/editor/SettingsListPage';

/** A row of `topologies_with_status` (spec 03 settings resource) with its creator embedded (core `SettingsListPage`). */
export type TopologyListRow = SettingsListRow;

export const TOPOLOGIES_SELECT = '*,created_by(id,name)';
/** Columns the list may be sorted by on the server (the URL's `sortBy`); no Schedule: topologies hide it (spec 03 §2). */
export const SORTABLE_COLUMNS = ['name', 'source', 'namespace', 'job_status', 'last_runtime', 'job_last_failed', 'created_at', 'updated_at'] as const;
/** Spec 03 §9: settings list limit 100. */
export const LIST_PAGE_SIZE = 100;
