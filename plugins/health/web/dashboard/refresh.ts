import { HEALTH_REFRESH_OPTIONS } from '@contracts';

/** Dashboard auto-refresh (spec 02 Health, §4): the chosen rate is a browser preference, not part of the URL. */
export type RefreshOption = (typeof HEALTH_REFRESH_OPTIONS)[number];
export const REFRESH_STORAGE_KEY = 'health.refreshRate';
export const DEFAULT_REFRESH: RefreshOption = 'None';

/** Fast rates hammer the summary query for ranges where a few seconds change nothing visible. */
const FAST_REFRESH_OPTIONS: readonly RefreshOption[] = ['15s', '30s'];
const FAST_REFRESH_MAX_RANGE_MINUTES = 60;

const UNIT_MS: Record<string, number> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
  mo: 30 * 86_400_000,
  y: 365 * 86_400_000,
};

/** '15s', '2m', '1h', '3d', '2w', '1mo', '5y' → milliseconds; undefined for anything else. */
export function durationMs(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h|d|w|mo|y)$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * UNIT_MS[match[2]];
}

export function isRefreshOption(value: unknown): value is RefreshOption {
  return typeof value === 'string' && (HEALTH_REFRESH_OPTIONS as readonly string[]).includes(value);
}

/** 15s and 30s are disabled for time ranges of 60 minutes or more. */
export function isRefreshOptionDisabled(option: RefreshOption, timeRange: string): boolean {
  if (!FAST_REFRESH_OPTIONS.includes(option)) return false;
  const range = durationMs(timeRange);
  return range !== undefined && range >= FAST_REFRESH_MAX_RANGE_MINUTES * 60_000;
}

/**
 * The rate actually used: a stored rate that the current range disables falls back to the fastest allowed one
 * (the preference itself is kept, so it applies again when the user returns to a short range).
 */
export function effectiveRefresh(stored: unknown, timeRange: string): RefreshOption {
  const option = isRefreshOption(stored) ? stored : DEFAULT_REFRESH;
  if (!isRefreshOptionDisabled(option, timeRange)) return option;
  return HEALTH_REFRESH_OPTIONS.find((o) => o !== 'None' && !isRefreshOptionDisabled(o, timeRange)) ?? DEFAULT_REFRESH;
}

/** Interval in ms, 0 for None. */
export function refreshIntervalMs(option: RefreshOption): number {
  return option === 'None' ? 0 : (durationMs(option) ?? 0);
}
