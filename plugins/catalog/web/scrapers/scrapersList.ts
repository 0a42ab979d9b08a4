import type { SettingsListRow } from '@web/core/editor/SettingsListPage';

/** A row of `config_scrapers_with_status` with its creator embedded (core `SettingsListPage`). */
export type ScraperListRow = SettingsListRow;

export const SCRAPERS_VIEW = 'config_scrapers_with_status';
export const SCRAPERS_SELECT = '*,created_by(id,name)';
export const SORTABLE_COLUMNS = [
  'name',
  'source',
  'schedule',
  'namespace',
  'job_status',
  'last_runtime',
  'job_last_failed',
  'created_at',
  'updated_at',
] as const;
/** Spec 03 §9: settings list limit 100. */
export const LIST_PAGE_SIZE = 100;
