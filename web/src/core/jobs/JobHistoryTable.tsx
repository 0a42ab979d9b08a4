import { useMemo, useState } from 'react';
import { History20Regular } from '@fluentui/react-icons';
import { DataTable, NO_DATA_MESSAGE, type SortState } from '@web/core/components/DataTable';
import { EmptyState } from '@web/core/components/EmptyState';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { JobDetailsModal } from './JobDetailsModal';
import { jobHistoryColumns } from './jobHistoryColumns';
import { DEFAULT_JOB_SORT, JOB_HISTORY_PAGE_SIZE, JOB_SORTABLE } from './jobHistoryQuery';
import type { JobHistoryRow } from './types';
import { useJobHistoryPage } from './useJobHistoryPage';

export interface JobHistoryTableProps {
  /** The runs of this resource only (a detail page's Job History tab). */
  resourceId?: string;
  resourceType?: string;
  /** Default 150 (spec 03 §9). */
  pageSize?: number;
}

/** A resource's job runs, server-paged and newest first; a row click opens the job's details. */
export function JobHistoryTable({ resourceId, resourceType, pageSize = JOB_HISTORY_PAGE_SIZE }: JobHistoryTableProps) {
  const [pageIndex, setPageIndex] = useState(0);
  const [sort, setSort] = useState<SortState>({ column: DEFAULT_JOB_SORT.sortBy, direction: DEFAULT_JOB_SORT.sortOrder });
  const [opened, setOpened] = useState<JobHistoryRow | null>(null);
  const { data, error, isLoading } = useJobHistoryPage({ resourceId, resourceType, pageIndex, pageSize, sortBy: sort.column, sortOrder: sort.direction });
  const columns = useMemo(
    () => jobHistoryColumns({ resource: !resourceId }).map((column) => ({ ...column, sortable: (JOB_SORTABLE as readonly string[]).includes(column.id) })),
    [resourceId],
  );

  if (error && !data) return <ErrorPanel error={error} title="Could not load the job history" />;
  if (data && data.total === 0) return <EmptyState icon={<History20Regular />} title="No job runs yet" message={NO_DATA_MESSAGE} />;
  return (
    <>
      <DataTable<JobHistoryRow>
        id="job-history-tab"
        rows={data?.rows ?? []}
        columns={columns}
        getRowId={(row) => row.id}
        loading={isLoading}
        sort={sort}
        onSortChange={(next) => {
          setSort(next ?? { column: DEFAULT_JOB_SORT.sortBy, direction: DEFAULT_JOB_SORT.sortOrder });
          setPageIndex(0);
        }}
        paging={{ mode: 'server', pageIndex, pageSize, total: data?.total ?? 0, onChange: (index) => setPageIndex(index) }}
        onRowClick={setOpened}
        rowTestId="job-history-row"
      />
      <JobDetailsModal job={opened} onClose={() => setOpened(null)} />
    </>
  );
}
