import { dataApiPath, pg, withQuery } from '@web/core/api';
import { JOB_HISTORY_LIMIT, JobHistoryTab } from '@web/core/editor/JobHistoryTab';

/** The newest runs of one resource of one type (`job_histories`, spec 03 §7 Job history), newest first. */
export function settingsJobHistoryKey(resourceId: string, resourceType: string): string {
  return withQuery(dataApiPath('job_histories'), {
    resource_id: pg.eq(resourceId),
    resource_type: pg.eq(resourceType),
    order: pg.order('created_at', 'desc'),
    limit: JOB_HISTORY_LIMIT,
  });
}

/** The jobHistory tab of a settings detail page: a row click opens the run's details. */
export function SettingsJobHistory({ resourceId, resourceType }: { resourceId: string; resourceType: string }) {
  return <JobHistoryTab historyKey={settingsJobHistoryKey(resourceId, resourceType)} details="modal" />;
}
