import type { ReactNode } from 'react';
import { Caption1, Title3, makeStyles, tokens } from '@fluentui/react-components';
import type { PlaybookRunDetail } from '@contracts';
import { formatDateTime } from '@web/core/formatDateTime';
import { PlaybookIcon } from '../PlaybookIcon';
import { RunButtons } from './RunButtons';
import { RunResourceLink } from './RunResourceLink';
import { RunStatusBadge } from './RunStatusBadge';
import { formatDuration } from './runTimes';

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: tokens.spacingHorizontalL },
  title: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  facts: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS, marginTop: tokens.spacingVerticalXS },
  fact: { display: 'inline-flex', gap: tokens.spacingHorizontalXS, color: tokens.colorNeutralForeground3 },
  value: { color: tokens.colorNeutralForeground1 },
});

function Fact({ label, children }: { label: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <Caption1 className={styles.fact}>
      {label}: <span className={styles.value}>{children}</span>
    </Caption1>
  );
}

export const playbookTitleOf = (run: PlaybookRunDetail) => run.playbook?.title || run.playbook?.name || 'Playbook run';

/** The run's playbook, status, resource, who started it, its times and duration, and its buttons. */
export function RunHeader({ run, onChanged }: { run: PlaybookRunDetail; onChanged(run: PlaybookRunDetail): void }) {
  const styles = useStyles();
  const creator = run.created_by?.name || run.created_by?.email;
  return (
    <header className={styles.root}>
      <div>
        <div className={styles.title}>
          <PlaybookIcon icon={run.playbook?.icon} size={16} />
          <Title3 as="h1">{playbookTitleOf(run)}</Title3>
          <RunStatusBadge status={run.status} />
        </div>
        <div className={styles.facts}>
          {run.resource && (
            <Fact label="Resource">
              <RunResourceLink resource={run.resource} />
            </Fact>
          )}
          {creator ? <Fact label="Created by">{creator}</Fact> : run.trigger && <Fact label="Triggered by">{run.trigger}</Fact>}
          <Fact label="Created">{formatDateTime(run.created_at)}</Fact>
          {run.start_time ? <Fact label="Started">{formatDateTime(run.start_time)}</Fact> : <Fact label="Scheduled">{formatDateTime(run.scheduled_time)}</Fact>}
          {run.end_time && <Fact label="Ended">{formatDateTime(run.end_time)}</Fact>}
          {run.start_time && <Fact label="Duration">{formatDuration(run.start_time, run.end_time)}</Fact>}
        </div>
      </div>
      <RunButtons run={run} onChanged={onChanged} />
    </header>
  );
}
