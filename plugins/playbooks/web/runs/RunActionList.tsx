import { Caption1, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { formatDateTime } from '@web/core/formatDateTime';
import { NotStartedIcon, RunStatusIcon, statusLabel } from './RunStatusBadge';
import { formatDuration } from './runTimes';
import { NOT_STARTED, type RunStep, isNotStarted, isSelectable } from './runSteps';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, margin: 0, padding: 0, listStyle: 'none' },
  step: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr auto',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    width: '100%',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: 'none',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground1,
    textAlign: 'left',
    font: 'inherit',
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover },
  },
  selected: { backgroundColor: tokens.colorSubtleBackgroundSelected, ':hover': { backgroundColor: tokens.colorSubtleBackgroundSelected } },
  skipped: { cursor: 'default', color: tokens.colorNeutralForegroundDisabled, ':hover': { backgroundColor: 'transparent' } },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  note: { gridColumn: '2 / 4', color: tokens.colorNeutralForeground3 },
  duration: { color: tokens.colorNeutralForeground3 },
});

export interface RunActionListProps {
  steps: readonly RunStep[];
  selectedId: string | null;
  onSelect(id: string): void;
}

/**
 * The run's steps in order with their status and duration (spec 02 §4): a skipped action cannot be selected, a
 * sleeping one says until when; the actions that have not started yet follow, greyed and not selectable.
 */
export function RunActionList({ steps, selectedId, onSelect }: RunActionListProps) {
  const styles = useStyles();
  return (
    <ul className={styles.list} aria-label="Actions">
      {steps.map((step) => {
        const selectable = isSelectable(step);
        const selected = step.id === selectedId;
        return (
          <li key={step.id}>
            <button
              type="button"
              className={mergeClasses(styles.step, selected && styles.selected, !selectable && styles.skipped)}
              aria-current={selected || undefined}
              aria-disabled={!selectable || undefined}
              data-testid="run-step"
              data-step-id={step.id}
              onClick={selectable ? () => onSelect(step.id) : undefined}
            >
              {isNotStarted(step) ? (
                <>
                  <NotStartedIcon />
                  <Text className={styles.name}>{step.name}</Text>
                  <span />
                  <Caption1 className={styles.note}>{NOT_STARTED}</Caption1>
                </>
              ) : (
                <>
                  <RunStatusIcon status={step.status} />
                  <Text className={styles.name} weight={selected ? 'semibold' : 'regular'}>
                    {step.name}
                  </Text>
                  <Caption1 className={styles.duration}>{formatDuration(step.start_time, step.end_time)}</Caption1>
                  {step.status === 'sleeping' && <Caption1 className={styles.note}>Sleeping until {formatDateTime(step.scheduled_time)}</Caption1>}
                  {step.status === 'skipped' && <Caption1 className={styles.note}>{statusLabel(step.status)}</Caption1>}
                  {step.retry_count > 0 && <Caption1 className={styles.note}>Retried {step.retry_count}×</Caption1>}
                </>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
