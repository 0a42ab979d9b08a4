/** Display formatters shared by every area (spec 01 §9, spec 02 §4). */

/** Under 1 s in ms, under 1 min in s, under 1 h in m, else h. Invalid numbers render blank. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) return '';
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${trim(ms / 1000)}s`;
  if (ms < 3_600_000) return `${trim(ms / 60_000)}m`;
  return `${trim(ms / 3_600_000)}h`;
}

function trim(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1).replace(/\.0$/, '');
}

/** Percentages are shown to one decimal. `value` is a fraction (0..1) unless `isFraction` is false. */
export function formatPercent(value: number | null | undefined, isFraction = true): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const pct = isFraction ? value * 100 : value;
  return `${pct.toFixed(1)}%`;
}

/** Uptime = passed / (passed + failed); undefined when nothing ran. */
export function uptimeRatio(passed: number, failed: number): number | undefined {
  const total = passed + failed;
  return total > 0 ? passed / total : undefined;
}

export type HealthColour = 'green' | 'red' | 'grey' | 'orange';

/** healthy green; degraded, missing, unhealthy, not-good red; unknown, suspended grey; warning, mixed orange. */
export function healthColour(health: string | null | undefined): HealthColour {
  switch ((health ?? '').toLowerCase()) {
    case 'healthy':
    case 'good':
      return 'green';
    case 'degraded':
    case 'missing':
    case 'unhealthy':
    case 'not-good':
    case 'bad':
      return 'red';
    case 'warning':
    case 'mixed':
      return 'orange';
    default:
      return 'grey';
  }
}

/** Three-state filter toggle: exclude (-1), none (0), include (1). */
export type TriState = -1 | 0 | 1;
export function nextTriState(state: TriState): TriState {
  return state === 0 ? 1 : state === 1 ? -1 : 0;
}
