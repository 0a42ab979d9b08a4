import type { SettingsListRow } from '@web/core/editor/SettingsListPage';

/** A row of `canaries_with_status` (spec 03 settings resource) with its creator embedded (core `SettingsListPage`). */
export interface CanaryListRow extends SettingsListRow {
  job_name: string | null;
  created_by: { id: string; name: string; avatar: string | null } | null;
}

export const CANARIES_VIEW = 'canaries_with_status';
export const CANARIES_SELECT = '*,created_by(id,name,avatar)';
/** Columns the list may be sorted by on the server (the URL's `sortBy`). */
export const SORTABLE_COLUMNS = ['name', 'source', 'schedule', 'job_status', 'last_runtime', 'job_last_failed', 'created_at', 'updated_at'] as const;
export const LIST_PAGE_SIZE = 50;
