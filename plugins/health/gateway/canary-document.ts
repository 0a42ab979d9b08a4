import { userExpressionProblem } from '@gateway/core/cel';
import { loadUserYaml } from '@gateway/core/documents';
import {
  CHECK_TYPES_IN_EDITOR,
  validateCanaryParts,
  validateCanaryDocument,
  type CanarySpecRules,
  type CanaryValidation,
  type CheckRunner,
  type ValidCanary,
  type ValidCanaryCheck,
} from '@contracts';

export const MIN_GAP_MS = 10_000;

/** Every problem found in a document; `message` joins them with '; '. */
export class CanaryDocumentError extends Error {
  readonly problems: string[];

  constructor(problems: string | string[]) {
    const list = Array.isArray(problems) ? problems : [problems];
    super(list.join('; '));
    this.problems = list;
  }
}

export type ParsedCheck = ValidCanaryCheck;
export type ParsedCanary = ValidCanary;

export type RunnerLookup = (type: string) => Pick<CheckRunner, 'validate'> | undefined;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The shared canary schema (contracts/src/canary-spec.ts) with what only the gateway knows: the check types it
 * accepts, whether a schedule can run, how complex an expression may be, and each type's runner's own rules.
 */
function gatewayRules(runners: RunnerLookup): CanarySpecRules {
  return {
    knownTypes: CHECK_TYPES_IN_EDITOR,
    scheduleProblem,
    // Refused at save time rather than failing closed at every run: too long or too complex (CEL), too long or not a
    // template (Go templates).
    expressionProblem: (expression) => userExpressionProblem(expression, expression.language === 'cel'),
    checkProblems: (type, check) => runners(type)?.validate(check) ?? [],
  };
}

function validOrThrow(result: CanaryValidation): ParsedCanary {
  if (!result.ok) throw new CanaryDocumentError(result.problems);
  return result.canary;
}

/** Parses YAML text; a syntax error names its line and column (1-based). */
export function parseYaml(text: string): unknown {
  try {
    return loadUserYaml(text);
  } catch (error) {
    throw new CanaryDocumentError((error as Error).message);
  }
}

/** A YAML Canary document → a validated canary; throws CanaryDocumentError with every problem found. */
export function parseCanaryYaml(text: string, runners: RunnerLookup): ParsedCanary {
  const doc = parseYaml(text);
  if (!isObject(doc)) throw new CanaryDocumentError('the document must be a Canary object');
  return validOrThrow(validateCanaryDocument(doc, gatewayRules(runners)));
}

/** {name, namespace, labels, spec} → a validated canary. */
export function validateCanary(
  input: { name?: unknown; namespace?: unknown; labels?: unknown; spec?: unknown },
  runners: RunnerLookup,
  metaPrefix = '',
  errors: string[] = [],
): ParsedCanary {
  return validOrThrow(validateCanaryParts(input, gatewayRules(runners), metaPrefix, errors));
}

// --- Schedules --------------------------------------------------------------------------------------------------

const DURATION = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/;
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
const MACROS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};
const FIELDS: Array<{ name: string; min: number; max: number; names?: string[] }> = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] },
  { name: 'day of week', min: 0, max: 7, names: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] },
];

/** Milliseconds of a duration string like `30s`, `1m`, `1h30m`; null when it does not parse. */
export function parseDuration(text: string): number | null {
  const parts = text.match(/\d+(?:\.\d+)?(?:ms|s|m|h)/g);
  if (!parts || parts.join('') !== text) return null;
  return parts.reduce((sum, part) => {
    const [, n, unit] = part.match(DURATION)!;
    return sum + Number(n) * UNIT_MS[unit];
  }, 0);
}

/** null when the schedule is valid, else why not. */
export function scheduleProblem(schedule: string): string | null {
  try {
    compileSchedule(schedule);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

export interface CompiledSchedule {
  /** The next run strictly after `from`. */
  next(from: Date): Date;
}

export function compileSchedule(schedule: string): CompiledSchedule {
  const text = schedule.trim();
  if (text.startsWith('@every')) {
    const ms = parseDuration(text.slice('@every'.length).trim());
    if (ms === null) throw new Error(`'${text}': @every needs a duration such as 30s, 1m or 1h`);
    if (ms < MIN_GAP_MS) throw new Error(`'${text}': the minimum interval is 10s`);
    return { next: (from) => new Date(from.getTime() + ms) };
  }
  const expr = text.startsWith('@') ? MACROS[text.toLowerCase()] : text;
  if (!expr) throw new Error(`'${text}': unknown macro (use @every <duration>, @hourly, @daily, @weekly, @monthly or @yearly)`);
  const parts = expr.split(/\s+/);
  if (parts.length !== 5) throw new Error(`'${text}': a cron schedule has 5 fields (minute hour day-of-month month day-of-week), got ${parts.length}`);
  const sets = parts.map((part, i) => cronField(part, FIELDS[i], text));
  const [minutes, hours, days, months, weekdays] = sets;
  if (weekdays.has(7)) weekdays.add(0);
  const domStar = parts[2] === '*';
  const dowStar = parts[4] === '*';
  return {
    next(from) {
      const t = new Date(from.getTime());
      t.setUTCSeconds(0, 0);
      t.setUTCMinutes(t.getUTCMinutes() + 1);
      for (let i = 0; i < 366 * 24 * 60 * 5; i++) {
        const dayOk = domStar || dowStar ? days.has(t.getUTCDate()) && weekdays.has(t.getUTCDay()) : days.has(t.getUTCDate()) || weekdays.has(t.getUTCDay());
        if (!months.has(t.getUTCMonth() + 1) || !dayOk) {
          t.setUTCDate(t.getUTCDate() + 1);
          t.setUTCHours(0, 0, 0, 0);
          continue;
        }
        if (!hours.has(t.getUTCHours())) {
          t.setUTCHours(t.getUTCHours() + 1, 0, 0, 0);
          continue;
        }
        if (!minutes.has(t.getUTCMinutes())) {
          t.setUTCMinutes(t.getUTCMinutes() + 1, 0, 0);
          continue;
        }
        return t;
      }
      throw new Error(`'${text}' never runs`);
    },
  };
}

function cronField(part: string, field: (typeof FIELDS)[number], text: string): Set<number> {
  const values = new Set<number>();
  const bad = (why: string) => new Error(`'${text}': ${field.name} field '${part}' ${why}`);
  const value = (token: string): number => {
    const named = field.names?.indexOf(token.toLowerCase()) ?? -1;
    const n = named >= 0 ? named + (field.name === 'month' ? 1 : 0) : /^\d+$/.test(token) ? Number(token) : NaN;
    if (Number.isNaN(n)) throw bad(`is not a number`);
    if (n < field.min || n > field.max) throw bad(`is out of range ${field.min}-${field.max}`);
    return n;
  };
  for (const item of part.split(',')) {
    const [range, stepText] = item.split('/');
    const step = stepText === undefined ? 1 : /^\d+$/.test(stepText) && Number(stepText) > 0 ? Number(stepText) : NaN;
    if (Number.isNaN(step)) throw bad('has an invalid step');
    let lo: number;
    let hi: number;
    if (range === '*') [lo, hi] = [field.min, field.max];
    else if (range.includes('-')) {
      const [a, b] = range.split('-');
      [lo, hi] = [value(a), value(b)];
      if (lo > hi) throw bad('has a reversed range');
    } else {
      lo = value(range);
      hi = stepText === undefined ? lo : field.max;
    }
    for (let n = lo; n <= hi; n += step) values.add(n);
  }
  return values;
}
