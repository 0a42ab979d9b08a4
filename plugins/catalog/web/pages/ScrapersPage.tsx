import { useMemo, useState } from 'react';
import { Badge, Button, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular, DocumentSearch20Regular } from '@fluentui/react-icons';
import { SCRAPER_WRITE } from '@contracts';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import useSWR from 'swr';
import { type ApiError, type CountedRows, request, totalFromContentRange } from '@web/core/api';
import { usePermissions } from '@web/core/auth';
import { Breadcrumb } from '@web/core/components/Breadcrumb';
import { DataTable, NO_DATA_MESSAGE, type DataTableColumn, type SortState } from '@web/core/components/DataTable';
import { EmptyState } from '@web/core/components/EmptyState';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { JobStatusCell } from '@web/core/editor/JobStatusCell';
import { formatDateTime } from '@web/core/formatDateTime';
import { CatalogTabs } from '../scrapers/CatalogTabs';
import { CATALOG_SCRAPERS_PATH, NEW_SCRAPER_ID, SETTINGS_SCRAPERS_PATH, scrapersBasePath } from '../scrapers/scrapersApi';
import { DEFAULT_SORT_BY, LIST_PAGE_SIZE, SORTABLE_COLUMNS, type ScraperListRow, scrapersListKey, sortFromParams, tagsOf } from '../scrapers/scrapersList';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  tags: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});

async function fetchScrapers(key: string): Promise<CountedRows<ScraperListRow>> {
  const response = await request<ScraperListRow[]>(key, { headers: { Prefer: 'count=exact' } });
  const rows = response.data ?? [];
  return { rows, total: totalFromContentRange(response.headers.get('content-range')) ?? rows.length };
}

function Tags({ row }: { row: ScraperListRow }) {
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

/** Spec 03 settings list columns (scrapers show Schedule and Namespace). */
const listColumns: DataTableColumn<ScraperListRow>[] = [
  { id: 'name', header: 'Name', flex: 2 },
  { id: 'source', header: 'Source', width: 110 },
  { id: 'schedule', header: 'Schedule', width: 130 },
  { id: 'namespace', header: 'Namespace', width: 130 },
  { id: 'job_status', header: 'Job Status', minWidth: 180, render: (row) => <JobStatusCell status={row.job_status} details={row.job_details} /> },
  { id: 'last_runtime', header: 'Last Run', render: (row) => formatDateTime(row.last_runtime) },
  { id: 'job_last_failed', header: 'Last Failed', render: (row) => formatDateTime(row.job_last_failed) },
  { id: 'tags', header: 'Tags', flex: 1, value: (row) => tagsOf(row).join(', '), render: (row) => <Tags row={row} /> },
  { id: 'created_at', header: 'Created', render: (row) => formatDateTime(row.created_at) },
  { id: 'updated_at', header: 'Updated', render: (row) => formatDateTime(row.updated_at) },
  { id: 'created_by', header: 'Created By', value: (row) => row.created_by?.name ?? '' },
];
const columns = listColumns.map((column) => ({ ...column, sortable: (SORTABLE_COLUMNS as readonly string[]).includes(column.id) }));

/** /catalog/scrapers and /settings/config_scrapers: the scrape configs, sorted on the server from the URL (spec 03 §2). */
export default function ScrapersPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const base = scrapersBasePath(useLocation().pathname);
  const canWrite = usePermissions().can(SCRAPER_WRITE.resource, SCRAPER_WRITE.action);
  const [params, setParams] = useSearchParams();
  const [pageIndex, setPageIndex] = useState(0);
  const sort = sortFromParams(params.get('sortBy'), params.get('sortDesc'));
  const { data, error, isLoading } = useSWR<CountedRows<ScraperListRow>, ApiError>(scrapersListKey(sort, pageIndex), fetchScrapers, { keepPreviousData: true });
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
  const open = (id: string) => navigate(`${base}/${encodeURIComponent(id)}`);

  return (
    <div className={styles.root}>
      {base === CATALOG_SCRAPERS_PATH && <CatalogTabs selected="Scrapers" />}
      <div className={styles.toolbar}>
        <Breadcrumb
          items={
            base === SETTINGS_SCRAPERS_PATH
              ? [{ label: 'Settings' }, { label: 'Catalog Scrapers' }]
              : [{ label: 'Catalog', to: '/catalog' }, { label: 'Scrapers' }]
          }
        />
        {canWrite && (
          <Button appearance="primary" icon={<Add20Regular />} onClick={() => open(NEW_SCRAPER_ID)}>
            Add
          </Button>
        )}
      </div>
      {error && !data ? (
        <ErrorPanel error={error} />
      ) : data && data.total === 0 ? (
        <EmptyState icon={<DocumentSearch20Regular />} title="No scrapers yet" message={NO_DATA_MESSAGE} />
      ) : (
        <DataTable<ScraperListRow>
          id="config-scrapers"
          rows={rows}
          columns={columns}
          getRowId={(row) => row.id}
          loading={isLoading}
          sort={sort}
          onSortChange={onSortChange}
          paging={{ mode: 'server', pageIndex, pageSize: LIST_PAGE_SIZE, total: data?.total ?? 0, onChange: (index) => setPageIndex(index) }}
          onRowClick={(row) => open(row.id)}
        />
      )}
    </div>
  );
}
