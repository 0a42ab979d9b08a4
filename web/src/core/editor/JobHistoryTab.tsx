import { useState } from 'react';
import { Badge, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles, tokens } from '@fluentui/react-components';
import useSWR from 'swr';
import { dataApiPath, pg, withQuery } from '@web/core/api';
import { EmptyState } from '@web/core/components/EmptyState';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { Loading } from '@web/core/components/Loading';
import { formatDateTime } from '@web/core/formatDateTime';
import { type JobDetails, JobDetailsModal } from './JobDetailsModal';
import { jobStatusColor } from './jobStatus';

/** A `job_history` row as the tab shows it (spec 03 §3 Job history). */
export interface JobRun {
  id: string;
  name: string;
  status: string;
  time_start: string;
  duration_millis: number | null;
  success_count: number;
  error_count: number;
  details: JobDetails | null;
}

export const JOB_HISTORY_LIMIT = 50;

/** The newest runs of one resource (a scraper...), newest first, from the `job_histories` view. */
export function jobHistoryKey(resourceId: string): string {
  return withQuery(dataApiPath('job_histories'), { resource_id: pg.eq(resourceId), order: pg.order('created_at', 'desc'), limit: JOB_HISTORY_LIMIT });
}

const useStyles = makeStyles({
  details: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
  clickable: { cursor: 'pointer' },
});

export interface JobHistoryTabProps {
  /** The SWR key of the runs (`jobHistoryKey(id)`, or a resource's own query). */
  historyKey: string;
  /** `column`: the details as text in the row; `modal`: a row click opens them in the job details modal. */
  details: 'column' | 'modal';
}

/** The Job History tab of a settings resource (spec 03 §2): Time, Job, Status, Duration, Success, Errors. */
export function JobHistoryTab({ historyKey, details }: JobHistoryTabProps) {
  const styles = useStyles();
  const { data, error } = useSWR<JobRun[]>(historyKey);
  const [opened, setOpened] = useState<JobRun | null>(null);
  if (error) return <ErrorPanel error={error} title="Could not load the job history" />;
  if (!data) return <Loading label="Loading job history..." />;
  if (data.length === 0) return <EmptyState message="No job runs yet" />;
  return (
    <>
      <Table size="small" aria-label="Job history">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Time</TableHeaderCell>
            <TableHeaderCell>Job</TableHeaderCell>
            <TableHeaderCell>Status</TableHeaderCell>
            <TableHeaderCell>Duration</TableHeaderCell>
            <TableHeaderCell>Success</TableHeaderCell>
            <TableHeaderCell>Errors</TableHeaderCell>
            {details === 'column' && <TableHeaderCell>Details</TableHeaderCell>}
          </TableRow>
        </TableHeader>
        <TableBody>
          {data.map((run) => (
            <TableRow
              key={run.id}
              data-testid="job-history-row"
              className={details === 'modal' ? styles.clickable : undefined}
              onClick={details === 'modal' ? () => setOpened(run) : undefined}
              tabIndex={details === 'modal' ? 0 : undefined}
              onKeyDown={details === 'modal' ? (event) => event.key === 'Enter' && setOpened(run) : undefined}
            >
              <TableCell>{formatDateTime(run.time_start)}</TableCell>
              <TableCell>{run.name}</TableCell>
              <TableCell>
                <Badge appearance="tint" color={jobStatusColor(run.status)}>
                  {run.status}
                </Badge>
              </TableCell>
              <TableCell>{run.duration_millis === null ? '' : `${run.duration_millis} ms`}</TableCell>
              <TableCell>{run.success_count}</TableCell>
              <TableCell>{run.error_count}</TableCell>
              {details === 'column' && <TableCell className={styles.details}>{run.details ? JSON.stringify(run.details) : ''}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {details === 'modal' && <JobDetailsModal run={opened} onClose={() => setOpened(null)} />}
    </>
  );
}
