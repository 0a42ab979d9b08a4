import { Caption1, Field, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import type { CheckSummary } from '@contracts';
import { formatDateTime } from '@web/core/formatDateTime';
import type { ReactNode } from 'react';
import { UptimeText } from '../dashboard/HealthCells';
import { HealthTimeRangePicker } from '../dashboard/HealthTimeRangePicker';
import { formatLatency } from '../dashboard/format';
import { formatRelative } from './format';
import type { CheckDetail } from './types';

const useStyles = makeStyles({
  root: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
    gap: tokens.spacingHorizontalM,
    alignItems: 'start',
  },
  stat: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  label: { color: tokens.colorNeutralForeground3 },
  value: { fontWeight: tokens.fontWeightSemibold, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

export interface CheckStatsProps {
  check: CheckDetail;
  summary: CheckSummary | undefined;
  timeRange: string;
  onTimeRangeChange(range: string): void;
  now: number;
}

/** The header numbers of the check detail (spec 02): uptime and latency over the range, severity and run times. */
export function CheckStats({ check, summary, timeRange, onTimeRangeChange, now }: CheckStatsProps) {
  const styles = useStyles();
  const lastRun = summary?.last_runtime ?? check.last_runtime;
  const transitioned = summary?.last_transition_time ?? check.last_transition_time;
  const nextRun = summary?.next_runtime ?? check.next_runtime;
  const stat = (label: string, value: ReactNode, title?: string) => (
    <div className={styles.stat} data-testid={`stat-${label}`}>
      <Caption1 className={styles.label}>{label}</Caption1>
      {title ? (
        <Tooltip content={title} relationship="description">
          <span className={styles.value}>{value}</span>
        </Tooltip>
      ) : (
        <span className={styles.value}>{value}</span>
      )}
    </div>
  );
  const time = (label: string, value: string | null) => stat(label, formatRelative(value, now) || '-', formatDateTime(value) || undefined);
  const uptimeTitle = summary ? `${summary.uptime.passed} passed, ${summary.uptime.failed} failed` : undefined;

  return (
    <div className={styles.root}>
      {stat('Uptime', <UptimeText uptime={summary?.uptime} />, uptimeTitle)}
      {stat('Latency (95%)', formatLatency(summary?.latency.p95) || '-')}
      {stat('(97%)', formatLatency(summary?.latency.p97) || '-')}
      {stat('(99%)', formatLatency(summary?.latency.p99) || '-')}
      {stat('Severity', check.severity ?? summary?.severity ?? '-')}
      {time('Last Run', lastRun)}
      {time('Transitioned', transitioned)}
      {time('Next Run', nextRun)}
      <Field label="Time Range" size="small">
        <HealthTimeRangePicker size="small" value={timeRange} onChange={onTimeRangeChange} />
      </Field>
    </div>
  );
}
