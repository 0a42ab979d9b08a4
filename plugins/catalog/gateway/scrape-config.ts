import { DEFAULT_SCRAPE_SCHEDULE, SCRAPE_CONFIG_API_VERSION, SCRAPE_CONFIG_KIND, type ScraperSpec, type ScraperType } from '@contracts';
import { DocumentError, loadUserYaml, dumpYaml } from '@gateway/core/documents';
import { parseDuration, scheduleProblem } from '@gateway/core/jobs';
import { commonFieldProblems } from './transform/validate-common';

/** A scrape config document that will not be saved: every problem found, each naming its field. */
export class ScrapeConfigError extends DocumentError {}

/** What the scraper types this gateway knows offer the validation (the ids contributed to SCRAPER_TYPES). */
export interface ScraperTypes {
  ids: readonly string[];
  find(type: string): Pick<ScraperType, 'validate'> | undefined;
}

export interface RetentionRule {
  /** The change type the rule keeps in check. */
  name: string;
  /** Older changes of that type are removed (ms). */
  ageMs: number | null;
  /** At most this many of that type per item. */
  count: number | null;
}

export interface ParsedScrapeConfig {
  name: string;
  namespace: string;
  labels: Record<string, string>;
  /** The spec as written (schedule, retention and the type lists). */
  spec: Record<string, unknown>;
  schedule: string;
  retention: RetentionRule[];
  /** Every scraper entry: its type list key, its index in that list and the entry. */
  entries: { type: string; index: number; spec: ScraperSpec }[];
}

/** The shortest `@every` a scrape may run on. */
export const MIN_SCRAPE_EVERY_MS = 10_000;
/** Keys of a ScrapeConfig spec that are not scraper lists (read by the engine or accepted and ignored). */
const SPEC_FIELDS = new Set(['schedule', 'retention', 'full', 'logLevel']);
const NAME = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `30d`, `12h`, `90m`... in ms; null when it does not parse. */
export function parseAge(text: string): number | null {
  const days = /^(\d+)d$/.exec(text.trim());
  if (days) return Number(days[1]) * 86_400_000;
  return parseDuration(text.trim());
}

/** A YAML ScrapeConfig document → a validated scrape config; throws ScrapeConfigError with every problem. */
export function parseScrapeConfigYaml(text: string, types: ScraperTypes): ParsedScrapeConfig {
  let doc: unknown;
  try {
    doc = loadUserYaml(text);
  } catch (error) {
    throw new ScrapeConfigError([(error as Error).message]);
  }
  if (!isObject(doc)) throw new ScrapeConfigError(['the document must be a ScrapeConfig object']);
  const problems: string[] = [];
  if (doc.apiVersion !== undefined && doc.apiVersion !== SCRAPE_CONFIG_API_VERSION) problems.push(`apiVersion: must be ${SCRAPE_CONFIG_API_VERSION}`);
  if (doc.kind !== undefined && doc.kind !== SCRAPE_CONFIG_KIND) problems.push(`kind: must be ${SCRAPE_CONFIG_KIND}`);
  const metadata = doc.metadata === undefined ? {} : doc.metadata;
  if (!isObject(metadata)) {
    problems.push('metadata: must be an object');
    throw new ScrapeConfigError(problems);
  }
  return validateScrapeConfig({ name: metadata.name, namespace: metadata.namespace, labels: metadata.labels, spec: doc.spec }, types, 'metadata.', problems);
}

/** {name, namespace, labels, spec} (the editor's and the data API's shape) → a validated scrape config. */
export function validateScrapeConfig(
  input: { name?: unknown; namespace?: unknown; labels?: unknown; spec?: unknown },
  types: ScraperTypes,
  metaPrefix = '',
  problems: string[] = [],
): ParsedScrapeConfig {
  const { name, namespace = 'default', labels = {}, spec } = input;
  if (typeof name !== 'string' || !name.trim()) problems.push(`${metaPrefix}name: required`);
  else if (name.length > 253 || !NAME.test(name)) problems.push(`${metaPrefix}name: use lowercase letters, digits, '-' and '.' (at most 253)`);
  if (typeof namespace !== 'string' || !namespace || !NAME.test(namespace)) problems.push(`${metaPrefix}namespace: use lowercase letters, digits, '-' and '.'`);
  if (!isObject(labels) || Object.values(labels).some((v) => typeof v !== 'string')) problems.push(`${metaPrefix}labels: must map names to text`);

  const entries: ParsedScrapeConfig['entries'] = [];
  let schedule = DEFAULT_SCRAPE_SCHEDULE;
  const retention: RetentionRule[] = [];
  if (!isObject(spec)) {
    problems.push('spec: required (an object with one list per scraper type)');
  } else {
    if (spec.schedule !== undefined && spec.schedule !== null && spec.schedule !== '') {
      const problem = typeof spec.schedule === 'string' ? scheduleProblem(spec.schedule, { minEveryMs: MIN_SCRAPE_EVERY_MS }) : 'must be text';
      if (problem) problems.push(`spec.schedule: ${problem}`);
      else schedule = (spec.schedule as string).trim();
    }
    retention.push(...retentionRules(spec.retention, problems));
    for (const [key, list] of Object.entries(spec)) {
      if (SPEC_FIELDS.has(key)) continue;
      if (!types.ids.includes(key)) {
        problems.push(`spec.${key}: unknown scraper type '${key}' (known: ${types.ids.join(', ')})`);
        continue;
      }
      if (!Array.isArray(list)) {
        problems.push(`spec.${key}: must be a list`);
        continue;
      }
      list.forEach((entry, index) => {
        const at = `spec.${key}[${index}]`;
        if (!isObject(entry)) {
          problems.push(`${at}: must be an object`);
          return;
        }
        const found = [...commonFieldProblems(entry), ...(types.find(key)?.validate(entry) ?? [])];
        for (const problem of new Set(found)) problems.push(`${at}.${problem}`);
        entries.push({ type: key, index, spec: entry });
      });
    }
    if (!entries.length && !problems.some((p) => p.startsWith('spec.'))) problems.push(`spec: add at least one scraper (${types.ids.join(', ')})`);
  }
  if (problems.length) throw new ScrapeConfigError(problems);
  return {
    name: name as string,
    namespace: namespace as string,
    labels: labels as Record<string, string>,
    spec: spec as Record<string, unknown>,
    schedule,
    retention,
    entries,
  };
}

/** `spec.retention.changes: [{name, age, count}]` (spec 03 §5: the change name is required). */
function retentionRules(retention: unknown, problems: string[]): RetentionRule[] {
  if (retention === undefined || retention === null) return [];
  if (!isObject(retention)) {
    problems.push('spec.retention: must be an object');
    return [];
  }
  const changes = retention.changes ?? [];
  if (!Array.isArray(changes)) {
    problems.push('spec.retention.changes: must be a list');
    return [];
  }
  const rules: RetentionRule[] = [];
  changes.forEach((rule, i) => {
    const at = `spec.retention.changes[${i}]`;
    if (!isObject(rule)) return void problems.push(`${at}: must be an object`);
    if (typeof rule.name !== 'string' || !rule.name) problems.push(`${at}.name: required`);
    const ageMs = rule.age === undefined ? null : typeof rule.age === 'string' ? parseAge(rule.age) : null;
    if (rule.age !== undefined && ageMs === null) problems.push(`${at}.age: a duration such as 7d, 24h or 30m`);
    const count = rule.count === undefined ? null : Number(rule.count);
    if (count !== null && (!Number.isInteger(count) || count < 0)) problems.push(`${at}.count: a whole number, 0 or more`);
    if (ageMs === null && count === null && rule.age === undefined) problems.push(`${at}: give age, count or both`);
    rules.push({ name: String(rule.name ?? ''), ageMs, count });
  });
  return rules;
}

/** The stored scraper as the YAML document users edit and export. */
export function scrapeConfigYaml(row: { name: string; namespace: string; labels: Record<string, string> | null; spec: Record<string, unknown> }): string {
  const metadata: Record<string, unknown> = { name: row.name, namespace: row.namespace };
  if (row.labels && Object.keys(row.labels).length) metadata.labels = row.labels;
  return dumpYaml({ apiVersion: SCRAPE_CONFIG_API_VERSION, kind: SCRAPE_CONFIG_KIND, metadata, spec: row.spec });
}
