import { useState } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useParams } from 'react-router';
import { Breadcrumb } from '@web/core/components/Breadcrumb';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { Loading } from '@web/core/components/Loading';
import { ActionLogPane } from '../runs/ActionLogPane';
import { RunActionList } from '../runs/RunActionList';
import { RunApprovalNotice } from '../runs/RunApprovalNotice';
import { RunHeader, playbookTitleOf } from '../runs/RunHeader';
import { isNotStarted, isSelectable, runSteps, selectedStep, selectedStepId } from '../runs/runSteps';
import { PLAYBOOKS_PATH, RUNS_PATH } from '../runs/runsApi';
import { useRunStream } from '../runs/useRunStream';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  body: { display: 'grid', gridTemplateColumns: 'minmax(220px, 320px) minmax(0, 1fr)', gap: tokens.spacingHorizontalL, alignItems: 'start' },
  panel: {
    padding: tokens.spacingHorizontalS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    minWidth: 0,
  },
});

/** One run, live: its steps on the left, the selected step's output on the right. */
function PlaybookRun({ runId }: { runId: string }) {
  const styles = useStyles();
  const [chosen, setChosen] = useState<string | null>(null);
  const { run, error, apply } = useRunStream(runId, (current) => selectedStepId(runSteps(current), chosen));
  if (!run) return error ? <ErrorPanel error={error} /> : <Loading />;

  const steps = runSteps(run);
  const selectedId = selectedStepId(steps, chosen);
  const selected = selectedStep(steps, selectedId);
  const title = playbookTitleOf(run);
  return (
    <div className={styles.root}>
      <Breadcrumb items={[{ label: 'Playbooks', to: PLAYBOOKS_PATH }, { label: 'Runs', to: RUNS_PATH }, { label: title }]} />
      <RunHeader run={run} onChanged={apply} />
      {run.status === 'pending_approval' && <RunApprovalNotice run={run} />}
      <div className={styles.body}>
        <nav className={styles.panel} aria-label="Run actions">
          <RunActionList steps={steps} selectedId={selectedId} onSelect={setChosen} />
        </nav>
        <section className={styles.panel} aria-label="Action logs">
          <ActionLogPane step={selected} playbookName={run.playbook?.name ?? title} nothingStarted={steps.some(isNotStarted) && !steps.some(isSelectable)} />
        </section>
      </div>
    </div>
  );
}

/** /playbooks/runs/:id (spec 02 Playbooks). A new id (Re-run) starts afresh: its own stream and selection. */
export default function PlaybookRunPage() {
  const { id = '' } = useParams();
  return <PlaybookRun key={id} runId={id} />;
}
