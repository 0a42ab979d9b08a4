import useSWR from 'swr';
import { type ApiError, type CountedRows, fetchWithCount } from '@web/core/api';
import { JOB_HISTORY_RESOURCE, type JobHistoryFilter, jobHistoryParams } from './jobHistoryQuery';
import type { JobHistoryRow } from './types';

/** One server page of job runs with the total (`Prefer: count=exact`); the previous page stays shown while the next loads. */
export function useJobHistoryPage(filter: JobHistoryFilter) {
  const params = jobHistoryParams(filter);
  return useSWR<CountedRows<JobHistoryRow>, ApiError>(
    [JOB_HISTORY_RESOURCE, JSON.stringify(params)],
    () => fetchWithCount<JobHistoryRow>(JOB_HISTORY_RESOURCE, params),
    {
      keepPreviousData: true,
    },
  );
}
