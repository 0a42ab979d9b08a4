import { type ReactElement, type ReactNode, useMemo, useState } from 'react';
import { Badge, Button, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { useSearchParams } from 'react-router';
import useSWR from 'swr';
import { type ApiError, type CountedRows, dataApiPath, pg, request, totalFromContentRange, withQuery } from '@web/core/api';
import { Breadcrumb, type BreadcrumbEntry } from '@web/core/components/Breadcrumb';
import { DataTable, NO_DATA_MESSAGE, type DataTableColumn, type SortState } from '@web/core/components/DataTable';
import { EmptyState } from '@web/core/components/EmptyState';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { formatDateTime } from '@web/core/formatDateTime';
import { JobStatusCell } from './JobStatusCell';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  tags: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});

/** A row of a spec 03 settings list view (`canaries_with_status`, `config_scrapers_with_status`) with its creator embedded. */
export interface SettingsListRow {
  id: string;
  name: string;
  namespace: string;
  labels: Record<string, string> | null;
  schedule: string | null;
  source: string | null;
  job_status: string | null;
  job_details: unknown;
  last_runtime: string | null;
  job_last_failed: string | null;
  created_at: string;
  updated_at: string | null;
  created_by: { id: string; name: string } | null;
}

export type ListSort = { column: string; direction: 'asc' | 'desc' };
export const DEFAULT_SORT_BY = 'name';

/** The URL's `sortBy`/`sortDesc` → the list's sort: a sortable column, else by name. */
export function sortFromParams(sortable: readonly string[], sortBy: string | null, sortDesc: string | null): ListSort {
  const column = sortBy && sortable.includes(sortBy) ? sortBy : DEFAULT_SORT_BY;
  return { column, direction: sortDesc === 'true' ? 'desc' : 'asc' };
}

/** The list's data-API key: live rows, one page, sorted on the server (a stable second key keeps equal rows in order across pages). */
export function settingsListKey(view: string, select: string, sort: ListSort, pageIndex: number, pageSize: number): string {
  return withQuery(dataApiPath(view), {
    select,
    deleted_at: pg.is('null'),
    order: `${pg.order(sort.column, sort.direction)},id.asc`,
    limit: pageSize,
    offset: pageIndex * pageSize,
  });
}

/** Settings resources have labels, not tags: the Tags column shows them as `key: value`. */
export function tagsOf(row: Pick<SettingsListRow, 'labels'>): string[] {
  return Object.entries(row.labels ?? {}).map(([key, value]) => `${key}: ${value}`);
}

async function fetchPage<Row>(key: string): Promise<CountedRows<Row>> {
  const response = await request<Row[]>(key, { headers: { Prefer: 'count=exact' } });
  const rows = response.data ?? [];
  return { rows, total: totalFromContentRange(response.headers.get('content-range')) ?? rows.length };
}

function Tags({ row }: { row: SettingsListRow }) {
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
          <span>+{tags.length - 1} more</span>
        </Tooltip>
      )}
    </span>
  );
}

/** Spec 03 settings list columns; `namespace`: with the Namespace column (scrapers show it, canaries hide it). */
export function settingsListColumns<Row extends SettingsListRow>({
  namespace,
  sortable,
}: {
  namespace: boolean;
  sortable: readonly string[];
}): DataTableColumn<Row>[] {
  const columns: DataTableColumn<Row>[] = [
    { id: 'name', header: 'Name', flex: 2, minWidth: 200 },
    { id: 'source', header: 'Source', width: 110 },
    { id: 'schedule', header: 'Schedule', width: 130 },
    ...(namespace ? [{ id: 'namespace', header: 'Namespace', width: 130 }] : []),
    { id: 'job_status', header: 'Job Status', minWidth: 180, render: (row) => <JobStatusCell status={row.job_status} details={row.job_details} /> },
    { id: 'last_runtime', header: 'Last Run', width: 190, render: (row) => formatDateTime(row.last_runtime) },
    { id: 'job_last_failed', header: 'Last Failed', width: 190, render: (row) => formatDateTime(row.job_last_failed) },
    { id: 'tags', header: 'Tags', flex: 1, minWidth: 140, value: (row) => tagsOf(row).join(', '), render: (row) => <Tags row={row} /> },
    { id: 'created_at', header: 'Created', width: 190, render: (row) => formatDateTime(row.created_at) },
    { id: 'updated_at', header: 'Updated', width: 190, render: (row) => formatDateTime(row.updated_at) },
    { id: 'created_by', header: 'Created By', width: 140, value: (row) => row.created_by?.name ?? '' },
  ];
  return columns.map((column) => ({ ...column, sortable: sortable.includes(column.id) }));
}

export interface SettingsListPageProps<Row extends SettingsListRow> {
  /** The table's id (its saved column widths). */
  id: string;
  /** The data-API view and its `select` (the creator embedded). */
  view: string;
  select: string;
  columns: DataTableColumn<Row>[];
  /** Columns the list may be sorted by on the server (the URL's `sortBy`). */
  sortable: readonly string[];
  pageSize: number;
  breadcrumb: readonly BreadcrumbEntry[];
  /** Above the toolbar (the catalogue's tabs). */
  header?: ReactNode;
  /** Add is shown to those who may write. */
  canAdd: boolean;
  onAdd(): void;
  onOpen(row: Row): void;
  empty: { icon: ReactElement; title: string };
}

/** A spec 03 settings list page: breadcrumb and Add, then the list sorted on the server from the URL (`sortBy`, `sortDesc`), server-paged. */
export function SettingsListPage<Row extends SettingsListRow>(props: SettingsListPageProps<Row>) {
  const styles = useStyles();
  const [params, setParams] = useSearchParams();
  const [pageIndex, setPageIndex] = useState(0);
  const sort = sortFromParams(props.sortable, params.get('sortBy'), params.get('sortDesc'));
  const key = settingsListKey(props.view, props.select, sort, pageIndex, props.pageSize);
  const { data, error, isLoading } = useSWR<CountedRows<Row>, ApiError>(key, fetchPage<Row>, { keepPreviousData: true });
  const rows = useMemo(() => data?.rows ?? [], [data]);

  const onSortChange = (next: SortState | null) => {
    // Both parameters in one update: two separate updates would each start from the same old URL.
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next && next.column !== DEFAULT_SORT_BY) updated.set('sortBy', next.column);
        else updated.delete('sortBy');
        if (next?.direction === 'desc') updated.set('sortDesc', 'true');
        else updated.delete('sortDesc');
        return updated;
      },
      { replace: true },
    );
    setPageIndex(0);
  };

  return (
    <div className={styles.root}>
      {props.header}
      <div className={styles.toolbar}>
        <Breadcrumb items={props.breadcrumb} />
        {props.canAdd && (
          <Button appearance="primary" icon={<Add20Regular />} onClick={props.onAdd}>
            Add
          </Button>
        )}
      </div>
      {error && !data ? (
        <ErrorPanel error={error} />
      ) : data && data.total === 0 ? (
        <EmptyState icon={props.empty.icon} title={props.empty.title} message={NO_DATA_MESSAGE} />
      ) : (
        <DataTable<Row>
          id={props.id}
          rows={rows}
          columns={props.columns}
          getRowId={(row) => row.id}
          loading={isLoading}
          sort={sort}
          onSortChange={onSortChange}
          paging={{ mode: 'server', pageIndex, pageSize: props.pageSize, total: data?.total ?? 0, onChange: (index) => setPageIndex(index) }}
          onRowClick={props.onOpen}
        />
      )}
    </div>
  );
}
