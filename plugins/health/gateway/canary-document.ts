import { userExpressionProblem } from '@gateway/core/cel';
import { loadUserYaml } from '@gateway/core/documents';
import { CHECK_TYPES_IN_EDITOR, checkExpressionOf, type CheckRunner, type CheckSpec } from '@contracts';

/** Keys of a canary spec that are not check lists. */
const SPEC_SETTINGS = new Set(['schedule', 'interval', 'owner', 'severity', 'icon', 'env', 'resultMode', 'replicas']);
const SEVERITIES = ['info', 'warning', 'low', 'medium', 'high', 'blocker', 'critical'];
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

export interface ParsedCheck {
  type: string;
  name: string;
  description: string | null;
  icon: string | null;
  labels: Record<string, string>;
  endpoint: string | null;
  spec: CheckSpec;
}

export interface ParsedCanary {
  name: string;
  namespace: string;
  labels: Record<string, string>;
  schedule: string | null;
  owner: string | null;
  severity: string | null;
  /** The canary spec as stored (unchanged from the document). */
  spec: Record<string, unknown>;
  checks: ParsedCheck[];
}

export type RunnerLookup = (type: string) => Pick<CheckRunner, 'validate'> | undefined;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

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
  const errors: string[] = [];
  if (doc.apiVersion !== undefined && doc.apiVersion !== 'canaries.flanksource.com/v1') errors.push(`apiVersion: must be canaries.flanksource.com/v1`);
  if (doc.kind !== undefined && doc.kind !== 'Canary') errors.push(`kind: must be Canary`);
  const metadata = doc.metadata;
  if (!isObject(metadata)) {
    errors.push('metadata.name: required');
    if (errors.length) throw new CanaryDocumentError(errors);
  }
  const meta = metadata as Record<string, unknown>;
  return validateCanary({ name: meta.name, namespace: meta.namespace, labels: meta.labels, spec: doc.spec }, runners, 'metadata.', errors);
}

/** {name, namespace, labels, spec} → a validated canary. */
export function validateCanary(
  input: { name?: unknown; namespace?: unknown; labels?: unknown; spec?: unknown },
  runners: RunnerLookup,
  metaPrefix = '',
  errors: string[] = [],
): ParsedCanary {
  if (typeof input.name !== 'string' || !input.name.trim()) errors.push(`${metaPrefix}name: required`);
  if (input.namespace !== undefined && input.namespace !== null && typeof input.namespace !== 'string') errors.push(`${metaPrefix}namespace: must be a string`);
  const labels = stringMap(input.labels, `${metaPrefix}labels`, errors);
  if (!isObject(input.spec)) {
    errors.push('spec: required');
    throw new CanaryDocumentError(errors);
  }
  const spec = input.spec;
  let schedule: string | null = null;
  const rawSchedule = spec.schedule ?? (spec.interval !== undefined ? `@every ${spec.interval}${typeof spec.interval === 'number' ? 's' : ''}` : undefined);
  if (rawSchedule !== undefined && rawSchedule !== null) {
    schedule = String(rawSchedule).trim();
    const problem = scheduleProblem(schedule);
    if (problem) throw new CanaryDocumentError(`invalid schedule: ${problem}`);
  }
  if (spec.owner !== undefined && typeof spec.owner !== 'string') errors.push('spec.owner: must be a string');
  if (spec.severity !== undefined && !SEVERITIES.includes(String(spec.severity))) errors.push(`spec.severity: must be one of ${SEVERITIES.join(', ')}`);

  const unknown = Object.keys(spec).filter((key) => !SPEC_SETTINGS.has(key) && !(CHECK_TYPES_IN_EDITOR as readonly string[]).includes(key));
  if (unknown.length) {
    throw new CanaryDocumentError(`unknown check type ${unknown.map((t) => `'${t}'`).join(', ')}; supported types: ${CHECK_TYPES_IN_EDITOR.join(', ')}`);
  }
  const checks: ParsedCheck[] = [];
  for (const type of CHECK_TYPES_IN_EDITOR) {
    const list = spec[type];
    if (list === undefined || list === null) continue;
    if (!Array.isArray(list)) {
      errors.push(`spec.${type}: must be a list`);
      continue;
    }
    const seen = new Set<string>();
    list.forEach((item, index) => {
      const path = `spec.${type}[${index}]`;
      if (!isObject(item)) {
        errors.push(`${path}: must be an object`);
        return;
      }
      if (typeof item.name !== 'string' || !item.name.trim()) {
        errors.push(`${path}.name: required`);
        return;
      }
      if (seen.has(item.name)) errors.push(`${path}.name: duplicate name '${item.name}'`);
      seen.add(item.name);
      for (const key of ['test', 'display', 'transform'] as const) {
        const expression = checkExpressionOf(item[key]);
        if (expression && 'error' in expression) {
          errors.push(`${path}.${key}: ${expression.error}`);
          continue;
        }
        // Refused at save time rather than failing closed at every run: too long or too complex (CEL), too long or
        // not a template (Go templates).
        const problem = expression ? userExpressionProblem(expression, expression.language === 'cel') : null;
        if (problem) errors.push(`${path}.${key}: the expression ${problem}`);
      }
      const checkLabels = stringMap(item.labels, `${path}.labels`, errors);
      const runner = runners(type);
      if (runner) {
        for (const message of runner.validate(item as CheckSpec)) errors.push(qualify(message, type, index));
      }
      checks.push({
        type,
        name: item.name,
        description: typeof item.description === 'string' ? item.description : null,
        icon: typeof item.icon === 'string' ? item.icon : null,
        labels: checkLabels,
        endpoint: endpointOf(item),
        spec: item as CheckSpec,
      });
    });
  }
  if (!checks.length && !errors.length) errors.push(`spec: at least one check is required (supported types: ${CHECK_TYPES_IN_EDITOR.join(', ')})`);
  if (errors.length) throw new CanaryDocumentError(errors);
  return {
    name: (input.name as string).trim(),
    namespace: typeof input.namespace === 'string' && input.namespace.trim() ? input.namespace.trim() : 'default',
    labels,
    schedule,
    owner: typeof spec.owner === 'string' ? spec.owner : null,
    severity: spec.severity !== undefined ? String(spec.severity) : null,
    spec,
    checks,
  };
}

/** A runner's message names the field within its check (`url: required` or `http[0].url: required`); make it a full path. */
function qualify(message: string, type: string, index: number): string {
  const prefix = `spec.${type}[${index}]`;
  if (message.startsWith('spec.')) return message;
  const own = new RegExp(`^${type}\\[\\d+\\]`);
  if (own.test(message)) return message.replace(own, prefix);
  return `${prefix}.${message}`;
}

function stringMap(value: unknown, path: string, errors: string[]): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) {
    errors.push(`${path}: must be a map of strings`);
    return {};
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]));
}

function endpointOf(item: Record<string, unknown>): string | null {
  for (const key of ['url', 'endpoint', 'host', 'server', 'query', 'path', 'connection']) {
    if (typeof item[key] === 'string' && item[key]) return item[key] as string;
  }
  return null;
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
