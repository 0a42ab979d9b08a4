import { YAMLParseError, parse, stringify } from 'yaml';
import { DEFAULT_SCRAPE_SCHEDULE, SCRAPE_CONFIG_API_VERSION, SCRAPE_CONFIG_KIND } from '@contracts';
import { type LabelEntry, entriesToLabels } from '@web/core/editor/LabelsEditor';
import type { YamlProblem } from '@web/core/editor/yamlEditorTypes';

/**
 * The scraper editor's one model and its ScrapeConfig YAML (spec 03 scraper editor, issue 11). The Form tab edits
 * the model; the Code tab edits the text, parsed back into the model whenever it parses. Rules are the gateway's
 * (`POST /api/scrapers/validate`), so nothing here second-guesses a field.
 */
export interface ScraperModel {
  name: string;
  namespace: string;
  labels: LabelEntry[];
  /** `schedule`, `retention` and one list per scraper type (`file: [...]`). */
  spec: Record<string, unknown>;
}

export const DEFAULT_NAMESPACE = 'default';
/** The settings editor's schedule list (spec 03 §5). */
export const SCHEDULE_OPTIONS = ['@every 30s', '@every 1m', '@every 5m', '@every 30m', '@hourly', '@every 6h', '@daily', '@weekly'] as const;

const PARSE_OPTIONS = { schema: 'core', logLevel: 'error' } as const;
const STRINGIFY_OPTIONS = { lineWidth: 0, singleQuote: true, aliasDuplicateObjects: false } as const;

export const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function newScraperModel(): ScraperModel {
  return { name: '', namespace: DEFAULT_NAMESPACE, labels: [], spec: { schedule: DEFAULT_SCRAPE_SCHEDULE } };
}

export function toScraperYaml(model: ScraperModel): string {
  const metadata: Record<string, unknown> = { name: model.name, namespace: model.namespace };
  const labels = entriesToLabels(model.labels);
  if (Object.keys(labels).length) metadata.labels = labels;
  return stringify({ apiVersion: SCRAPE_CONFIG_API_VERSION, kind: SCRAPE_CONFIG_KIND, metadata, spec: model.spec }, STRINGIFY_OPTIONS);
}

export type ParseResult = { ok: true; model: ScraperModel } | { ok: false; error: YamlProblem };

/** YAML text → the model; only what the editor cannot represent is an error here (the rest is the gateway's). */
export function parseScraperYaml(text: string): ParseResult {
  let doc: unknown;
  try {
    doc = parse(text, PARSE_OPTIONS);
  } catch (error) {
    const position = error instanceof YAMLParseError ? error.linePos?.[0] : undefined;
    const reason = (error as Error).message.replace(/ at line \d+, column \d+:[\s\S]*$/, '');
    if (position)
      return {
        ok: false,
        error: { message: `YAML syntax error at line ${position.line}, column ${position.col}: ${reason}`, line: position.line, column: position.col },
      };
    return { ok: false, error: { message: `YAML syntax error: ${reason}` } };
  }
  if (!isPlainObject(doc)) return { ok: false, error: { message: 'The document must be a ScrapeConfig object (apiVersion, kind, metadata, spec)' } };
  const metadata = doc.metadata ?? {};
  if (!isPlainObject(metadata)) return { ok: false, error: { message: 'metadata: must be an object with name and namespace' } };
  const spec = doc.spec ?? {};
  if (!isPlainObject(spec)) return { ok: false, error: { message: 'spec: must be an object' } };
  const labels = metadata.labels ?? {};
  if (!isPlainObject(labels)) return { ok: false, error: { message: 'metadata.labels: must be a map of strings' } };
  return {
    ok: true,
    model: {
      name: metadata.name === undefined || metadata.name === null ? '' : String(metadata.name),
      namespace: metadata.namespace === undefined || metadata.namespace === null ? DEFAULT_NAMESPACE : String(metadata.namespace),
      labels: Object.entries(labels).map(([key, value]) => ({ key, value: value === null || value === undefined ? '' : String(value) })),
      spec,
    },
  };
}

export interface ScraperGroup {
  type: string;
  entries: Record<string, unknown>[];
}

/** The spec's scraper lists of the registered types, in their order (other keys are the Code tab's). */
export function scraperGroups(spec: Record<string, unknown>, knownTypes: readonly string[]): ScraperGroup[] {
  return knownTypes.flatMap((type) => {
    const list = spec[type];
    return Array.isArray(list) && list.length ? [{ type, entries: list.map((item) => (isPlainObject(item) ? item : {})) }] : [];
  });
}

export function addScraper(spec: Record<string, unknown>, type: string): Record<string, unknown> {
  const list = Array.isArray(spec[type]) ? (spec[type] as unknown[]) : [];
  return { ...spec, [type]: [...list, {}] };
}

/** Removes an entry; an emptied list leaves the spec. */
export function removeScraper(spec: Record<string, unknown>, type: string, index: number): Record<string, unknown> {
  const list = Array.isArray(spec[type]) ? (spec[type] as unknown[]).filter((_, i) => i !== index) : [];
  const next = { ...spec };
  if (list.length) next[type] = list;
  else delete next[type];
  return next;
}

export function entryToYaml(entry: Record<string, unknown>): string {
  return stringify(entry, STRINGIFY_OPTIONS);
}
