import type {
  ConfigHealth,
  ConfigProperty,
  ExternalRef,
  RelationshipSelectorSpec,
  ScrapedAnalysis,
  ScrapedChange,
  ScrapedConfig,
  ScraperCommonSpec,
  ScraperSpec,
  ScrapeOutput,
} from '@contracts';
import type { ExpressionEvaluator } from '@gateway/core/cel';
import { parseBody } from './format';
import { fieldValue, firstValue, queryPath } from './jsonpath';
import { normalise } from './normalise';
import type { PendingChange, ResolvedItem, ResolvedRelationship, TransformOutput } from './types';

type Evaluator = Pick<ExpressionEvaluator, 'evaluate'>;

export interface CommonFieldsOptions {
  /** The key of the entry's list under `spec` (`file`, `sql`): names the item in errors when it has no source. */
  scraperType: string;
  evaluator: Evaluator;
}

/** The relation of a relationship that does not name one. */
const DEFAULT_RELATION = 'related';

const HEALTH_WORDS: Record<string, ConfigHealth> = {
  healthy: 'healthy',
  ok: 'healthy',
  pass: 'healthy',
  passing: 'healthy',
  green: 'healthy',
  unhealthy: 'unhealthy',
  error: 'unhealthy',
  failed: 'unhealthy',
  failing: 'unhealthy',
  critical: 'unhealthy',
  red: 'unhealthy',
  warning: 'warning',
  warn: 'warning',
  degraded: 'warning',
  yellow: 'warning',
  unknown: 'unknown',
};

/** A health as the catalogue stores it: one of its four words (unknown for anything else), null when absent. */
export function normaliseHealth(value: unknown): ConfigHealth | null {
  if (value === undefined || value === null || value === '') return null;
  return HEALTH_WORDS[String(value).trim().toLowerCase()] ?? 'unknown';
}

/** A found value as text: strings as they are, other scalars and objects as JSON; nothing stays undefined. */
const asText = (value: unknown): string | undefined =>
  value === undefined || value === null ? undefined : typeof value === 'string' ? value : JSON.stringify(value);

const asDate = (value: unknown): Date | null => {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** A CEL expression that must answer a boolean: `{ok, value}` or the error as text. */
async function celBoolean(evaluator: Evaluator, expression: string, variables: Record<string, unknown>): Promise<{ value: boolean } | { error: string }> {
  const outcome = await evaluator.evaluate(expression, variables);
  if (!outcome.ok) return { error: outcome.error };
  if (typeof outcome.value !== 'boolean') return { error: `must be true or false, it gave ${JSON.stringify(outcome.value)}` };
  return { value: outcome.value };
}

/**
 * Applies the spec's common fields to what a scraper type produced: parses each body, splits it by `items`, resolves
 * the value fields (static or JSONPath) over the type's own, normalises the body (`transform.exclude`, `mask`), adds
 * relationships, runs `transform.changes` on the changes and the entry's `analysis` rules on the items. A problem
 * with one item is an error string naming its source, and the item is skipped; nothing here throws for user input.
 */
export async function applyCommonFields(output: ScrapeOutput, entry: ScraperSpec, options: CommonFieldsOptions): Promise<TransformOutput> {
  const spec = entry as ScraperCommonSpec;
  const errors = [...(output.errors ?? [])];
  const items: ResolvedItem[] = [];
  for (const [index, scraped] of output.configs.entries()) {
    const where = scraped.source ?? `${options.scraperType}[${index}]`;
    let body: { value: unknown; format: string };
    try {
      body = parseBody(scraped.config, spec.format ?? scraped.format);
    } catch (error) {
      errors.push(`${where}: format: ${(error as Error).message}`);
      continue;
    }
    try {
      // A match that is a list stands for its elements: `items: $.items` splits as `$.items[*]` does.
      const docs = spec.items ? queryPath(spec.items, body.value).flatMap((found) => (Array.isArray(found) ? found : [found])) : [body.value];
      for (const doc of docs) {
        const resolved = await resolveItem(scraped, doc, body.format, spec, options.evaluator, where, errors);
        if (resolved) items.push(resolved);
      }
    } catch (error) {
      // A JSONPath the validation would have refused (a filter expression): this source fails, the others go on.
      errors.push(`${where}: ${(error as Error).message}`);
    }
  }
  const changes = await transformChanges(output.changes ?? [], items, spec, options.evaluator, errors);
  const analysis = [...(output.analysis ?? []), ...(await analyse(items, spec, options.evaluator, errors))];
  return { items, changes, analysis, errors };
}

/** One item: its fields resolved, its body normalised; null (and an error) when it has no id or type. */
async function resolveItem(
  scraped: ScrapedConfig,
  doc: unknown,
  format: string,
  spec: ScraperCommonSpec,
  evaluator: Evaluator,
  where: string,
  errors: string[],
): Promise<ResolvedItem | null> {
  /** The entry's value for the field (static or found by its JSONPath), else the type's own. */
  const field = (name: 'id' | 'name' | 'type' | 'class' | 'status' | 'health' | 'description'): string | undefined => {
    const written = spec[name];
    return (written === undefined ? undefined : asText(fieldValue(written, doc))) ?? asText(scraped[name]);
  };
  const required = (name: 'id' | 'type'): string | null => {
    const value = field(name);
    if (value) return value;
    const written = spec[name];
    errors.push(
      written?.startsWith('$') && scraped[name] === undefined
        ? `${where}: ${name}: the JSONPath '${written}' found nothing`
        : `${where}: ${name}: required (neither the entry nor the scraper gave one)`,
    );
    return null;
  };
  const externalId = required('id');
  const type = externalId === null ? null : required('type');
  if (externalId === null || type === null) return null;

  const config = format === 'other' ? doc : normalise(doc, { exclude: excludedPaths(spec, type), mask: await masks(spec, doc, evaluator, where, errors) });
  const fromPaths = (paths: string[] | undefined) => (paths ?? []).map((path) => asDate(firstValue(path, doc))).find((date) => date !== null) ?? null;
  return {
    externalId,
    type,
    configClass: field('class') ?? type.split('::')[0],
    name: field('name') ?? null,
    status: field('status') ?? null,
    health: normaliseHealth(field('health')),
    ready: scraped.ready ?? null,
    description: field('description') ?? null,
    labels: { ...scraped.labels, ...spec.labels },
    tags: { ...scraped.tags, ...resolveMap(spec.tags, doc) },
    properties: mergeProperties(scraped.properties, spec.properties),
    config,
    format,
    source: scraped.source ?? null,
    createdAt: fromPaths(spec.createFields) ?? asDate(scraped.createdAt),
    deletedAt: fromPaths(spec.deleteFields) ?? asDate(scraped.deletedAt),
    parent: scraped.parent ?? null,
    relationships: [
      ...(scraped.relationships ?? []).map(({ to, relation }) => ({
        selector: { type: to.type, externalId: to.externalId },
        relation: relation ?? DEFAULT_RELATION,
        incoming: false,
      })),
      ...(spec.transform?.relationship ?? []).flatMap((rule) => relationshipFor(rule, doc)),
    ],
  };
}

/** `transform.exclude` paths that apply to the type (those without `types`, or naming it). */
const excludedPaths = (spec: ScraperCommonSpec, type: string) =>
  (spec.transform?.exclude ?? []).filter((rule) => !rule.types?.length || rule.types.includes(type)).map((rule) => rule.jsonpath);

/**
 * `transform.mask` rules whose selector (CEL over `config`) is true, or that have none. A selector that fails is
 * reported and its mask still applied: masking hides values, so failing closed means masking.
 */
async function masks(spec: ScraperCommonSpec, doc: unknown, evaluator: Evaluator, where: string, errors: string[]) {
  const applied: { jsonpath: string; value: string }[] = [];
  for (const [index, rule] of (spec.transform?.mask ?? []).entries()) {
    if (rule.selector) {
      const result = await celBoolean(evaluator, rule.selector, { config: doc });
      if ('error' in result) errors.push(`${where}: transform.mask[${index}].selector: ${result.error}`);
      else if (!result.value) continue;
    }
    applied.push({ jsonpath: rule.jsonpath, value: rule.value });
  }
  return applied;
}

/** A map whose values may be JSONPaths on the body; a path that finds nothing leaves its key out. */
function resolveMap(map: Record<string, string> | undefined, doc: unknown): Record<string, string> {
  const resolved: Record<string, string> = {};
  for (const [key, written] of Object.entries(map ?? {})) {
    const value = asText(fieldValue(written, doc));
    if (value !== undefined) resolved[key] = value;
  }
  return resolved;
}

/** The type's properties with the entry's over them (by name). */
function mergeProperties(own: ConfigProperty[] | undefined, written: ConfigProperty[] | undefined): ConfigProperty[] | null {
  if (!own && !written) return null;
  const byName = new Map((own ?? []).map((property) => [property.name, property]));
  for (const property of written ?? []) byName.set(property.name, property);
  return [...byName.values()];
}

/** A `transform.relationship` rule resolved on the body; none when a selector's JSONPath finds nothing. */
function relationshipFor(rule: RelationshipSelectorSpec, doc: unknown): ResolvedRelationship[] {
  const selector: ResolvedRelationship['selector'] = {};
  for (const key of ['id', 'externalId', 'type', 'name'] as const) {
    const written = rule[key];
    if (written === undefined) continue;
    const value =
      typeof written === 'string' ? asText(fieldValue(written, doc)) : written.jsonpath ? asText(firstValue(written.jsonpath, doc)) : asText(written.value);
    if (value === undefined) return [];
    selector[key] = value;
  }
  if (rule.labels) {
    selector.labels = resolveMap(rule.labels, doc);
    if (Object.keys(selector.labels).length !== Object.keys(rule.labels).length) return [];
  }
  if (!Object.keys(selector).length) return [];
  return [{ selector, relation: rule.relation ?? DEFAULT_RELATION, incoming: rule.parent === true }];
}

/**
 * CEL variables of a change: `change` (its fields, `type` for its changeType) and `config` (the body of the item it is
 * on, when in this scrape); config-db's top-level names (`change_type`, `summary`, `details`...) too, so existing
 * files keep working.
 */
function changeVariables(change: ScrapedChange, config: unknown): Record<string, unknown> {
  const fields = {
    change_type: change.changeType,
    severity: change.severity ?? '',
    summary: change.summary ?? '',
    source: change.source ?? '',
    details: change.details ?? {},
    config_type: change.on.type,
    external_id: change.on.externalId,
    external_change_id: change.externalChangeId ?? '',
    created_by: change.externalCreatedBy ?? '',
  };
  return { ...fields, change: { ...change, ...fields, type: change.changeType }, config: config ?? null };
}

/** `transform.changes`: `exclude` drops, then the first `mapping` whose filter is true sets type/severity/summary or its action. */
async function transformChanges(changes: ScrapedChange[], items: ResolvedItem[], spec: ScraperCommonSpec, evaluator: Evaluator, errors: string[]) {
  const rules = spec.transform?.changes ?? {};
  const bodies = new Map(items.map((item) => [refKey(item), item.config]));
  const kept: PendingChange[] = [];
  next: for (const change of changes) {
    const variables = changeVariables(change, bodies.get(refKey(change.on)));
    const where = `change ${change.changeType} on ${change.on.type}/${change.on.externalId}`;
    for (const [index, expression] of (rules.exclude ?? []).entries()) {
      const result = await celBoolean(evaluator, expression, variables);
      if ('error' in result) errors.push(`${where}: transform.changes.exclude[${index}]: ${result.error}`);
      else if (result.value) continue next;
    }
    const pending: PendingChange = { ...change };
    for (const [index, mapping] of (rules.mapping ?? []).entries()) {
      const result = await celBoolean(evaluator, mapping.filter, variables);
      if ('error' in result) {
        errors.push(`${where}: transform.changes.mapping[${index}].filter: ${result.error}`);
        continue;
      }
      if (!result.value) continue;
      if (mapping.action === 'ignore') continue next;
      if (mapping.action === 'delete') pending.deletesConfig = true;
      if (mapping.type) pending.changeType = mapping.type;
      if (mapping.severity) pending.severity = mapping.severity;
      if (mapping.summary) pending.summary = mapping.summary;
      break;
    }
    kept.push(pending);
  }
  return kept;
}

const refKey = (ref: ExternalRef) => `${ref.type}\u0000${ref.externalId}`;

/** The entry's `analysis` rules (CEL over `config` and `item`) on every item: each true one raises an insight. */
async function analyse(items: ResolvedItem[], spec: ScraperCommonSpec, evaluator: Evaluator, errors: string[]): Promise<ScrapedAnalysis[]> {
  const raised: ScrapedAnalysis[] = [];
  for (const item of items) {
    const variables = {
      config: item.config,
      item: { name: item.name ?? '', type: item.type, health: item.health ?? '', status: item.status ?? '', labels: item.labels },
    };
    for (const [index, rule] of (spec.analysis ?? []).entries()) {
      const result = await celBoolean(evaluator, rule.filter, variables);
      if ('error' in result) errors.push(`${item.type}/${item.externalId}: analysis[${index}].filter: ${result.error}`);
      else if (result.value) {
        raised.push({
          on: { type: item.type, externalId: item.externalId },
          analyzer: rule.name,
          analysisType: (rule.type ?? 'other') as ScrapedAnalysis['analysisType'],
          severity: rule.severity ?? 'medium',
          message: rule.message ?? rule.name,
          source: item.source ?? undefined,
        });
      }
    }
  }
  return raised;
}
