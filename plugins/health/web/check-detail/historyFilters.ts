import { HISTORY_DURATIONS, HISTORY_PAGE_SIZES } from '@contracts';
import { type ParsedDuration, parseHistoryDuration } from './duration';

export const CUSTOM_DURATION = 'custom';
export type HistoryStatusFilter = 'all' | 'healthy' | 'unhealthy';

export const HISTORY_STATUS_OPTIONS: ReadonlyArray<{ value: HistoryStatusFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'healthy', label: 'Healthy' },
  { value: 'unhealthy', label: 'Unhealthy' },
];

export interface HistoryFilters {
  /** One of HISTORY_DURATIONS, or CUSTOM_DURATION when the free-text duration applies. */
  duration: string;
  customDuration: string;
  status: HistoryStatusFilter;
  page: number;
  pageSize: number;
}

export const DEFAULT_HISTORY_FILTERS: HistoryFilters = {
  duration: HISTORY_DURATIONS[0],
  customDuration: '',
  status: 'all',
  page: 0,
  pageSize: HISTORY_PAGE_SIZES[0],
};

/** The minimum duration the filters ask for, or the message refusing it. */
export function minDurationOf(filters: HistoryFilters): ParsedDuration {
  return parseHistoryDuration(filters.duration === CUSTOM_DURATION ? filters.customDuration : filters.duration);
}

/** Healthy maps to status 1 (true), Unhealthy to 0 (false), All to no condition (spec 02). */
export function statusOf(filter: HistoryStatusFilter): boolean | undefined {
  return filter === 'all' ? undefined : filter === 'healthy';
}

/** "51–100 of 230"; "0 of 0" when there is nothing. */
export function pageLabel(page: number, pageSize: number, total: number): string {
  if (total === 0) return '0 of 0';
  const first = page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  return `${first}–${last} of ${total}`;
}
