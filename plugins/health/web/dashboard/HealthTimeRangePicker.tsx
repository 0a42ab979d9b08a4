import { HEALTH_TIME_RANGES } from '@contracts';
import { TimeRangePicker } from '@web/core/components/TimeRangePicker';
import { type TimeRange, relativeTimeRange } from '@web/core/timeRange';
import { DEFAULT_TIME_RANGE } from './useHealthDashboardState';

/** The shared picker with the ranges the health summary reads (a duration back from now: relative ones only). */
export function HealthTimeRangePicker({ value, onChange, size }: { value: string; onChange(value: string): void; size?: 'small' }) {
  const range = (relativeTimeRange(value) ?? relativeTimeRange(DEFAULT_TIME_RANGE)) as TimeRange;
  return (
    <TimeRangePicker
      label="Time Range"
      size={size}
      value={range}
      relativeOptions={HEALTH_TIME_RANGES}
      absolute={false}
      mapped={false}
      onChange={(next) => next?.type === 'relative' && onChange(next.range.slice('now-'.length))}
    />
  );
}
