import { Injectable } from '@nestjs/common';
import type { NotificationResourceType } from '@contracts';
import type { ExpressionEvaluator } from '@gateway/core/cel';
import { Db } from '@gateway/core/database/db.service';
import { passesFilter } from './filter';
import type { EventVariables } from './variables';

/** An active or future silence as the engine matches it. */
export interface EngineSilence {
  id: string;
  description: string | null;
  from: Date;
  until: Date;
  recursive: boolean;
  canary_id: string | null;
  check_id: string | null;
  component_id: string | null;
  config_id: string | null;
  selectors: string | null;
  filter: string | null;
}

/** What a silence is matched against. */
export interface SilencedResource {
  type: NotificationResourceType;
  id: string;
  /** The check's canary. */
  canaryId: string | null;
  /** The resource's labels (a config's tags too; a check's canary's labels under its own). */
  labels: Record<string, string>;
  /** Ids of the components or configs above it (parents up to the root); read only when a recursive silence needs them. */
  ancestors: readonly string[] | null;
}

/** One term of a selector: `key=value`, `key==value`, `key!=value`, `key` (present), `!key` (absent). */
type Term = { key: string; op: '=' | '!=' | 'exists' | '!exists'; value: string };

/** `env=prod,team!=payments,!canary` → its terms; a comma ends a term. */
export function parseSelectors(selectors: string): Term[] {
  const terms: Term[] = [];
  for (const raw of selectors.split(',')) {
    const part = raw.trim();
    if (!part) continue;
    const ne = part.indexOf('!=');
    const eq = part.indexOf('=');
    if (ne > 0) terms.push({ key: part.slice(0, ne).trim(), op: '!=', value: part.slice(ne + 2).trim() });
    else if (eq > 0)
      terms.push({
        key: part.slice(0, eq).trim(),
        op: '=',
        value: part
          .slice(eq + 1)
          .replace(/^=/, '')
          .trim(),
      });
    else if (part.startsWith('!')) terms.push({ key: part.slice(1).trim(), op: '!exists', value: '' });
    else terms.push({ key: part, op: 'exists', value: '' });
  }
  return terms;
}

export function selectorsMatch(selectors: string, labels: Record<string, string>): boolean {
  const terms = parseSelectors(selectors);
  if (!terms.length) return false;
  return terms.every((t) => {
    const has = Object.prototype.hasOwnProperty.call(labels, t.key);
    switch (t.op) {
      case '=':
        return has && labels[t.key] === t.value;
      case '!=':
        return !has || labels[t.key] !== t.value;
      case 'exists':
        return has;
      case '!exists':
        return !has;
    }
  });
}

export const silenceActive = (silence: Pick<EngineSilence, 'from' | 'until'>, now: Date) =>
  silence.from.getTime() <= now.getTime() && now.getTime() < silence.until.getTime();

/** Whether the silence's resource names this resource (itself, a check's canary, or an ancestor when recursive). */
export function resourceMatches(silence: EngineSilence, resource: SilencedResource): boolean {
  if (silence.check_id) return resource.type === 'check' && resource.id === silence.check_id;
  if (silence.canary_id)
    return (resource.type === 'check' && resource.canaryId === silence.canary_id) || (resource.type === 'canary' && resource.id === silence.canary_id);
  const target = silence.component_id ?? silence.config_id;
  const type = silence.component_id ? 'component' : 'config';
  if (!target) return true; // no resource: selectors or filter decide
  if (resource.type !== type) return false;
  if (resource.id === target) return true;
  return silence.recursive && (resource.ancestors ?? []).includes(target);
}

/** Whether a silence needs the resource's ancestors to decide (a recursive silence of a component or config of that kind). */
export function needsAncestors(silences: readonly EngineSilence[], type: NotificationResourceType): boolean {
  return silences.some((s) => s.recursive && ((type === 'component' && s.component_id) || (type === 'config' && s.config_id)));
}

/**
 * The first silence covering the resource now: active, its resource (if any) matching, its selectors (if any)
 * matching the labels, and its CEL filter (if any) true. A filter that fails does not silence (the event is sent).
 */
export async function findSilence(
  silences: readonly EngineSilence[],
  resource: SilencedResource,
  variables: EventVariables,
  now: Date,
  evaluator: Pick<ExpressionEvaluator, 'evaluate'>,
): Promise<EngineSilence | null> {
  for (const silence of silences) {
    if (!silenceActive(silence, now)) continue;
    if (!resourceMatches(silence, resource)) continue;
    if (silence.selectors?.trim() && !selectorsMatch(silence.selectors, resource.labels)) continue;
    if (silence.filter?.trim()) {
      const passes = await passesFilter(silence.filter, variables, evaluator).catch(() => false);
      if (!passes) continue;
    }
    return silence;
  }
  return null;
}

/** The labels a silence's selectors see: the resource's labels (a config's tags too, a check's canary's beneath its own). */
export function resourceLabels(type: NotificationResourceType, variables: EventVariables): Record<string, string> {
  const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
  const strings = (v: unknown) => Object.fromEntries(Object.entries(obj(v)).map(([k, x]) => [k, typeof x === 'string' ? x : JSON.stringify(x)]));
  const resource = obj(variables[type === 'playbook_run' ? 'run' : type]);
  if (type === 'check') return { ...strings(obj(variables.canary).labels), ...strings(resource.labels) };
  if (type === 'config') return { ...strings(resource.tags), ...strings(resource.labels) };
  return strings(resource.labels);
}

export const SILENCES_TTL_MS = 3000;

/** Silences not deleted and not yet over, kept for a few seconds (the silences API calls `invalidate()` after a write). */
@Injectable()
export class SilencesCache {
  private loaded: { at: number; silences: EngineSilence[] } | null = null;
  private loading: Promise<EngineSilence[]> | null = null;

  constructor(private readonly db: Db) {}

  invalidate(): void {
    this.loaded = null;
  }

  async all(): Promise<EngineSilence[]> {
    if (this.loaded && Date.now() - this.loaded.at < SILENCES_TTL_MS) return this.loaded.silences;
    this.loading ??= (async () => {
      try {
        const silences = await this.db.query<EngineSilence>(
          `SELECT id, description, "from", until, recursive, canary_id, check_id, component_id, config_id, selectors, filter
             FROM notification_silences WHERE deleted_at IS NULL AND until > now() ORDER BY created_at, id`,
        );
        this.loaded = { at: Date.now(), silences };
        return silences;
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }

  /** The reason (and id) of the first silence covering an event's resource now; null when none does. */
  async covering(
    loaded: { resourceType: NotificationResourceType; resourceId: string; variables: EventVariables },
    now: Date,
    evaluator: Pick<ExpressionEvaluator, 'evaluate'>,
  ): Promise<string | null> {
    const silences = await this.all();
    if (!silences.length) return null;
    const check = (loaded.variables.check ?? {}) as { canary_id?: string };
    const resource: SilencedResource = {
      type: loaded.resourceType,
      id: loaded.resourceId,
      canaryId: check.canary_id ?? null,
      labels: resourceLabels(loaded.resourceType, loaded.variables),
      ancestors: null,
    };
    if (needsAncestors(silences, loaded.resourceType)) {
      resource.ancestors = await this.ancestors(loaded.resourceType as 'component' | 'config', loaded.resourceId);
    }
    const found = await findSilence(silences, resource, loaded.variables, now, evaluator);
    return found ? (found.description?.trim() ? `${found.description.trim()} (silence ${found.id})` : `silence ${found.id}`) : null;
  }

  /** The ids of the components or configs above a resource (its parents up to the root, at most 50 levels). */
  async ancestors(type: 'component' | 'config', id: string): Promise<string[]> {
    const table = type === 'component' ? 'components' : 'config_items';
    const rows = await this.db.query<{ id: string; path: string | null }>(
      `WITH RECURSIVE up(id, parent_id, path, depth) AS (
         SELECT id, parent_id, path, 0 FROM ${table} WHERE id = $1
         UNION ALL
         SELECT t.id, t.parent_id, t.path, up.depth + 1 FROM ${table} t JOIN up ON t.id = up.parent_id WHERE up.depth < 50)
       SELECT id::text, path FROM up WHERE depth > 0 OR path IS NOT NULL`,
      [id],
    );
    const out = new Set<string>();
    for (const row of rows) {
      if (row.id !== id) out.add(row.id);
      // A component's path lists the ids above it, dot-separated.
      for (const part of (row.path ?? '').split('.')) if (/^[0-9a-f-]{36}$/i.test(part) && part !== id) out.add(part);
    }
    return [...out];
  }
}
