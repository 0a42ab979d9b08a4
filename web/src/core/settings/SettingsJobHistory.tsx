import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { JOB_HISTORY_RESOURCE, JobHistoryTable } from '@web/core/jobs';

/** The jobHistory tab of a settings detail page: the record's runs (core `JobHistoryTable`: server-paged, a row opens its details). */
export function SettingsJobHistory({ resourceId, resourceType }: { resourceId: string; resourceType: string }) {
  return (
    <section aria-label="Job history">
      <JobHistoryTable resourceId={resourceId} resourceType={resourceType} />
    </section>
  );
}

/** Re-reads every job history page on screen (after Run Now wrote a run). */
export function useRefreshJobHistory(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate((key) => Array.isArray(key) && key[0] === JOB_HISTORY_RESOURCE), [mutate]);
}
