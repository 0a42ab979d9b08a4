import type { CheckSummary } from '@contracts';
import { formatDuration, formatPercent, uptimeRatio } from '@contracts';
import { formatElapsed } from '@web/core/formatDateTime';

/** Cell formatting of the health dashboard (spec 02 §5, §9). */

/** Uptime = passed / (passed + failed), as a percentage; undefined when nothing ran in the range. */
export function uptimePercent(uptime: Pick<CheckSummary['uptime'], 'passed' | 'failed'>): number | undefined {
  const ratio = uptimeRatio(uptime.passed, uptime.failed);
  return ratio === undefined ? undefined : ratio * 100;
}

/** '99.5%' (one decimal), blank when nothing ran. */
export function formatUptime(uptime: Pick<CheckSummary['uptime'], 'passed' | 'failed'>): string {
  return formatPercent(uptimePercent(uptime), false);
}

export type BarColour = 'green' | 'orange' | 'red';

/** Spec §9 progress bar rule: green at 1 or above, orange above 75, red above 90 (a "how much is used" scale). */
export function progressBarColour(percent: number): BarColour | undefined {
  if (percent > 90) return 'red';
  if (percent > 75) return 'orange';
  if (percent >= 1) return 'green';
  return undefined;
}

/** Uptime at or above this is green, at or above `UPTIME_WARNING` orange, below it red. */
export const UPTIME_HEALTHY = 99;
export const UPTIME_WARNING = 95;

/**
 * Uptime is coloured the way operators read it: green only when the check is healthy enough (≥ 99 %), orange when it
 * is slipping (≥ 95 %), red below. The §9 progress-bar rule is a "how much is used" scale (more is worse), which on
 * uptime painted 50 % green; docs/health-checks.md states this reading. Table, cards and the check detail use it.
 */
export function uptimeBarColour(percent: number | undefined): BarColour | undefined {
  if (percent === undefined) return undefined;
  if (percent >= UPTIME_HEALTHY) return 'green';
  if (percent >= UPTIME_WARNING) return 'orange';
  return 'red';
}

/** p95, else p50, in ms; null when nothing ran. */
export function checkLatencyMs(check: Pick<CheckSummary, 'latency'>): number | null {
  return check.latency.p95 ?? check.latency.p50 ?? null;
}

export function formatLatency(ms: number | null | undefined): string {
  return formatDuration(ms ?? undefined);
}

/** '45s ago', '5m ago', '3h ago', '2d ago'; blank when missing or invalid. */
export function formatSince(iso: string | null | undefined, now: number = Date.now()): string {
  const elapsed = formatElapsed(iso, now, { seconds: true });
  return elapsed && `${elapsed} ago`;
}

const HOUR_MS = 3_600_000;
const WEEK_MS = 7 * 24 * HOUR_MS;

/**
 * How long ago the check last ran, shown beside its health only when that is stale: older than 1 hour and
 * under 7 days (spec 02 §5). Blank otherwise.
 */
export function healthAge(lastRuntime: string | null | undefined, now: number = Date.now()): string {
  if (!lastRuntime) return '';
  const age = now - new Date(lastRuntime).getTime();
  if (!Number.isFinite(age) || age <= HOUR_MS || age >= WEEK_MS) return '';
  return formatSince(lastRuntime, now);
}
