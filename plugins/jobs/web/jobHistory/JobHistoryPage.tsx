import { useMemo, useState } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { History20Regular } from '@fluentui/react-icons';
import { AppLink } from '@web/core/components/AppLink';
import { Breadcrumb } from '@web/core/components/Breadcrumb';
import { DataTable, type DataTableColumn, type SortState } from '@web/core/components/DataTable';
import { EmptyState } from '@web/core/components/EmptyState';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { JOB_SORTABLE, JobDetailsModal, type JobHistoryRow, jobHistoryColumns, useJobHistoryPage } from '@web/core/jobs';
import { JobHistoryFilters } from './JobHistoryFilters';
import { JOB_LIST_PAGE_SIZE, resourceLink } from './jobHistoryOptions';
import { useJobHistoryState } from './useJobHistoryState';

export const NO_JOBS_MESSAGE = 'No job runs match these filters';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

function ResourceCell({ row }: { row: JobHistoryRow }) {
  const text = row.resource_name ?? row.resource_id ?? '';
  const to = resourceLink(row.resource_type, row.resource_id);
  if (!to) return <>{text}</>;
  // data-row-toggle: following the link is not a row click (which opens the details).
  return (
    <span data-row-toggle>
      <AppLink to={to}>{text}</AppLink>
    </span>
  );
}

/**
 * /settings/jobs (spec 03 §2 Job History): the runs of every job, filtered by name, resource type, status, duration
 * and time window, server-paged 50 at a time, newest first; a row opens its details.
 */
export default function JobHistoryPage() {
  const styles = useStyles();
  const state = useJobHistoryState();
  const { data, error, isLoading } = useJobHistoryPage(state.filter);
  const [opened, setOpened] = useState<JobHistoryRow | null>(null);

  const columns = useMemo<DataTableColumn<JobHistoryRow>[]>(
    () =>
      jobHistoryColumns({ resource: true }).map((column) => ({
        ...column,
        ...(column.id === 'resource_name' ? { render: (row: JobHistoryRow) => <ResourceCell row={row} /> } : {}),
        sortable: (JOB_SORTABLE as readonly string[]).includes(column.id),
      })),
    [],
  );
  const sort: SortState = { column: state.filter.sortBy!, direction: state.filter.sortOrder! };

  return (
    <div className={styles.root}>
      <Breadcrumb items={[{ label: 'Settings' }, { label: 'Job History' }]} />
      <JobHistoryFilters
        name={state.name}
        resourceType={state.resourceType}
        status={state.status}
        duration={state.duration}
        range={state.range}
        onName={state.setName}
        onResourceType={state.setResourceType}
        onStatus={state.setStatus}
        onDuration={state.setDuration}
        onRange={state.setRange}
      />
      {error && !data ? (
        <ErrorPanel error={error} title="Could not load the job history" />
      ) : data && data.total === 0 ? (
        <EmptyState icon={<History20Regular />} title="No job runs" message={NO_JOBS_MESSAGE} />
      ) : (
        <DataTable<JobHistoryRow>
          id="job-history"
          rows={data?.rows ?? []}
          columns={columns}
          getRowId={(row) => row.id}
          loading={isLoading}
          sort={sort}
          onSortChange={(next) => state.setSort(next?.column ?? null, next?.direction ?? 'desc')}
          paging={{
            mode: 'server',
            pageIndex: state.filter.pageIndex ?? 0,
            pageSize: JOB_LIST_PAGE_SIZE,
            total: data?.total ?? 0,
            onChange: state.setPageIndex,
          }}
          onRowClick={setOpened}
          rowTestId="job-history-row"
        />
      )}
      <JobDetailsModal job={opened} onClose={() => setOpened(null)} />
    </div>
  );
}
