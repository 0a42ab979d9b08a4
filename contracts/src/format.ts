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

/** Duration letters as users write them (`m` is minutes; spec 03 §9) and their milliseconds. */
export const DURATION_UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;
export type DurationUnit = keyof typeof DURATION_UNIT_MS;

/**
 * `30s`, `5m`, `1h30m`, `2d`, `1w`, `250ms` → milliseconds; null when the whole text is not such a duration. The one
 * reader of written durations: callers narrow the letters (`units`) and refuse fractions (`decimals: false`) where
 * their format does (a Go duration, a repeat interval), and trim as they need.
 */
export function parseDurationMs(text: string, options: { units?: readonly DurationUnit[]; decimals?: boolean } = {}): number | null {
  const part = /(\d+(?:\.\d+)?)(ms|s|m|h|d|w)/y;
  let total = 0;
  let position = 0;
  for (let m = part.exec(text); m; m = part.exec(text)) {
    const unit = m[2] as DurationUnit;
    if ((options.units && !options.units.includes(unit)) || (options.decimals === false && m[1].includes('.'))) return null;
    total += Number(m[1]) * DURATION_UNIT_MS[unit];
    position = part.lastIndex;
  }
  return position > 0 && position === text.length && Number.isFinite(total) ? total : null;
}
