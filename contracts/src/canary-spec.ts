import { checkExpressionOf, type CheckExpressionLanguage, type CheckSpec } from './checks';

/**
 * The canary document (spec 03 health check editors), declared once: the editor's validation and the gateway's run
 * these rules. A canary is a Kubernetes-style YAML document with one list per check type:
 *
 *   apiVersion: canaries.flanksource.com/v1
 *   kind: Canary
 *   metadata: {name, namespace, labels}
 *   spec: {schedule | interval, owner, severity, ..., http: [{name, ...}], tcp: [...]}
 *
 * Which check types exist is not part of the schema: each reader passes the types it knows (the web the registered
 * `health.checkTypes`, the gateway its check runners), so a new check type plugin needs no change here.
 */
export const CANARY_API_VERSION = 'canaries.flanksource.com/v1';
export const CANARY_KIND = 'Canary';
export const CANARY_DEFAULT_NAMESPACE = 'default';

/** Keys of a canary spec that are not check lists. */
export const CANARY_SPEC_SETTINGS: readonly string[] = ['schedule', 'interval', 'owner', 'severity', 'icon', 'env', 'resultMode', 'replicas'];
export const CANARY_SEVERITIES: readonly string[] = ['info', 'warning', 'low', 'medium', 'high', 'blocker', 'critical'];
/** The expression fields every check has, in any of the languages of `CHECK_EXPRESSION_KEYS`. */
export const CHECK_EXPRESSION_FIELDS = ['test', 'display', 'transform'] as const;
/** How the two problems that stop validation begin (the editor's markers place them: canary-problems.ts). */
export const INVALID_SCHEDULE_PROBLEM = 'invalid schedule';
export const UNKNOWN_CHECK_TYPE_PROBLEM = 'unknown check type';
/** The first of these a check has (as text) is its endpoint on the dashboard. */
const ENDPOINT_KEYS = ['url', 'endpoint', 'host', 'server', 'query', 'path', 'connection'];

/** A canary as `GET /api/canaries/:id` and the writes answer it: the document's parts and the checks it made. */
export interface CanaryDocument {
  id: string;
  name: string;
  namespace: string;
  labels: Record<string, string>;
  schedule: string | null;
  spec: Record<string, unknown>;
  checks: Array<{ id: string; type: string; name: string; status: string | null; next_runtime: string | null }>;
}

/** The body of `POST /api/canaries`, `PUT /api/canaries/:id` and `POST /api/canaries/validate`. */
export type CanaryInput = { yaml: string } | { name: string; namespace: string; labels: Record<string, string>; spec: Record<string, unknown> };

/** What the reader adds to the shared rules. */
export interface CanarySpecRules {
  /** The check types the reader knows, in the order it lists them; any other spec key that is not a setting is refused. */
  knownTypes: readonly string[];
  /** Why a schedule (`schedule`, or `interval` as `@every <interval>`) cannot run; null when it can. Absent: not checked. */
  scheduleProblem?(schedule: string): string | null;
  /** More to say about one expression the document holds (too long, too complex): appended as `the expression <problem>`. */
  expressionProblem?(expression: { language: CheckExpressionLanguage; source: string }): string | null;
  /** More problems of one check (its type's own rules), named within the check (`url: required`) or by full path. */
  checkProblems?(type: string, check: CheckSpec, index: number): string[];
}

export interface ValidCanaryCheck {
  type: string;
  name: string;
  description: string | null;
  icon: string | null;
  labels: Record<string, string>;
  endpoint: string | null;
  spec: CheckSpec;
}

export interface ValidCanary {
  name: string;
  namespace: string;
  labels: Record<string, string>;
  schedule: string | null;
  owner: string | null;
  severity: string | null;
  /** The canary spec as written. */
  spec: Record<string, unknown>;
  checks: ValidCanaryCheck[];
}

/** Every problem found (`<path>: <message>`), or the valid canary. */
export type CanaryValidation = { ok: true; canary: ValidCanary } | { ok: false; problems: string[] };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A whole document (`apiVersion`, `kind`, `metadata`, `spec`) as YAML or JSON gave it. Not being an object at all is
 * the caller's to say (each side words it for its readers).
 */
export function validateCanaryDocument(doc: Record<string, unknown>, rules: CanarySpecRules): CanaryValidation {
  const problems: string[] = [];
  if (doc.apiVersion !== undefined && doc.apiVersion !== CANARY_API_VERSION) problems.push(`apiVersion: must be ${CANARY_API_VERSION}`);
  if (doc.kind !== undefined && doc.kind !== CANARY_KIND) problems.push(`kind: must be ${CANARY_KIND}`);
  const metadata = doc.metadata;
  if (!isObject(metadata)) return { ok: false, problems: [...problems, 'metadata.name: required'] };
  return validateCanaryParts({ name: metadata.name, namespace: metadata.namespace, labels: metadata.labels, spec: doc.spec }, rules, 'metadata.', problems);
}

/** A canary as its parts (`{name, namespace, labels, spec}`, the form and JSON bodies); `metaPrefix` names where name and labels sit. */
export function validateCanaryParts(
  input: { name?: unknown; namespace?: unknown; labels?: unknown; spec?: unknown },
  rules: CanarySpecRules,
  metaPrefix = '',
  problems: string[] = [],
): CanaryValidation {
  if (typeof input.name !== 'string' || !input.name.trim()) problems.push(`${metaPrefix}name: required`);
  if (input.namespace !== undefined && input.namespace !== null && typeof input.namespace !== 'string')
    problems.push(`${metaPrefix}namespace: must be a string`);
  const labels = stringMap(input.labels, `${metaPrefix}labels`, problems);
  if (!isObject(input.spec)) return { ok: false, problems: [...problems, 'spec: required'] };
  const spec = canarySpecRules(input.spec, rules);
  if ('refused' in spec) return { ok: false, problems: spec.refused };
  problems.push(...spec.problems);
  if (problems.length) return { ok: false, problems };
  return {
    ok: true,
    canary: {
      name: (input.name as string).trim(),
      namespace: typeof input.namespace === 'string' && input.namespace.trim() ? input.namespace.trim() : CANARY_DEFAULT_NAMESPACE,
      labels,
      schedule: spec.schedule,
      owner: typeof input.spec.owner === 'string' ? input.spec.owner : null,
      severity: input.spec.severity !== undefined ? String(input.spec.severity) : null,
      spec: input.spec,
      checks: spec.checks,
    },
  };
}

/** The schedule a spec asks for: `schedule`, else `interval` (seconds when a number) as `@every`; null when neither. */
export function canarySchedule(spec: Record<string, unknown>): string | null {
  const raw = spec.schedule ?? (spec.interval !== undefined ? `@every ${spec.interval}${typeof spec.interval === 'number' ? 's' : ''}` : undefined);
  return raw === undefined || raw === null ? null : String(raw).trim();
}

/**
 * The spec's own rules: settings, check types, one list per type, each check an object with a unique name, its
 * expressions and labels well formed. `refused` stops at the first problem that makes the rest meaningless (a
 * schedule that cannot run, an unknown check type); `problems` lists everything else.
 */
export function canarySpecRules(
  spec: Record<string, unknown>,
  rules: CanarySpecRules,
): { refused: string[] } | { problems: string[]; schedule: string | null; checks: ValidCanaryCheck[] } {
  const problems: string[] = [];
  const schedule = canarySchedule(spec);
  if (schedule !== null && rules.scheduleProblem) {
    const problem = rules.scheduleProblem(schedule);
    if (problem) return { refused: [`${INVALID_SCHEDULE_PROBLEM}: ${problem}`] };
  }
  if (spec.owner !== undefined && typeof spec.owner !== 'string') problems.push('spec.owner: must be a string');
  if (spec.severity !== undefined && !CANARY_SEVERITIES.includes(String(spec.severity)))
    problems.push(`spec.severity: must be one of ${CANARY_SEVERITIES.join(', ')}`);

  const unknown = Object.keys(spec).filter((key) => !CANARY_SPEC_SETTINGS.includes(key) && !rules.knownTypes.includes(key));
  if (unknown.length) {
    return { refused: [`${UNKNOWN_CHECK_TYPE_PROBLEM} ${unknown.map((t) => `'${t}'`).join(', ')}; supported types: ${rules.knownTypes.join(', ')}`] };
  }
  const checks: ValidCanaryCheck[] = [];
  for (const type of rules.knownTypes) {
    const list = spec[type];
    if (list === undefined || list === null) continue;
    if (!Array.isArray(list)) {
      problems.push(`spec.${type}: must be a list`);
      continue;
    }
    const seen = new Set<string>();
    list.forEach((item, index) => {
      const path = `spec.${type}[${index}]`;
      if (!isObject(item)) {
        problems.push(`${path}: must be an object`);
        return;
      }
      if (typeof item.name !== 'string' || !item.name.trim()) {
        problems.push(`${path}.name: required`);
        return;
      }
      if (seen.has(item.name)) problems.push(`${path}.name: duplicate name '${item.name}'`);
      seen.add(item.name);
      for (const key of CHECK_EXPRESSION_FIELDS) {
        const expression = checkExpressionOf(item[key]);
        if (expression && 'error' in expression) {
          problems.push(`${path}.${key}: ${expression.error}`);
          continue;
        }
        const problem = expression && rules.expressionProblem ? rules.expressionProblem(expression) : null;
        if (problem) problems.push(`${path}.${key}: the expression ${problem}`);
      }
      const checkLabels = stringMap(item.labels, `${path}.labels`, problems);
      for (const message of rules.checkProblems?.(type, item as CheckSpec, index) ?? []) problems.push(qualifyCheckProblem(message, type, index));
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
  if (!checks.length && !problems.length) problems.push(`spec: at least one check is required (supported types: ${rules.knownTypes.join(', ')})`);
  return { problems, schedule, checks };
}

/** A check type's message names the field within its check (`url: required` or `http[0].url: required`); make it a full path. */
export function qualifyCheckProblem(message: string, type: string, index: number): string {
  const prefix = `spec.${type}[${index}]`;
  if (message.startsWith('spec.')) return message;
  const own = new RegExp(`^${type}\\[\\d+\\]`);
  if (own.test(message)) return message.replace(own, prefix);
  return `${prefix}.${message}`;
}

function stringMap(value: unknown, path: string, problems: string[]): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) {
    problems.push(`${path}: must be a map of strings`);
    return {};
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]));
}

function endpointOf(item: Record<string, unknown>): string | null {
  for (const key of ENDPOINT_KEYS) {
    if (typeof item[key] === 'string' && item[key]) return item[key] as string;
  }
  return null;
}
