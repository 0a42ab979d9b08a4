import {
  PARAMETER_SIZES,
  PLAYBOOK_API_VERSION,
  PLAYBOOK_KIND,
  PLAYBOOK_PARAMETER_TYPES,
  RUNS_ON_LOCAL,
  type ActionType,
  type PlaybookActionSpec,
  type PlaybookParameter,
  type PlaybookSpec,
} from '@contracts';
import { userExpressionProblem } from '@gateway/core/cel';
import { DocumentError, dumpYaml, loadUserYaml } from '@gateway/core/documents';
import { MAX_WILDCARDS } from './selectors';
import { isCodeField, readsRunData } from './templates';
import { parseDuration, scheduleProblem } from '@gateway/core/jobs';

/** What the action types this gateway knows offer the validation (the ids contributed to ACTION_TYPES). */
export interface ActionTypes {
  ids: readonly string[];
  find(type: string): Pick<ActionType, 'validate' | 'runsCode' | 'literalFields'> | undefined;
}

export interface ParsedPlaybook {
  name: string;
  namespace: string;
  title: string;
  icon: string | null;
  description: string | null;
  category: string | null;
  spec: PlaybookSpec;
  /** Some action runs code on the console's machine: saving needs write on `exec`. */
  runsCode: boolean;
}

/** Shared fields of an action; every other key is its type's body. */
const ACTION_FIELDS = new Set(['name', 'if', 'timeout', 'delay', 'retry', 'description', 'runsOn']);
const SPEC_FIELDS = new Set([
  'title',
  'icon',
  'description',
  'category',
  'configs',
  'checks',
  'components',
  'parameters',
  'approval',
  'on',
  'filters',
  'timeout',
  'runsOn',
  'actions',
]);
const TRIGGER_EVENTS: Record<string, readonly string[]> = {
  canary: ['passed', 'failed'],
  config: ['created', 'updated', 'changed', 'deleted', 'healthy', 'unhealthy', 'warning', 'unknown'],
  component: ['healthy', 'unhealthy', 'warning', 'unknown'],
  incident: ['created', 'status.updated'],
};
const NAME = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;
const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const WEBHOOK_PATH = /^[A-Za-z0-9][A-Za-z0-9._~-]{0,127}$/;
/** `if` values the engine reads itself (no CEL). */
export const IF_KEYWORDS = ['always()', 'success()', 'failure()', 'skip()'];

const SECRET_HINT =
  'write it as a secret reference ({valueFrom: {secretKeyRef: {name: <connection>, key: password}}}), not as a value: every reader of playbooks can read the spec';
/** `{valueFrom: {secretKeyRef | configMapKeyRef}}` or `connection://...`: resolved from the stored connections when used. */
const isSecretRef = (value: unknown) =>
  (typeof value === 'string' && value.startsWith('connection://')) ||
  (typeof value === 'object' && value !== null && typeof (value as { valueFrom?: unknown }).valueFrom === 'object');

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** The title made into a name: lowercase, runs of other characters as '-', at most 63. */
export function nameFromTitle(title: string): string {
  return (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 63)
      .replace(/-+$/, '') || 'playbook'
  );
}

/** A YAML Playbook document → a validated playbook; throws DocumentError with every problem. */
export function parsePlaybookYaml(text: string, types: ActionTypes): ParsedPlaybook {
  let doc: unknown;
  try {
    doc = loadUserYaml(text);
  } catch (error) {
    throw new DocumentError([(error as Error).message]);
  }
  if (!isObject(doc)) throw new DocumentError(['the document must be a Playbook object']);
  const problems: string[] = [];
  if (doc.apiVersion !== undefined && doc.apiVersion !== PLAYBOOK_API_VERSION) problems.push(`apiVersion: must be ${PLAYBOOK_API_VERSION}`);
  if (doc.kind !== undefined && doc.kind !== PLAYBOOK_KIND) problems.push(`kind: must be ${PLAYBOOK_KIND}`);
  const metadata = doc.metadata === undefined ? {} : doc.metadata;
  if (!isObject(metadata)) throw new DocumentError([...problems, 'metadata: must be an object']);
  return validatePlaybook({ name: metadata.name, namespace: metadata.namespace, spec: doc.spec }, types, 'metadata.', problems);
}

/**
 * {name, namespace, title?, spec} (the spec form's and the data API's shape) → a validated playbook. The title,
 * icon, description and category are read from the spec, or from the top-level fields when the spec lacks them.
 */
export function validatePlaybook(
  input: { name?: unknown; namespace?: unknown; title?: unknown; icon?: unknown; description?: unknown; category?: unknown; spec?: unknown },
  types: ActionTypes,
  metaPrefix = '',
  problems: string[] = [],
): ParsedPlaybook {
  const { namespace = 'default' } = input;
  const spec = input.spec;
  let runsCode = false;
  if (!isObject(spec)) {
    problems.push('spec: required (an object with title and actions)');
    throw new DocumentError(problems);
  }
  // The form's fields fill what the spec does not say.
  for (const key of ['title', 'icon', 'description', 'category'] as const) {
    if ((spec[key] === undefined || spec[key] === '') && isText(input[key])) spec[key] = (input[key] as string).trim();
  }
  if (!isText(spec.title)) problems.push('spec.title: required');
  const name = isText(input.name) ? input.name.trim() : isText(spec.title) ? nameFromTitle(spec.title) : '';
  if (!name) problems.push(`${metaPrefix}name: required`);
  else if (name.length > 253 || !NAME.test(name)) problems.push(`${metaPrefix}name: use lowercase letters, digits, '-' and '.' (at most 253)`);
  if (typeof namespace !== 'string' || !namespace || !NAME.test(namespace)) problems.push(`${metaPrefix}namespace: use lowercase letters, digits, '-' and '.'`);
  for (const key of ['icon', 'description', 'category'] as const) {
    if (spec[key] !== undefined && spec[key] !== null && typeof spec[key] !== 'string') problems.push(`spec.${key}: must be text`);
  }
  for (const key of Object.keys(spec)) if (!SPEC_FIELDS.has(key)) problems.push(`spec.${key}: unknown field (known: ${[...SPEC_FIELDS].join(', ')})`);
  for (const kind of ['configs', 'checks', 'components'] as const) selectorProblems(spec[kind], `spec.${kind}`, problems);
  parameterProblems(spec.parameters, problems);
  approvalProblems(spec.approval, problems);
  triggerProblems(spec.on, problems);
  celList(spec.filters, 'spec.filters', problems);
  durationProblem(spec.timeout, 'spec.timeout', problems);
  runsOnProblem(spec.runsOn, 'spec.runsOn', problems);

  if (!Array.isArray(spec.actions) || !spec.actions.length) {
    problems.push(`spec.actions: add at least one action (${types.ids.join(', ')})`);
  } else {
    const names = new Set<string>();
    spec.actions.forEach((action, index) => {
      const at = `spec.actions[${index}]`;
      if (!isObject(action)) {
        problems.push(`${at}: must be an object`);
        return;
      }
      if (!isText(action.name)) problems.push(`${at}.name: required`);
      else if (names.has(action.name)) problems.push(`${at}.name: '${action.name}' is already the name of another action`);
      else names.add(action.name);
      if (action.if !== undefined && !IF_KEYWORDS.includes(String(action.if).trim())) expressionProblem(action.if, `${at}.if`, problems);
      durationProblem(action.timeout, `${at}.timeout`, problems);
      durationProblem(action.delay, `${at}.delay`, problems);
      retryProblems(action.retry, `${at}.retry`, problems);
      runsOnProblem(action.runsOn, `${at}.runsOn`, problems);
      const bodies = Object.keys(action).filter((key) => !ACTION_FIELDS.has(key));
      if (bodies.length !== 1) {
        problems.push(
          bodies.length
            ? `${at}: one action type per action (found ${bodies.join(', ')})`
            : `${at}: add the action's type and its fields, one of: ${types.ids.join(', ')}`,
        );
        return;
      }
      const type = bodies[0];
      const implementation = types.ids.includes(type) ? types.find(type) : undefined;
      if (!implementation) {
        problems.push(`${at}.${type}: unknown action type '${type}' (known: ${types.ids.join(', ')})`);
        return;
      }
      const body = action[type];
      if (!isObject(body)) {
        problems.push(`${at}.${type}: must be an object`);
        return;
      }
      if (implementation.runsCode) runsCode = true;
      const literal = implementation.literalFields ?? [];
      for (const problem of new Set([...templateProblems(body, '', literal), ...implementation.validate(body)])) problems.push(`${at}.${type}.${problem}`);
    });
  }
  if (problems.length) throw new DocumentError(problems);
  const text = (value: unknown) => (isText(value) ? value.trim() : null);
  return {
    name,
    namespace: namespace as string,
    title: (spec.title as string).trim(),
    icon: text(spec.icon),
    description: text(spec.description),
    category: text(spec.category),
    spec: spec as unknown as PlaybookSpec,
    runsCode,
  };
}

/** `runsOn`: a list of agent names (whether they exist is checked against the agents when the playbook is saved). */
function runsOnProblem(value: unknown, at: string, problems: string[]): void {
  if (value === undefined) return;
  if (!Array.isArray(value) || !value.length || value.some((v) => !isText(v))) problems.push(`${at}: must be a list of agent names (or local)`);
}

/**
 * Every agent name in `runsOn` (the playbook's and its actions'), with where it is written (`spec.actions[0].runsOn[1]`);
 * `local` (this console) is left out.
 */
export function runsOnNames(spec: PlaybookSpec): { at: string; name: string }[] {
  const named: { at: string; name: string }[] = [];
  const add = (list: unknown, at: string) => {
    if (!Array.isArray(list)) return;
    list.forEach((name, i) => {
      if (typeof name === 'string' && name.trim() !== RUNS_ON_LOCAL) named.push({ at: `${at}[${i}]`, name: name.trim() });
    });
  };
  add(spec.runsOn, 'spec.runsOn');
  (spec.actions ?? []).forEach((action, i) => add(action.runsOn, `spec.actions[${i}].runsOn`));
  return named;
}

/** The stored playbook as its YAML document (the editor's Code tab). */
export function playbookYaml(row: { name: string; namespace: string; spec: unknown }): string {
  return dumpYaml({ apiVersion: PLAYBOOK_API_VERSION, kind: PLAYBOOK_KIND, metadata: { name: row.name, namespace: row.namespace }, spec: row.spec });
}

/** The action's type: its one key besides the shared fields. */
export function actionTypeOf(action: PlaybookActionSpec): string {
  return Object.keys(action).find((key) => !ACTION_FIELDS.has(key)) ?? '';
}

function durationProblem(value: unknown, at: string, problems: string[]): void {
  if (value === undefined || value === null || value === '') return;
  if (typeof value !== 'string' || parseDuration(value.trim()) === null) problems.push(`${at}: must be a duration such as 30s, 5m or 1h`);
}

function expressionProblem(value: unknown, at: string, problems: string[]): void {
  if (!isText(value)) {
    problems.push(`${at}: must be a CEL expression`);
    return;
  }
  const problem = userExpressionProblem(value.trim());
  if (problem) problems.push(`${at}: ${problem}`);
}

function celList(value: unknown, at: string, problems: string[]): void {
  if (value === undefined || value === null) return;
  if (!Array.isArray(value)) {
    problems.push(`${at}: must be a list of CEL expressions`);
    return;
  }
  value.forEach((expr, i) => expressionProblem(expr, `${at}[${i}]`, problems));
}

/**
 * Go templates (`{{ ... }}`) and whole-value CEL (`$(...)`) in an action body must compile; a literal field (a
 * script) may not read the run's data at all: its values go through `env`.
 */
function templateProblems(body: unknown, at = '', literal: readonly string[] = []): string[] {
  const found: string[] = [];
  const visit = (value: unknown, path: string) => {
    if (isCodeField(literal, path)) {
      if (typeof value === 'string' && readsRunData(value)) {
        found.push(
          `${path}: templates are not expanded here, so that no value can become part of the program; pass values through env (env: [{name: SERVICE, value: '{{ .config.name }}'}]) and read them as $SERVICE`,
        );
      }
      return;
    }
    if (typeof value === 'string') {
      if (value.includes('{{')) {
        const problem = userExpressionProblem({ language: 'template', source: value });
        if (problem) found.push(`${path}: the template ${problem}`);
      }
      return;
    }
    if (Array.isArray(value)) value.forEach((v, i) => visit(v, `${path}[${i}]`));
    else if (isObject(value)) for (const [k, v] of Object.entries(value)) visit(v, path ? `${path}.${k}` : k);
  };
  visit(body, at);
  return found;
}

function selectorProblems(value: unknown, at: string, problems: string[]): void {
  if (value === undefined || value === null) return;
  if (!Array.isArray(value)) {
    problems.push(`${at}: must be a list of selectors ({types, names, labels})`);
    return;
  }
  value.forEach((selector, i) => {
    const where = `${at}[${i}]`;
    if (!isObject(selector)) return void problems.push(`${where}: must be an object`);
    for (const key of ['type', 'name', 'namespace', 'labelSelector'] as const) {
      if (selector[key] !== undefined && typeof selector[key] !== 'string') problems.push(`${where}.${key}: must be text`);
    }
    const patterns = [
      selector.type,
      selector.name,
      selector.namespace,
      ...(Array.isArray(selector.types) ? selector.types : []),
      ...(Array.isArray(selector.names) ? selector.names : []),
    ];
    if (patterns.some((p) => typeof p === 'string' && p.replace(/\*+/g, '*').split('*').length - 1 > MAX_WILDCARDS)) {
      problems.push(`${where}: at most ${MAX_WILDCARDS} '*' in a name, type or namespace`);
    }
    for (const key of ['types', 'names'] as const) {
      if (selector[key] !== undefined && (!Array.isArray(selector[key]) || (selector[key] as unknown[]).some((v) => typeof v !== 'string'))) {
        problems.push(`${where}.${key}: must be a list of text`);
      }
    }
    if (selector.labels !== undefined && (!isObject(selector.labels) || Object.values(selector.labels).some((v) => typeof v !== 'string'))) {
      problems.push(`${where}.labels: must map names to text`);
    }
    const known = new Set(['type', 'types', 'name', 'names', 'namespace', 'labels', 'labelSelector']);
    for (const key of Object.keys(selector)) if (!known.has(key)) problems.push(`${where}.${key}: unknown selector field`);
  });
}

function parameterProblems(value: unknown, problems: string[]): void {
  if (value === undefined || value === null) return;
  if (!Array.isArray(value)) return void problems.push('spec.parameters: must be a list');
  const names = new Set<string>();
  value.forEach((param: unknown, i) => {
    const at = `spec.parameters[${i}]`;
    if (!isObject(param)) return void problems.push(`${at}: must be an object`);
    const p = param as unknown as PlaybookParameter;
    if (!isText(p.name)) problems.push(`${at}.name: required`);
    else if (!PARAM_NAME.test(p.name)) problems.push(`${at}.name: use letters, digits, '_' and '-', starting with a letter`);
    else if (names.has(p.name)) problems.push(`${at}.name: '${p.name}' is already a parameter`);
    else names.add(p.name);
    if (p.type !== undefined && !(PLAYBOOK_PARAMETER_TYPES as readonly string[]).includes(p.type)) {
      problems.push(`${at}.type: must be one of ${PLAYBOOK_PARAMETER_TYPES.join(', ')}`);
    }
    if (p.default !== undefined && p.default !== null && typeof p.default !== 'string' && typeof p.default !== 'number' && typeof p.default !== 'boolean') {
      problems.push(`${at}.default: must be text`);
    }
    if (typeof p.default === 'string' && p.default.includes('{{')) {
      const problem = userExpressionProblem({ language: 'template', source: p.default });
      if (problem) problems.push(`${at}.default: the template ${problem}`);
    }
    const props = p.properties;
    if (props === undefined) return;
    if (!isObject(props)) return void problems.push(`${at}.properties: must be an object`);
    if (props.size !== undefined && !(PARAMETER_SIZES as readonly string[]).includes(String(props.size)))
      problems.push(`${at}.properties.size: must be one of ${PARAMETER_SIZES.join(', ')}`);
    if (props.language !== undefined && props.language !== 'yaml' && props.language !== 'json')
      problems.push(`${at}.properties.language: must be yaml or json`);
    for (const key of ['min', 'max', 'minLength', 'maxLength'] as const) {
      if (props[key] !== undefined && typeof props[key] !== 'number') problems.push(`${at}.properties.${key}: must be a number`);
    }
    if (props.regex !== undefined) {
      try {
        new RegExp(String(props.regex));
      } catch {
        problems.push(`${at}.properties.regex: is not a valid regular expression`);
      }
    }
    if (p.type === 'list' && (!Array.isArray(props.options) || !props.options.length))
      problems.push(`${at}.properties.options: a list parameter needs its options`);
  });
}

function approvalProblems(value: unknown, problems: string[]): void {
  if (value === undefined || value === null) return;
  if (!isObject(value)) return void problems.push('spec.approval: must be an object');
  if (value.type !== undefined && value.type !== 'any' && value.type !== 'all') problems.push('spec.approval.type: must be any or all');
  if (value.autoApprove !== undefined && typeof value.autoApprove !== 'boolean') problems.push('spec.approval.autoApprove: must be true or false');
  const approvers = value.approvers;
  if (!isObject(approvers)) return void problems.push('spec.approval.approvers: required ({people: [...], teams: [...]})');
  let count = 0;
  for (const key of ['people', 'teams'] as const) {
    const list = approvers[key];
    if (list === undefined) continue;
    if (!Array.isArray(list) || list.some((v) => !isText(v))) problems.push(`spec.approval.approvers.${key}: must be a list of names, emails or ids`);
    else count += list.length;
  }
  if (!count) problems.push('spec.approval.approvers: name at least one person or team');
}

function triggerProblems(value: unknown, problems: string[]): void {
  if (value === undefined || value === null) return;
  if (!isObject(value)) return void problems.push('spec.on: must be an object');
  for (const [kind, list] of Object.entries(value)) {
    const at = `spec.on.${kind}`;
    if (kind === 'schedule') {
      if (!Array.isArray(list)) {
        problems.push(`${at}: must be a list of {schedule}`);
        continue;
      }
      list.forEach((entry: unknown, i) => {
        const schedule = isObject(entry) ? entry.schedule : entry;
        if (!isText(schedule)) return void problems.push(`${at}[${i}].schedule: required`);
        const problem = scheduleProblem(schedule.trim(), { minEveryMs: 60_000 });
        if (problem) problems.push(`${at}[${i}].schedule: ${problem}`);
      });
      continue;
    }
    if (kind === 'webhook') {
      if (!isObject(list)) {
        problems.push(`${at}: must be an object ({path, authentication})`);
        continue;
      }
      if (!isText(list.path) || !WEBHOOK_PATH.test(list.path)) problems.push(`${at}.path: required: letters, digits, '.', '_', '~' and '-' (at most 128)`);
      const auth = list.authentication;
      if (auth !== undefined) {
        if (!isObject(auth)) problems.push(`${at}.authentication: must be an object ({basic} or {token})`);
        else {
          if (auth.basic !== undefined && (!isObject(auth.basic) || auth.basic.username === undefined || auth.basic.password === undefined)) {
            problems.push(`${at}.authentication.basic: needs username and password`);
          }
          if (auth.basic === undefined && auth.token === undefined) problems.push(`${at}.authentication: set basic or token`);
          // Every reader of playbooks reads the spec: a password or token written out here would be theirs.
          const secret = (value: unknown, field: string) => {
            if (value !== undefined && !isSecretRef(value)) problems.push(`${at}.authentication.${field}: ${SECRET_HINT}`);
          };
          if (isObject(auth.basic)) secret(auth.basic.password, 'basic.password');
          secret(auth.token, 'token');
        }
      }
      continue;
    }
    const events = TRIGGER_EVENTS[kind];
    if (!events) {
      problems.push(`${at}: unknown trigger (known: ${[...Object.keys(TRIGGER_EVENTS), 'schedule', 'webhook'].join(', ')})`);
      continue;
    }
    if (!Array.isArray(list)) {
      problems.push(`${at}: must be a list of {event, filter, labels}`);
      continue;
    }
    list.forEach((entry: unknown, i) => {
      if (!isObject(entry)) return void problems.push(`${at}[${i}]: must be an object`);
      if (!isText(entry.event) || !events.includes(entry.event)) problems.push(`${at}[${i}].event: must be one of ${events.join(', ')}`);
      if (entry.filter !== undefined) expressionProblem(entry.filter, `${at}[${i}].filter`, problems);
      if (entry.labels !== undefined && (!isObject(entry.labels) || Object.values(entry.labels).some((v) => typeof v !== 'string'))) {
        problems.push(`${at}[${i}].labels: must map names to text`);
      }
    });
  }
}

function retryProblems(value: unknown, at: string, problems: string[]): void {
  if (value === undefined || value === null) return;
  if (!isObject(value)) return void problems.push(`${at}: must be an object ({limit, duration, exponent})`);
  if (typeof value.limit !== 'number' || !Number.isInteger(value.limit) || value.limit < 0 || value.limit > 20)
    problems.push(`${at}.limit: a whole number from 0 to 20`);
  durationProblem(value.duration, `${at}.duration`, problems);
  if (value.exponent !== undefined) {
    const m = isObject(value.exponent) ? value.exponent.multiplier : undefined;
    if (!isObject(value.exponent) || (m !== undefined && (typeof m !== 'number' || m < 1 || m > 10)))
      problems.push(`${at}.exponent.multiplier: a number from 1 to 10`);
  }
}
