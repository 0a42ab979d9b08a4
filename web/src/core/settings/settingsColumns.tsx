import { Badge, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import type { DataTableColumn } from '@web/core/components/DataTable';
import { formatDateTime } from '@web/core/formatDateTime';
import { JobStatusCell } from '@web/core/jobs';
import { type SettingsColumnId, type SettingsResource, SETTINGS_COLUMN_IDS } from './types';

const useStyles = makeStyles({
  tags: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});

/** Columns the list may be sorted by on the server (the URL's `sortBy`): tags and creator are not. */
export const SORTABLE_COLUMNS: readonly SettingsColumnId[] = SETTINGS_COLUMN_IDS.filter((id) => id !== 'tags' && id !== 'created_by');

/** A record's tags as shown: its `tags` (a list, or a map as `key: value`) when it has any, else its labels as `key: value`. */
export function tagsOf(row: Pick<SettingsResource, 'tags' | 'labels'>): string[] {
  const pairs = (map: Record<string, unknown>) => Object.entries(map).map(([key, value]) => `${key}: ${String(value)}`);
  const tags = Array.isArray(row.tags) ? row.tags.map(String) : row.tags && typeof row.tags === 'object' ? pairs(row.tags as Record<string, string>) : [];
  return tags.length ? tags : pairs(row.labels ?? {});
}

/** The first tag, then '+N more' with the others in a tooltip (spec 03 §2). */
export function TagsCell({ row }: { row: SettingsResource }) {
  const styles = useStyles();
  const tags = tagsOf(row);
  if (!tags.length) return null;
  return (
    <span className={styles.tags}>
      <Badge appearance="outline" color="informative">
        {tags[0]}
      </Badge>
      {tags.length > 1 && (
        <Tooltip content={tags.slice(1).join(', ')} relationship="description">
          <span>{`+${tags.length - 1} more`}</span>
        </Tooltip>
      )}
    </span>
  );
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

const ALL_COLUMNS: Record<SettingsColumnId, DataTableColumn<SettingsResource>> = {
  name: { id: 'name', header: 'Name', flex: 2, minWidth: 200, value: (row) => row.name },
  source: { id: 'source', header: 'Source', width: 110, value: (row) => text(row.source) },
  schedule: { id: 'schedule', header: 'Schedule', width: 130, value: (row) => text(row.schedule) },
  namespace: { id: 'namespace', header: 'Namespace', width: 130, value: (row) => text(row.namespace) },
  job_status: {
    id: 'job_status',
    header: 'Job Status',
    minWidth: 180,
    value: (row) => text(row.job_status),
    render: (row) => (
      <JobStatusCell
        status={row.job_status}
        job={{ name: (row.job_name as string | null | undefined) ?? null, resource_name: row.name, details: row.job_details }}
      />
    ),
  },
  last_runtime: {
    id: 'last_runtime',
    header: 'Last Run',
    width: 190,
    value: (row) => text(row.last_runtime),
    render: (row) => formatDateTime(row.last_runtime),
  },
  job_last_failed: {
    id: 'job_last_failed',
    header: 'Last Failed',
    width: 190,
    value: (row) => text(row.job_last_failed),
    render: (row) => formatDateTime(row.job_last_failed),
  },
  tags: { id: 'tags', header: 'Tags', flex: 1, minWidth: 140, value: (row) => tagsOf(row).join(', '), render: (row) => <TagsCell row={row} /> },
  created_at: { id: 'created_at', header: 'Created', width: 190, value: (row) => text(row.created_at), render: (row) => formatDateTime(row.created_at) },
  updated_at: { id: 'updated_at', header: 'Updated', width: 190, value: (row) => text(row.updated_at), render: (row) => formatDateTime(row.updated_at) },
  created_by: { id: 'created_by', header: 'Created By', width: 140, value: (row) => row.created_by?.name ?? '' },
};

/** Spec 03 §2 settings list columns in their order, without the table's hidden ones; sortable on the server. */
export function settingsColumns(hidden: readonly SettingsColumnId[]): DataTableColumn<SettingsResource>[] {
  return SETTINGS_COLUMN_IDS.filter((id) => !hidden.includes(id)).map((id) => ({ ...ALL_COLUMNS[id], sortable: SORTABLE_COLUMNS.includes(id) }));
}
