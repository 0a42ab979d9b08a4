import { useState } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowClockwise20Regular, BracesVariable20Regular, Checkmark20Regular, Dismiss20Regular, Edit20Regular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router';
import type { PlaybookRunDetail } from '@contracts';
import { errorMessage } from '@web/core/api';
import { usePermissions } from '@web/core/auth';
import { useToast } from '@web/core/components/useToast';
import { RunParamsDialog } from './RunParamsDialog';
import { isFinalRun } from './RunStatusBadge';
import { approveRun, cancelRun, editPlaybookPath, rerunRun, runPath } from './runsApi';

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

export const approveFailedMessage = (error: unknown) => `Failed to approve playbook run: ${errorMessage(error)}`;

type Busy = 'approve' | 'rerun' | 'cancel' | null;

/**
 * The run's buttons (spec 02 Playbooks): Approve (pending approval and the user may approve), Re-run (goes to the new
 * run), Cancel (until the run is over), Params, and Edit Playbook (write on connections, as the spec has it).
 */
export function RunButtons({ run, onChanged }: { run: PlaybookRunDetail; onChanged(run: PlaybookRunDetail): void }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const toast = useToast();
  const { can } = usePermissions();
  const [busy, setBusy] = useState<Busy>(null);
  const [paramsOpen, setParamsOpen] = useState(false);
  const canRun = can('playbook_runs', 'write');

  const act = async (which: Exclude<Busy, null>, action: () => Promise<void>, failure: (error: unknown) => string = errorMessage) => {
    setBusy(which);
    try {
      await action();
    } catch (error) {
      toast.error(failure(error));
    } finally {
      setBusy(null);
    }
  };
  const approve = () => act('approve', async () => onChanged(await approveRun(run.id)), approveFailedMessage);
  const cancel = () => act('cancel', async () => onChanged(await cancelRun(run.id)));
  const rerun = () => act('rerun', async () => navigate(runPath((await rerunRun(run.id)).run_id)));

  return (
    <div className={styles.root}>
      {run.status === 'pending_approval' && run.approval?.can_approve && (
        <Button appearance="primary" icon={<Checkmark20Regular />} disabled={busy !== null} onClick={approve}>
          {busy === 'approve' ? 'Approving...' : 'Approve'}
        </Button>
      )}
      {canRun && (
        <Button icon={<ArrowClockwise20Regular />} disabled={busy !== null} onClick={rerun}>
          {busy === 'rerun' ? 'Starting...' : 'Re-run'}
        </Button>
      )}
      {canRun && !isFinalRun(run.status) && (
        <Button icon={<Dismiss20Regular />} disabled={busy !== null} onClick={cancel}>
          {busy === 'cancel' ? 'Cancelling...' : 'Cancel'}
        </Button>
      )}
      <Button icon={<BracesVariable20Regular />} onClick={() => setParamsOpen(true)}>
        Params
      </Button>
      {can('connections', 'write') && (
        <Button icon={<Edit20Regular />} onClick={() => navigate(editPlaybookPath(run.playbook_id))}>
          Edit Playbook
        </Button>
      )}
      <RunParamsDialog run={run} open={paramsOpen} onClose={() => setParamsOpen(false)} />
    </div>
  );
}
