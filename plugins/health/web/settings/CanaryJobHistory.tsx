import { dataApiPath, pg, withQuery } from '@web/core/api';
import { JOB_HISTORY_LIMIT, JobHistoryTab } from '@web/core/editor/JobHistoryTab';

/** The newest job runs of one canary (its check syncs), newest first. */
export function canaryJobHistoryKey(canaryId: string): string {
  return withQuery(dataApiPath('job_history'), {
    resource_id: pg.eq(canaryId),
    select: 'id,name,status,time_start,duration_millis,success_count,error_count,details',
    order: pg.order('time_start', 'desc'),
    limit: String(JOB_HISTORY_LIMIT),
  });
}

/** The jobHistory tab of the canary's settings page (spec 03 §2), with each run's details in the row. */
export function CanaryJobHistory({ canaryId }: { canaryId: string }) {
  return <JobHistoryTab historyKey={canaryJobHistoryKey(canaryId)} details="column" />;
}
