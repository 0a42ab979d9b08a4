import { Badge, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles, tokens } from '@fluentui/react-components';
import useSWR from 'swr';
import { dataApiPath, pg, withQuery } from '@web/core/api';
import { EmptyState } from '@web/core/components/EmptyState';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { Loading } from '@web/core/components/Loading';
import { formatDateTime } from '@web/core/formatDateTime';

/** A `job_history` row as this tab shows it (spec 03 §3 Job history). */
export interface JobRun {
  id: string;
  name: string;
  status: string;
  time_start: string;
  duration_millis: number | null;
  success_count: number;
  error_count: number;
  details: Record<string, unknown> | null;
}

export const JOB_HISTORY_LIMIT = 50;

/** The newest job runs of one canary (its check syncs), newest first. */
export function canaryJobHistoryKey(canaryId: string): string {
  return withQuery(dataApiPath('job_history'), {
    resource_id: pg.eq(canaryId),
    select: 'id,name,status,time_start,duration_millis,success_count,error_count,details',
    order: pg.order('time_start', 'desc'),
    limit: String(JOB_HISTORY_LIMIT),
  });
}

const useStyles = makeStyles({
  details: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
});

const STATUS_COLOR: Record<string, 'success' | 'danger' | 'warning' | 'informative'> = {
  SUCCESS: 'success',
  FAILED: 'danger',
  WARNING: 'warning',
};

/** The jobHistory tab of the canary's settings page (spec 03 §2): Time, Job, Status, Duration, counts, details. */
export function CanaryJobHistory({ canaryId }: { canaryId: string }) {
  const styles = useStyles();
  const { data, error } = useSWR<JobRun[]>(canaryJobHistoryKey(canaryId));
  if (error) return <ErrorPanel error={error} title="Could not load the job history" />;
  if (!data) return <Loading label="Loading job history..." />;
  if (data.length === 0) return <EmptyState message="No job runs yet" />;
  return (
    <Table size="small" aria-label="Job history">
      <TableHeader>
        <TableRow>
          <TableHeaderCell>Time</TableHeaderCell>
          <TableHeaderCell>Job</TableHeaderCell>
          <TableHeaderCell>Status</TableHeaderCell>
          <TableHeaderCell>Duration</TableHeaderCell>
          <TableHeaderCell>Success</TableHeaderCell>
          <TableHeaderCell>Errors</TableHeaderCell>
          <TableHeaderCell>Details</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {data.map((run) => (
          <TableRow key={run.id} data-testid="job-history-row">
            <TableCell>{formatDateTime(run.time_start)}</TableCell>
            <TableCell>{run.name}</TableCell>
            <TableCell>
              <Badge appearance="tint" color={STATUS_COLOR[run.status] ?? 'informative'}>
                {run.status}
              </Badge>
            </TableCell>
            <TableCell>{run.duration_millis === null ? '' : `${run.duration_millis} ms`}</TableCell>
            <TableCell>{run.success_count}</TableCell>
            <TableCell>{run.error_count}</TableCell>
            <TableCell className={styles.details}>{run.details ? JSON.stringify(run.details) : ''}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
