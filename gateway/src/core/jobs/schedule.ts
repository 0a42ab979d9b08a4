import { Cron } from 'croner';
import { parseDurationMs } from '@contracts';

/**
 * Schedules as users and plugins write them: a 5-field cron expression (minute hour day-of-month month
 * day-of-week, UTC; names like `mon-fri` and `jan`), a macro (`@hourly`, `@daily`, `@weekly`, `@monthly`,
 * `@yearly`/`@annually`, `@midnight`), or `@every <duration>` (`30s`, `5m`, `1h30m`). Cron expressions are parsed
 * and stepped by `croner`; this module adds `@every`, the 5-field rule and messages that name the field at fault.
 */

/** A schedule that does not parse; the message says why, quoting the schedule. */
export class ScheduleError extends Error {}

export interface Schedule {
  /** The schedule as written (trimmed). */
  readonly text: string;
  /** `@every d`: the interval in ms (a caller may keep a phase: due + interval); null for cron schedules. */
  readonly everyMs: number | null;
  /** The next run strictly after `from`; null when the expression never fires again (e.g. `0 0 30 2 *`). */
  next(from: Date): Date | null;
}

export interface ScheduleOptions {
  /** The shortest `@every` interval accepted (default: none). */
  minEveryMs?: number;
  /** Accept `@every <duration>` (default true; pg-boss schedules take cron only). */
  every?: boolean;
}

/** The macros croner knows, as the 5 fields they stand for (for consumers such as pg-boss that take fewer macros). */
const MACROS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};
const FIELDS = [
  { name: 'minute', range: '0-59' },
  { name: 'hour', range: '0-23' },
  { name: 'day of month', range: '1-31' },
  { name: 'month', range: '1-12 or jan-dec' },
  { name: 'day of week', range: '0-7 or sun-sat' },
];
/** croner's own field names, in its error messages. */
const CRONER_FIELDS: Record<string, number> = { minute: 0, hour: 1, day: 2, month: 3, dayofweek: 4 };

/** Milliseconds of a duration string like `30s`, `1m`, `1h30m`, `250ms`; null when it does not parse. */
export function parseDuration(text: string): number | null {
  return parseDurationMs(text, { units: ['ms', 's', 'm', 'h'] });
}

/** Parses a schedule; throws ScheduleError with a message that quotes the schedule and names the part at fault. */
export function compileSchedule(schedule: string, options: ScheduleOptions = {}): Schedule {
  const text = schedule.trim();
  if (text.startsWith('@every')) {
    if (options.every === false) throw new ScheduleError(`'${text}': @every is not supported here; use a cron expression`);
    const ms = parseDuration(text.slice('@every'.length).trim());
    if (ms === null) throw new ScheduleError(`'${text}': @every needs a duration such as 30s, 1m or 1h`);
    if (options.minEveryMs !== undefined && ms < options.minEveryMs) {
      throw new ScheduleError(`'${text}': the minimum interval is ${formatMs(options.minEveryMs)}`);
    }
    if (ms <= 0) throw new ScheduleError(`'${text}': @every needs a duration above zero`);
    return { text, everyMs: ms, next: (from) => new Date(from.getTime() + ms) };
  }
  if (text.startsWith('@') && !(text.toLowerCase() in MACROS)) {
    throw new ScheduleError(
      `'${text}': unknown macro (use ${options.every === false ? '' : '@every <duration>, '}@hourly, @daily, @weekly, @monthly or @yearly)`,
    );
  }
  const parts = text.startsWith('@') ? [] : text.split(/\s+/).filter(Boolean);
  if (!text.startsWith('@') && parts.length !== 5) {
    throw new ScheduleError(`'${text}': a cron schedule has 5 fields (minute hour day-of-month month day-of-week), got ${parts.length}`);
  }
  let cron: Cron;
  try {
    cron = new Cron(text.startsWith('@') ? text.toLowerCase() : parts.join(' '), { mode: '5-part', timezone: 'UTC', paused: true });
  } catch (error) {
    throw new ScheduleError(`'${text}': ${cronProblem((error as Error).message, parts)}`);
  }
  if (!cron.nextRun(new Date())) throw new ScheduleError(`'${text}' never runs`);
  return { text, everyMs: null, next: (from) => cron.nextRun(from) };
}

/** A valid cron schedule as its 5 fields (macros expanded); throws ScheduleError like `compileSchedule`. */
export function cronFields(schedule: string): string {
  const compiled = compileSchedule(schedule, { every: false });
  return MACROS[compiled.text.toLowerCase()] ?? compiled.text.split(/\s+/).join(' ');
}

/** null when the schedule is valid, else why not. */
export function scheduleProblem(schedule: string, options: ScheduleOptions = {}): string | null {
  try {
    compileSchedule(schedule, options);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/** croner's message, reworded to name the field the way the schedule's author thinks of it. */
function cronProblem(message: string, parts: string[]): string {
  const text = message.replace(/^CronPattern:\s*/, '');
  const range = /^Invalid value for (\w+): /i.exec(text);
  const field = range ? CRONER_FIELDS[range[1].toLowerCase()] : undefined;
  if (field !== undefined) return `${FIELDS[field].name} field '${parts[field] ?? ''}' is out of range ${FIELDS[field].range}`;
  // croner counts entries from the seconds field it adds in front of a 5-field pattern.
  const entry = /^configuration entry (\d+) \((.*)\) contains illegal characters/i.exec(text);
  if (entry && FIELDS[Number(entry[1]) - 1]) return `${FIELDS[Number(entry[1]) - 1].name} field '${entry[2]}' contains characters cron does not know`;
  return text;
}

function formatMs(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000}h`;
  if (ms % 60_000 === 0) return `${ms / 60_000}m`;
  if (ms % 1000 === 0) return `${ms / 1000}s`;
  return `${ms}ms`;
}
