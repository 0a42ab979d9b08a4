import { useState } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { JobDetailsModal } from './JobDetailsModal';
import { JobStatusBadge } from './JobStatusBadge';
import { hasJobDetails } from './jobStatus';
import type { JobDetailsSubject } from './types';

const useStyles = makeStyles({
  root: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});

export interface JobStatusCellProps {
  status: string | null | undefined;
  /** The job whose details '(View details)' opens: a job_history row, or a settings row's `{ name: job_name, details: job_details }`. */
  job?: JobDetailsSubject | null;
}

/** A settings list's Job Status (spec 03 §2): the status badge, and '(View details)' when the job has details. */
export function JobStatusCell({ status, job }: JobStatusCellProps) {
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  if (!status) return null;
  return (
    <span className={styles.root}>
      <JobStatusBadge status={status} />
      {job && hasJobDetails(job.details) && (
        <>
          {/* data-row-toggle: the table does not treat this click as a row click. */}
          <Button
            appearance="transparent"
            size="small"
            data-row-toggle
            onClick={(event) => {
              event.stopPropagation();
              setOpen(true);
            }}
          >
            (View details)
          </Button>
          <JobDetailsModal job={open ? { status, ...job } : null} onClose={() => setOpen(false)} />
        </>
      )}
    </span>
  );
}
