import type { ComponentType } from 'react';
import { Badge, type BadgeProps, makeStyles, tokens } from '@fluentui/react-components';
import {
  ArrowSync16Regular,
  CalendarClock16Regular,
  CheckmarkCircle16Filled,
  CircleHint16Regular,
  Clock16Regular,
  DismissCircle16Filled,
  HourglassHalf16Regular,
  PersonClock16Regular,
  Prohibited16Regular,
  SubtractCircle16Regular,
  WeatherMoon16Regular,
} from '@fluentui/react-icons';
import { FINAL_RUN_STATUSES, type PlaybookRunStatus } from '@contracts';

const COLOUR: Record<PlaybookRunStatus, BadgeProps['color']> = {
  completed: 'success',
  failed: 'danger',
  cancelled: 'subtle',
  skipped: 'subtle',
  pending_approval: 'warning',
  running: 'brand',
  scheduled: 'informative',
  pending: 'informative',
  waiting: 'informative',
  sleeping: 'informative',
};

const ICON: Record<PlaybookRunStatus, ComponentType<{ className?: string }>> = {
  completed: CheckmarkCircle16Filled,
  failed: DismissCircle16Filled,
  cancelled: Prohibited16Regular,
  skipped: SubtractCircle16Regular,
  pending_approval: PersonClock16Regular,
  running: ArrowSync16Regular,
  scheduled: CalendarClock16Regular,
  pending: Clock16Regular,
  waiting: HourglassHalf16Regular,
  sleeping: WeatherMoon16Regular,
};

const useStyles = makeStyles({
  completed: { color: tokens.colorPaletteGreenForeground1 },
  failed: { color: tokens.colorPaletteRedForeground1 },
  other: { color: tokens.colorNeutralForeground3 },
  running: { color: tokens.colorBrandForeground1 },
  pending_approval: { color: tokens.colorPaletteDarkOrangeForeground1 },
});

/** `pending_approval` → 'Pending Approval'. */
export function statusLabel(status: string): string {
  return status
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export const isFinalRun = (status: PlaybookRunStatus) => FINAL_RUN_STATUSES.includes(status);

/** A run's or action's status in its colour (spec 02 §4 statuses). */
export function RunStatusBadge({ status }: { status: PlaybookRunStatus }) {
  return (
    <Badge appearance="tint" color={COLOUR[status] ?? 'informative'} data-status={status}>
      {statusLabel(status)}
    </Badge>
  );
}

/** The action list's status icon, named for screen readers. */
export function RunStatusIcon({ status }: { status: PlaybookRunStatus }) {
  const styles = useStyles();
  const Icon = ICON[status] ?? Clock16Regular;
  const className = status === 'completed' || status === 'failed' || status === 'running' || status === 'pending_approval' ? styles[status] : styles.other;
  return (
    <span role="img" aria-label={statusLabel(status)} data-status={status} style={{ display: 'inline-flex' }}>
      <Icon className={className} />
    </span>
  );
}

/** The action list's icon of an action that has not started yet (it has no status of its own). */
export function NotStartedIcon() {
  const styles = useStyles();
  return (
    <span role="img" aria-label="Not started" data-status="not_started" style={{ display: 'inline-flex' }}>
      <CircleHint16Regular className={styles.other} />
    </span>
  );
}
