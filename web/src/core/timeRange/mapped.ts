import type { ResolvedTimeRange } from './types';

/**
 * The quick ranges of spec 03 §2 that follow the calendar (in the browser's time zone) rather than a fixed length:
 * Yesterday, Previous week, This month so far and their neighbours. Weeks start on Monday. The `key` is what the
 * URL carries; `display` is the label.
 */
export interface MappedRangeOption {
  key: string;
  display: string;
  resolve(now: Date): ResolvedTimeRange;
}

const day = (date: Date, offset = 0) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + offset);
/** Monday of `date`'s week, at midnight. */
const weekStart = (date: Date) => day(date, -((date.getDay() + 6) % 7));
const monthStart = (date: Date, offset = 0) => new Date(date.getFullYear(), date.getMonth() + offset, 1);
const yearStart = (date: Date, offset = 0) => new Date(date.getFullYear() + offset, 0, 1);
/** The last millisecond before `date`: calendar ranges end just before the next one starts. */
const justBefore = (date: Date) => new Date(date.getTime() - 1);

export const MAPPED_RANGES: readonly MappedRangeOption[] = [
  { key: 'today', display: 'Today so far', resolve: (now) => ({ from: day(now), to: now }) },
  { key: 'yesterday', display: 'Yesterday', resolve: (now) => ({ from: day(now, -1), to: justBefore(day(now)) }) },
  { key: 'dayBeforeYesterday', display: 'Day before yesterday', resolve: (now) => ({ from: day(now, -2), to: justBefore(day(now, -1)) }) },
  { key: 'thisWeek', display: 'This week so far', resolve: (now) => ({ from: weekStart(now), to: now }) },
  {
    key: 'previousWeek',
    display: 'Previous week',
    resolve: (now) => ({ from: day(weekStart(now), -7), to: justBefore(weekStart(now)) }),
  },
  { key: 'thisMonth', display: 'This month so far', resolve: (now) => ({ from: monthStart(now), to: now }) },
  { key: 'previousMonth', display: 'Previous month', resolve: (now) => ({ from: monthStart(now, -1), to: justBefore(monthStart(now)) }) },
  { key: 'thisYear', display: 'This year so far', resolve: (now) => ({ from: yearStart(now), to: now }) },
  { key: 'previousYear', display: 'Previous year', resolve: (now) => ({ from: yearStart(now, -1), to: justBefore(yearStart(now)) }) },
];

export function findMappedRange(key: string): MappedRangeOption | undefined {
  return MAPPED_RANGES.find((option) => option.key === key);
}
