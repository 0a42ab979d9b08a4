import type { DataTableColumn } from '@web/core/components/DataTable';
import { formatDateTime } from '@web/core/formatDateTime';
import { JobStatusBadge } from './JobStatusBadge';
import { formatJobDuration } from './jobStatus';
import type { JobHistoryRow } from './types';

/** The job history columns (spec 03 §3); `resource`: with Resource Type and Resource (the Job History page), not on a resource's own tab. */
export function jobHistoryColumns({ resource }: { resource: boolean }): DataTableColumn<JobHistoryRow>[] {
  return [
    { id: 'created_at', header: 'Created At', width: 190, render: (row) => formatDateTime(row.created_at) },
    { id: 'name', header: 'Job Name', flex: 2, minWidth: 180 },
    ...(resource
      ? [
          { id: 'resource_type', header: 'Resource Type', width: 140 },
          { id: 'resource_name', header: 'Resource', flex: 1, minWidth: 160, value: (row: JobHistoryRow) => row.resource_name ?? row.resource_id ?? '' },
        ]
      : []),
    { id: 'time_start', header: 'Started', width: 190, render: (row) => formatDateTime(row.time_start) },
    { id: 'duration_millis', header: 'Duration', width: 110, render: (row) => formatJobDuration(row.duration_millis) },
    { id: 'status', header: 'Status', width: 120, render: (row) => <JobStatusBadge status={row.status} /> },
    { id: 'success_count', header: 'Success Count', width: 130 },
    { id: 'error_count', header: 'Error Count', width: 120 },
  ];
}
