import { COMPONENT_STATUSES, PROPERTY_TYPES, checkExpressionOf, type CheckResult, type CheckSpec, type ComponentProperty } from '@contracts';
import { isObject, type Obj } from './topology-document';
import type { ResourceSelector } from './selectors';

/**
 * Turns a topology spec into the flat list of components one run writes: the root (the spec itself, named after
 * the topology), its `components` recursively, and the components its lookups produce. Each gets a stable key
 * (`external_id`): the path of names (or lookup ids) from the root, so a run updates the rows of the previous run.
 * Lookups and property lookups are check specs run by the caller's `runLookup` (the check types' plugins, with the
 * guard rails of core's executeCheck); what their `display` returns becomes components or property values.
 */

/** Most components one run may write (SQL and the page stay fast; the benchmark's 20,000 fit). */
export const MAX_RUN_COMPONENTS = 50_000;

export interface BuiltComponent {
  key: string;
  parentKey: string | null;
  depth: number;
  name: string;
  title: string | null;
  text: string | null;
  type: string | null;
  icon: string | null;
  description: string | null;
  labels: Record<string, string>;
  properties: ComponentProperty[];
  logs: { name: string; backend?: string; query?: string; labels?: Record<string, string> }[];
  hidden: boolean;
  ownStatus: string | null;
  ownStatusReason: string | null;
  checkSelectors: ResourceSelector[];
  configSelectors: ResourceSelector[];
  componentSelectors: ResourceSelector[];
  /** `checks[].inline` of a component written in the document (never of lookup results). */
  inlineChecks: Obj[];
}

export interface BuildResult {
  components: BuiltComponent[];
  errors: string[];
  /** Keys whose lookups failed: the components previously found under them are kept, not deleted. */
  incomplete: string[];
}

/** A lookup's outcome: the display's value, or why there is none. */
export type LookupOutcome = { ok: true; value: unknown } | { ok: false; error: string };

export interface BuildDeps {
  /** Runs one lookup entry (a check spec of `type`) and evaluates its display over the result. */
  runLookup(type: string, spec: CheckSpec, display: unknown): Promise<LookupOutcome>;
}

/** A build under way: the keys taken so far, so a duplicate is found without scanning every component (runs reach 50,000). */
interface Building extends BuildResult {
  keys: Set<string>;
}

export async function buildComponents(topologyName: string, spec: Obj, deps: BuildDeps): Promise<BuildResult> {
  const out: Building = { components: [], errors: [], incomplete: [], keys: new Set() };
  const root = { ...spec, name: topologyName, title: spec.label ?? spec.title ?? null };
  await visit(root, null, 0, 'spec', true, out, deps);
  return { components: out.components, errors: out.errors, incomplete: out.incomplete };
}

async function visit(c: Obj, parentKey: string | null, depth: number, at: string, written: boolean, out: Building, deps: BuildDeps): Promise<void> {
  if (out.components.length >= MAX_RUN_COMPONENTS) return;
  const lookupItems = isObject(c.lookup) ? await runLookups(c.lookup, at, out, deps) : null;
  const named = typeof c.name === 'string' && c.name.trim() !== '';
  let ownKey = parentKey;
  if (named) {
    const built = toComponent(c, parentKey, depth, written, out);
    out.components.push(built);
    ownKey = built.key;
    await resolvePropertyLookups(built, c, at, out, deps);
  }
  const childDepth = named ? depth + 1 : depth;
  if (lookupItems === 'failed') {
    if (ownKey) out.incomplete.push(ownKey);
  } else if (lookupItems) {
    for (const [i, item] of lookupItems.entries()) await visit(item, ownKey, childDepth, `${at}.lookup[${i}]`, false, out, deps);
  }
  if (Array.isArray(c.components)) {
    for (const [i, child] of c.components.entries()) if (isObject(child)) await visit(child, ownKey, childDepth, `${at}.components[${i}]`, written, out, deps);
  }
}

/** Every lookup entry's display result as component specs; 'failed' when any entry failed (nothing under it is deleted). */
async function runLookups(lookup: Obj, at: string, out: BuildResult, deps: BuildDeps): Promise<Obj[] | 'failed'> {
  const items: Obj[] = [];
  let failed = false;
  for (const [type, entries] of Object.entries(lookup)) {
    if (!Array.isArray(entries)) continue;
    for (const [i, entry] of entries.entries()) {
      if (!isObject(entry)) continue;
      const { display, ...rest } = entry;
      const outcome = await deps.runLookup(type, { name: `${type}-${i}`, ...rest } as CheckSpec, display);
      const where = `${at}.lookup.${type}[${i}]`;
      if (!outcome.ok) {
        out.errors.push(`${where}: ${outcome.error}`);
        failed = true;
        continue;
      }
      const value = typeof outcome.value === 'string' ? parseJson(outcome.value) : outcome.value;
      const list = Array.isArray(value) ? value : isObject(value) ? [value] : null;
      if (!list) {
        out.errors.push(`${where}.display: must return a list of components (objects with a name), not ${value === null ? 'null' : typeof value}`);
        failed = true;
        continue;
      }
      list.forEach((item, n) => {
        const component = typeof item === 'string' ? { name: item } : isObject(item) ? dataOnly(item) : null;
        if (!component || typeof component.name !== 'string' || !component.name.trim()) out.errors.push(`${where}: result ${n} has no name; skipped`);
        else items.push(component);
      });
    }
  }
  return failed ? 'failed' : items;
}

/**
 * A lookup result as a component: what came from data never carries lookups, property lookups or inline checks
 * (nothing runs from it: the exec rule was applied to the document, not to what a lookup answers).
 */
function dataOnly(item: Obj): Obj {
  const { lookup: _lookup, checks, components, properties, ...rest } = item;
  const copy: Obj = { ...rest };
  if (Array.isArray(properties)) copy.properties = properties.map((p) => (isObject(p) ? withoutLookup(p) : p));
  if (Array.isArray(checks)) copy.checks = checks.filter((entry) => isObject(entry) && !('inline' in entry));
  if (Array.isArray(components)) copy.components = components.filter(isObject).map(dataOnly);
  return copy;
}

const withoutLookup = ({ lookup: _lookup, ...fields }: Obj): Obj => fields;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null);

function toComponent(c: Obj, parentKey: string | null, depth: number, written: boolean, out: Building): BuiltComponent {
  const name = String(c.name).slice(0, 255);
  const base = parentKey === null ? 'root' : `${parentKey}/${str(c.id) ?? str(c.external_id) ?? name}`;
  let key = base;
  for (let n = 2; out.keys.has(key); n++) key = `${base}#${n}`;
  out.keys.add(key);
  if (key !== base) out.errors.push(`component '${name}' appears twice under the same parent; the second is kept as '${key}'`);
  const status = typeof c.status === 'string' && (COMPONENT_STATUSES as readonly string[]).includes(c.status) ? c.status : null;
  const health = typeof c.health === 'string' && ['healthy', 'unhealthy', 'warning'].includes(c.health) ? c.health : null;
  const checks = Array.isArray(c.checks) ? c.checks.filter(isObject) : [];
  return {
    key,
    parentKey,
    depth,
    name,
    title: str(c.title) ?? str(c.label),
    text: str(c.text),
    type: str(c.type),
    icon: str(c.icon),
    description: str(c.description) ?? str(c.tooltip),
    labels: stringMap(c.labels),
    properties: Array.isArray(c.properties)
      ? c.properties
          .filter(isObject)
          .map(toProperty)
          .filter((p): p is ComponentProperty => p !== null)
      : [],
    logs: Array.isArray(c.logs)
      ? c.logs
          .filter(isObject)
          .filter((l) => typeof l.name === 'string')
          .map((l) => ({
            name: String(l.name),
            ...(str(l.backend) ? { backend: str(l.backend)! } : {}),
            ...(str(l.query) ? { query: str(l.query)! } : {}),
            ...(isObject(l.labels) ? { labels: stringMap(l.labels) } : {}),
          }))
      : [],
    hidden: c.hidden === true,
    ownStatus: health ?? status,
    ownStatusReason: str(c.status_reason) ?? str(c.statusReason),
    checkSelectors: checks.flatMap((e) => (isObject(e.selector) ? [e.selector as ResourceSelector] : 'inline' in e ? [] : [e as ResourceSelector])),
    configSelectors: Array.isArray(c.configs) ? (c.configs.filter(isObject) as ResourceSelector[]) : [],
    componentSelectors: Array.isArray(c.selectors) ? (c.selectors.filter(isObject) as ResourceSelector[]) : [],
    inlineChecks: written ? checks.filter((e) => isObject(e.inline)).map((e) => e.inline as Obj) : [],
  };
}

function stringMap(value: unknown): Record<string, string> {
  if (!isObject(value)) return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) if (v !== null && v !== undefined && typeof v !== 'object') out[k] = String(v);
  return out;
}

/** A property as stored: known fields of the right type only (lookup results are data from elsewhere). */
function toProperty(p: Obj): ComponentProperty | null {
  const name = str(p.name);
  if (!name) return null;
  const prop: ComponentProperty = { name };
  for (const key of ['label', 'text', 'unit', 'icon', 'color', 'tooltip'] as const) {
    const v = str(p[key]);
    if (v !== null) prop[key] = v;
  }
  if (typeof p.type === 'string' && (PROPERTY_TYPES as readonly string[]).includes(p.type)) prop.type = p.type;
  for (const key of ['value', 'max', 'min', 'order'] as const) {
    const v = typeof p[key] === 'number' ? p[key] : typeof p[key] === 'string' && p[key] !== '' && !Number.isNaN(Number(p[key])) ? Number(p[key]) : null;
    if (v !== null && Number.isFinite(v)) prop[key] = v as number;
  }
  if (p.headline === true) prop.headline = true;
  if (Array.isArray(p.links))
    prop.links = p.links
      .filter(isObject)
      .flatMap((l) => (typeof l.url === 'string' && /^https?:\/\//i.test(l.url) ? [{ url: l.url, ...(str(l.label) ? { label: str(l.label)! } : {}) }] : []));
  return prop;
}

/** `properties[].lookup`: the first entry's display result becomes the property's value (a number), text, or fields. */
async function resolvePropertyLookups(built: BuiltComponent, c: Obj, at: string, out: BuildResult, deps: BuildDeps): Promise<void> {
  if (!Array.isArray(c.properties)) return;
  for (const [i, p] of c.properties.entries()) {
    if (!isObject(p) || !isObject(p.lookup)) continue;
    const target = built.properties.find((q) => q.name === p.name);
    if (!target) continue;
    const [type, entries] = Object.entries(p.lookup)[0] ?? [];
    const entry = Array.isArray(entries) && isObject(entries[0]) ? entries[0] : null;
    if (!type || !entry) continue;
    const { display, ...rest } = entry;
    const outcome = await deps.runLookup(type, { name: `${built.name}-${String(p.name)}`, ...rest } as CheckSpec, display);
    if (!outcome.ok) {
      out.errors.push(`${at}.properties[${i}].lookup: ${outcome.error}`);
      continue;
    }
    const value = outcome.value;
    if (typeof value === 'number') target.value = value;
    else if (typeof value === 'string') {
      const n = Number(value);
      if (value.trim() !== '' && Number.isFinite(n)) target.value = n;
      else target.text = value;
    } else if (isObject(value)) Object.assign(target, toProperty({ ...value, name: target.name }));
  }
}

/** What a lookup's display evaluates over: the check result's details and its outcome (as health's expressions see it). */
export function lookupScope(result: CheckResult): Record<string, unknown> {
  return { ...result.details, details: result.details, duration: result.duration, pass: result.pass, message: result.message, error: result.error ?? '' };
}

/** The display expression of a lookup entry, or null when it has none (then the check's details are the value). */
export function displayOf(display: unknown): { language: string; source: string } | null {
  const expression = checkExpressionOf(display);
  return expression && !('error' in expression) ? expression : null;
}
