import { type ReactNode, useMemo, useState } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular, Settings20Regular } from '@fluentui/react-icons';
import { useNavigate, useSearchParams } from 'react-router';
import useSWR from 'swr';
import type { ApiError, CountedRows } from '@web/core/api';
import { usePermissions } from '@web/core/auth';
import { Breadcrumb, type BreadcrumbEntry } from '@web/core/components/Breadcrumb';
import { DataTable, NO_DATA_MESSAGE, type SortState } from '@web/core/components/DataTable';
import { EmptyState } from '@web/core/components/EmptyState';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { type ListSort, NEW_RESOURCE_ID, SETTINGS_LIST_LIMIT, fetchSettingsPage, settingsListKey } from './settingsApi';
import { SORTABLE_COLUMNS, settingsColumns } from './settingsColumns';
import type { SettingsResource, SettingsTable } from './types';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
});

export const DEFAULT_SORT_BY = 'name';

/** The URL's `sortBy`/`sortDesc` → the list's sort: a visible sortable column, else by name. */
export function sortFromParams(table: Pick<SettingsTable, 'hiddenColumns'>, sortBy: string | null, sortDesc: string | null): ListSort {
  const sortable = SORTABLE_COLUMNS.filter((id) => !table.hiddenColumns.includes(id)) as string[];
  const column = sortBy && sortable.includes(sortBy) ? sortBy : DEFAULT_SORT_BY;
  return { column, direction: sortDesc === 'true' ? 'desc' : 'asc' };
}

export interface SettingsListPageProps {
  table: SettingsTable;
  /** Default: Settings › the table's title. */
  breadcrumb?: readonly BreadcrumbEntry[];
  /** Above the toolbar (the catalogue's tabs). */
  header?: ReactNode;
  /** Where rows and Add lead (`{basePath}/{id}`, `{basePath}/new`); default the table's path. */
  basePath?: string;
}

/**
 * A spec 03 settings list (`/settings/{table}`): breadcrumb and Add (with write on the table), the spec's columns
 * without the table's hidden ones, sorted on the server from the URL (`sortBy`, `sortDesc`), 100 rows a page.
 */
export function SettingsListPage({ table, breadcrumb, header, basePath = table.path }: SettingsListPageProps) {
  const styles = useStyles();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const [params, setParams] = useSearchParams();
  const [pageIndex, setPageIndex] = useState(0);
  const sort = sortFromParams(table, params.get('sortBy'), params.get('sortDesc'));
  const key = settingsListKey(table, sort, pageIndex);
  const { data, error, isLoading } = useSWR<CountedRows<SettingsResource>, ApiError>(key, fetchSettingsPage, { keepPreviousData: true });
  const rows = useMemo(() => data?.rows ?? [], [data]);
  const columns = useMemo(() => settingsColumns(table.hiddenColumns), [table.hiddenColumns]);
  const open = (id: string) => navigate(`${basePath}/${encodeURIComponent(id)}`);

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

  const Icon = table.empty?.icon ?? Settings20Regular;
  return (
    <div className={styles.root}>
      {header}
      <div className={styles.toolbar}>
        <Breadcrumb items={breadcrumb ?? [{ label: 'Settings' }, { label: table.title }]} />
        {can(table.writePermission.resource, table.writePermission.action) && (
          <Button appearance="primary" icon={<Add20Regular />} onClick={() => open(NEW_RESOURCE_ID)}>
            Add
          </Button>
        )}
      </div>
      {error && !data ? (
        <ErrorPanel error={error} />
      ) : data && data.total === 0 ? (
        <EmptyState icon={<Icon />} title={table.empty?.title ?? `No ${table.title.toLowerCase()} yet`} message={NO_DATA_MESSAGE} />
      ) : (
        <DataTable<SettingsResource>
          id={`settings-${table.id}`}
          rows={rows}
          columns={columns}
          getRowId={(row) => row.id}
          loading={isLoading}
          sort={sort}
          onSortChange={onSortChange}
          paging={{ mode: 'server', pageIndex, pageSize: SETTINGS_LIST_LIMIT, total: data?.total ?? 0, onChange: setPageIndex }}
          onRowClick={(row) => open(row.id)}
        />
      )}
    </div>
  );
}
