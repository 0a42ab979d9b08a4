import {
  CHECK_EXPRESSION_KEYS,
  COMPONENT_STATUSES,
  DEFAULT_TOPOLOGY_SCHEDULE,
  MIN_TOPOLOGY_EVERY_MS,
  PROPERTY_TYPES,
  TOPOLOGY_API_VERSION,
  TOPOLOGY_KIND,
  canarySpecRules,
  checkExpressionOf,
  type CheckRunner,
} from '@contracts';
import { DocumentError, dumpYaml, loadUserYaml } from '@gateway/core/documents';
import { scheduleProblem } from '@gateway/core/jobs';
import { labelSelectorProblem } from './selectors';

/** A topology document that will not be saved: every problem found, each naming its field. */
export class TopologyDocumentError extends DocumentError {}

/** The check types this gateway runs (CHECK_RUNNERS): lookups and inline checks are check specs. */
export interface TopologyCheckTypes {
  ids: readonly string[];
  find(type: string): Pick<CheckRunner, 'validate' | 'runsCode'> | undefined;
}

export interface ParsedTopology {
  name: string;
  namespace: string;
  labels: Record<string, string>;
  /** The spec as written. */
  spec: Record<string, unknown>;
  schedule: string;
  /** Check types of its lookups and inline checks whose plugins run code (exec): saving needs write on exec. */
  codeTypes: string[];
}

export type Obj = Record<string, unknown>;
export const isObject = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);

const NAME = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;
/** Deepest nesting of `components` a document may write (lookups add one level below their component). */
export const MAX_COMPONENT_DEPTH = 8;
/** Most components a document may write by hand (lookups produce more at run time, up to the run's own cap). */
export const MAX_STATIC_COMPONENTS = 2_000;

/** The component fields the engine reads; a key outside these and IGNORED is a typo and refused. */
const COMPONENT_FIELDS = new Set([
  'name',
  'id',
  'external_id',
  'title',
  'label',
  'text',
  'type',
  'icon',
  'description',
  'tooltip',
  'labels',
  'status',
  'health',
  'status_reason',
  'statusReason',
  'hidden',
  'properties',
  'checks',
  'configs',
  'selectors',
  'lookup',
  'logs',
  'components',
]);
/** Fields of the format users bring that this console accepts and does not use. */
const IGNORED = new Set(['owner', 'lifecycle', 'order', 'summary', 'relationships', 'forEach', 'parentLookup']);
const SPEC_ONLY = new Set(['schedule']);
const PROPERTY_FIELDS = new Set([
  'name',
  'label',
  'type',
  'text',
  'value',
  'max',
  'min',
  'unit',
  'icon',
  'color',
  'tooltip',
  'headline',
  'order',
  'links',
  'lookup',
]);
const SELECTOR_FIELDS = new Set(['name', 'namespace', 'types', 'type', 'labelSelector', 'tagSelector']);
const HEALTHS = ['healthy', 'unhealthy', 'warning', 'unknown'];

/** A YAML Topology document → a validated topology; throws TopologyDocumentError with every problem. */
export function parseTopologyYaml(text: string, types: TopologyCheckTypes): ParsedTopology {
  let doc: unknown;
  try {
    doc = loadUserYaml(text);
  } catch (error) {
    throw new TopologyDocumentError([(error as Error).message]);
  }
  if (!isObject(doc)) throw new TopologyDocumentError(['the document must be a Topology object']);
  const problems: string[] = [];
  if (doc.apiVersion !== undefined && doc.apiVersion !== TOPOLOGY_API_VERSION) problems.push(`apiVersion: must be ${TOPOLOGY_API_VERSION}`);
  if (doc.kind !== undefined && doc.kind !== TOPOLOGY_KIND) problems.push(`kind: must be ${TOPOLOGY_KIND}`);
  const metadata = doc.metadata === undefined ? {} : doc.metadata;
  if (!isObject(metadata)) {
    problems.push('metadata: must be an object');
    throw new TopologyDocumentError(problems);
  }
  return validateTopology({ name: metadata.name, namespace: metadata.namespace, labels: metadata.labels, spec: doc.spec }, types, 'metadata.', problems);
}

/** {name, namespace, labels, spec} (the editor's and the data API's shape) → a validated topology. */
export function validateTopology(
  input: { name?: unknown; namespace?: unknown; labels?: unknown; spec?: unknown },
  types: TopologyCheckTypes,
  metaPrefix = '',
  problems: string[] = [],
): ParsedTopology {
  const { name, namespace = 'default', labels = {}, spec } = input;
  if (typeof name !== 'string' || !name.trim()) problems.push(`${metaPrefix}name: required`);
  else if (name.length > 253 || !NAME.test(name)) problems.push(`${metaPrefix}name: use lowercase letters, digits, '-' and '.' (at most 253)`);
  if (typeof namespace !== 'string' || !namespace || !NAME.test(namespace)) problems.push(`${metaPrefix}namespace: use lowercase letters, digits, '-' and '.'`);
  if (!isObject(labels) || Object.values(labels).some((v) => typeof v !== 'string')) problems.push(`${metaPrefix}labels: must map names to text`);

  let schedule = DEFAULT_TOPOLOGY_SCHEDULE;
  const codeTypes = new Set<string>();
  if (!isObject(spec)) {
    problems.push('spec: required (an object with components)');
  } else {
    if (spec.schedule !== undefined && spec.schedule !== null && spec.schedule !== '') {
      const problem = typeof spec.schedule === 'string' ? scheduleProblem(spec.schedule, { minEveryMs: MIN_TOPOLOGY_EVERY_MS }) : 'must be text';
      if (problem) problems.push(`spec.schedule: ${problem}`);
      else schedule = (spec.schedule as string).trim();
    }
    const counter = { components: 0 };
    // The spec is the root component (named after the topology): its own fields, then its components.
    validateComponent(spec, 'spec', 0, { types, problems, codeTypes, counter, root: true });
    if (!Array.isArray(spec.components) && !isObject(spec.lookup)) problems.push('spec.components: add at least one component (or a lookup)');
  }
  if (problems.length) throw new TopologyDocumentError(problems);
  return {
    name: name as string,
    namespace: namespace as string,
    labels: labels as Record<string, string>,
    spec: spec as Obj,
    schedule,
    codeTypes: [...codeTypes].sort(),
  };
}

interface Walk {
  types: TopologyCheckTypes;
  problems: string[];
  codeTypes: Set<string>;
  counter: { components: number };
  root?: boolean;
}

function validateComponent(c: Obj, at: string, depth: number, walk: Walk): void {
  const { problems } = walk;
  for (const key of Object.keys(c)) {
    if (COMPONENT_FIELDS.has(key) || IGNORED.has(key) || (walk.root && SPEC_ONLY.has(key))) continue;
    problems.push(`${at}.${key}: unknown field (known: ${[...COMPONENT_FIELDS].join(', ')})`);
  }
  if (!walk.root) {
    if (c.name === undefined && !isObject(c.lookup)) problems.push(`${at}.name: required (or a lookup whose results are the components)`);
    if (c.name !== undefined && (typeof c.name !== 'string' || !c.name.trim() || c.name.length > 255)) problems.push(`${at}.name: text of 1 to 255 characters`);
  }
  for (const key of ['id', 'external_id', 'title', 'label', 'text', 'type', 'icon', 'description', 'tooltip', 'status_reason', 'statusReason']) {
    if (c[key] !== undefined && typeof c[key] !== 'string') problems.push(`${at}.${key}: must be text`);
  }
  if (c.labels !== undefined && (!isObject(c.labels) || Object.values(c.labels).some((v) => typeof v !== 'string')))
    problems.push(`${at}.labels: must map names to text`);
  if (c.status !== undefined && !(COMPONENT_STATUSES as readonly unknown[]).includes(c.status))
    problems.push(`${at}.status: one of ${COMPONENT_STATUSES.join(', ')}`);
  if (c.health !== undefined && !HEALTHS.includes(c.health as string)) problems.push(`${at}.health: one of ${HEALTHS.join(', ')}`);
  if (c.hidden !== undefined && typeof c.hidden !== 'boolean') problems.push(`${at}.hidden: true or false`);
  list(c, 'properties', at, problems, (p, pat) => validateProperty(p, pat, walk));
  list(c, 'checks', at, problems, (entry, eat) => validateCheckEntry(entry, eat, walk));
  list(c, 'configs', at, problems, (entry, eat) => validateSelector(entry, eat, problems));
  list(c, 'selectors', at, problems, (entry, eat) => validateSelector(entry, eat, problems));
  list(c, 'logs', at, problems, (entry, eat) => {
    if (typeof entry.name !== 'string' || !entry.name.trim()) problems.push(`${eat}.name: required`);
    for (const key of ['backend', 'query']) if (entry[key] !== undefined && typeof entry[key] !== 'string') problems.push(`${eat}.${key}: must be text`);
    if (entry.labels !== undefined && !isObject(entry.labels)) problems.push(`${eat}.labels: must map names to text`);
  });
  if (c.lookup !== undefined) validateLookup(c.lookup, `${at}.lookup`, walk, true);
  if (c.components !== undefined) {
    if (depth >= MAX_COMPONENT_DEPTH) problems.push(`${at}.components: components nest at most ${MAX_COMPONENT_DEPTH} levels deep`);
    else
      list(c, 'components', at, problems, (child, cat) => {
        walk.counter.components++;
        if (walk.counter.components === MAX_STATIC_COMPONENTS + 1)
          problems.push(`${cat}: a topology writes at most ${MAX_STATIC_COMPONENTS} components by hand (use a lookup)`);
        validateComponent(child, cat, depth + 1, { ...walk, root: false });
      });
  }
}

/** `key: [objects]`: each object validated at `at.key[i]`. */
function list(c: Obj, key: string, at: string, problems: string[], each: (entry: Obj, at: string) => void): void {
  const value = c[key];
  if (value === undefined || value === null) return;
  if (!Array.isArray(value)) return void problems.push(`${at}.${key}: must be a list`);
  value.forEach((entry, i) => {
    if (!isObject(entry)) problems.push(`${at}.${key}[${i}]: must be an object`);
    else each(entry, `${at}.${key}[${i}]`);
  });
}

function validateProperty(p: Obj, at: string, walk: Walk): void {
  const { problems } = walk;
  for (const key of Object.keys(p)) if (!PROPERTY_FIELDS.has(key)) problems.push(`${at}.${key}: unknown field (known: ${[...PROPERTY_FIELDS].join(', ')})`);
  if (typeof p.name !== 'string' || !p.name.trim()) problems.push(`${at}.name: required`);
  if (p.type !== undefined && !(PROPERTY_TYPES as readonly unknown[]).includes(p.type)) problems.push(`${at}.type: one of ${PROPERTY_TYPES.join(', ')}`);
  for (const key of ['value', 'max', 'min', 'order']) if (p[key] !== undefined && typeof p[key] !== 'number') problems.push(`${at}.${key}: must be a number`);
  for (const key of ['label', 'text', 'unit', 'icon', 'color', 'tooltip'])
    if (p[key] !== undefined && typeof p[key] !== 'string') problems.push(`${at}.${key}: must be text`);
  if (p.headline !== undefined && typeof p.headline !== 'boolean') problems.push(`${at}.headline: true or false`);
  list(p, 'links', at, problems, (link, lat) => {
    if (typeof link.url !== 'string' || !/^https?:\/\//i.test(link.url)) problems.push(`${lat}.url: an http(s) address`);
  });
  if (p.lookup !== undefined) validateLookup(p.lookup, `${at}.lookup`, walk, false);
}

/** `checks[]`: `{inline: {<check type>: [...]}}` (checks this topology owns) or `{selector: {...}}` (existing checks). */
function validateCheckEntry(entry: Obj, at: string, walk: Walk): void {
  const { problems } = walk;
  const keys = Object.keys(entry);
  if (keys.length !== 1 || !['inline', 'selector'].includes(keys[0])) {
    // The short form: a selector written directly (`- name: api-*`).
    if (keys.every((k) => SELECTOR_FIELDS.has(k)) && keys.length) return validateSelector(entry, at, problems);
    return void problems.push(`${at}: give 'inline' (checks this topology runs) or 'selector' (existing checks)`);
  }
  if (keys[0] === 'selector') {
    if (!isObject(entry.selector)) return void problems.push(`${at}.selector: must be an object`);
    return validateSelector(entry.selector, `${at}.selector`, problems);
  }
  validateInlineChecks(entry.inline, `${at}.inline`, walk);
}

/**
 * `checks[].inline`: a canary spec the run hands to the health area, so it is held to the canary's own rules here
 * (each check named, names unique per type, settings such as `schedule`): what saves also runs.
 */
function validateInlineChecks(value: unknown, at: string, walk: Walk): void {
  const { problems, types } = walk;
  if (!isObject(value) || !Object.keys(value).length) return void problems.push(`${at}: an object with one list per check type (${types.ids.join(', ')})`);
  const rules = canarySpecRules(value, {
    knownTypes: types.ids,
    scheduleProblem: (schedule) => scheduleProblem(schedule),
    checkProblems: (type, check) => types.find(type)?.validate(check) ?? [],
  });
  // Its messages name `spec.<type>[i]...` (or the spec itself): here that is the inline entry.
  for (const message of 'refused' in rules ? rules.refused : rules.problems)
    problems.push(/^spec[.:]/.test(message) ? `${at}${message.slice(4)}` : `${at}: ${message}`);
  for (const [type, entries] of Object.entries(value)) if (Array.isArray(entries) && types.find(type)?.runsCode) walk.codeTypes.add(type);
}

/** `lookup`: `{<check type>: [check spec with display]}` run by the check type's plugin. */
function validateLookup(value: unknown, at: string, walk: Walk, needsDisplay: boolean): void {
  validateCheckLists(value, at, walk, needsDisplay);
}

function validateCheckLists(value: unknown, at: string, walk: Walk, needsDisplay: boolean): void {
  const { problems, types } = walk;
  if (!isObject(value) || !Object.keys(value).length) return void problems.push(`${at}: an object with one list per check type (${types.ids.join(', ')})`);
  for (const [type, entries] of Object.entries(value)) {
    const runner = types.find(type);
    if (!runner) {
      problems.push(`${at}.${type}: unknown check type '${type}' (known: ${types.ids.join(', ')})`);
      continue;
    }
    if (!Array.isArray(entries)) {
      problems.push(`${at}.${type}: must be a list`);
      continue;
    }
    if (runner.runsCode) walk.codeTypes.add(type);
    entries.forEach((entry, i) => {
      const eat = `${at}.${type}[${i}]`;
      if (!isObject(entry)) return void problems.push(`${eat}: must be an object`);
      const spec = { name: `${type}-${i}`, ...entry };
      for (const problem of new Set(runner.validate(spec as never))) problems.push(`${eat}.${problem}`);
      const display = checkExpressionOf(entry.display);
      if (display && 'error' in display) problems.push(`${eat}.display: ${display.error}`);
      else if (needsDisplay && !display)
        problems.push(`${eat}.display: required: an expression (${Object.values(CHECK_EXPRESSION_KEYS).join(', ')}) whose result is the list of components`);
    });
  }
}

function validateSelector(s: Obj, at: string, problems: string[]): void {
  const keys = Object.keys(s);
  if (!keys.length) return void problems.push(`${at}: give name, namespace, types or labelSelector`);
  for (const key of keys) if (!SELECTOR_FIELDS.has(key)) problems.push(`${at}.${key}: unknown field (known: ${[...SELECTOR_FIELDS].join(', ')})`);
  for (const key of ['name', 'namespace', 'type']) if (s[key] !== undefined && typeof s[key] !== 'string') problems.push(`${at}.${key}: must be text`);
  if (typeof s.name === 'string' && (s.name.match(/\*/g)?.length ?? 0) > 8) problems.push(`${at}.name: at most 8 '*' wildcards`);
  if (s.types !== undefined && (!Array.isArray(s.types) || s.types.some((t) => typeof t !== 'string'))) problems.push(`${at}.types: a list of types`);
  for (const key of ['labelSelector', 'tagSelector']) {
    if (s[key] === undefined) continue;
    const problem = typeof s[key] === 'string' ? labelSelectorProblem(s[key]) : 'must be text';
    if (problem) problems.push(`${at}.${key}: ${problem}`);
  }
}

/** The stored topology as the YAML document users edit and export. */
export function topologyYaml(row: { name: string; namespace: string; labels: Record<string, string> | null; spec: Record<string, unknown> }): string {
  const metadata: Record<string, unknown> = { name: row.name, namespace: row.namespace };
  if (row.labels && Object.keys(row.labels).length) metadata.labels = row.labels;
  return dumpYaml({ apiVersion: TOPOLOGY_API_VERSION, kind: TOPOLOGY_KIND, metadata, spec: row.spec });
}
