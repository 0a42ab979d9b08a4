import { Injectable } from '@nestjs/common';
import type { NotificationRule } from '@contracts';
import { Db } from '@gateway/core/database/db.service';
import { eventMatches } from '@gateway/core/events';

/** A rule as the engine uses it (the contract's columns), with its Person and Team recipients resolved to people. */
export type EngineRule = Pick<
  NotificationRule,
  | 'id'
  | 'name'
  | 'namespace'
  | 'title'
  | 'events'
  | 'filter'
  | 'template'
  | 'properties'
  | 'person_id'
  | 'team_id'
  | 'custom_services'
  | 'repeat_interval'
  | 'wait_for'
  | 'error'
> & {
  /** Active people the rule notifies (its person and its team's members), without repeats. */
  people: { id: string; email: string | null }[];
};

/** How long a cached set of rules is used before it is read again (writes of this replica invalidate at once). */
export const RULES_TTL_MS = 3000;

/**
 * The active rules (not deleted), indexed by event name, read in two queries and kept for a few seconds. The rules
 * API calls `invalidate()` after every write; other replicas see a change within RULES_TTL_MS.
 */
@Injectable()
export class RulesCache {
  private loaded: { at: number; rules: EngineRule[]; byEvent: Map<string, EngineRule[]> } | null = null;
  private loading: Promise<EngineRule[]> | null = null;
  private generation = 0;

  constructor(private readonly db: Db) {}

  /** Forget the cached rules: the next event reads them again. */
  invalidate(): void {
    this.generation++;
    this.loaded = null;
  }

  async all(): Promise<EngineRule[]> {
    if (this.loaded && Date.now() - this.loaded.at < RULES_TTL_MS) return this.loaded.rules;
    return this.load();
  }

  /** The rules naming this event. */
  async forEvent(event: string): Promise<EngineRule[]> {
    await this.all();
    const loaded = this.loaded;
    if (!loaded) return (await this.all()).filter((r) => eventMatches(r.events, event));
    let rules = loaded.byEvent.get(event);
    if (!rules) {
      rules = loaded.rules.filter((r) => eventMatches(r.events, event));
      loaded.byEvent.set(event, rules);
    }
    return rules;
  }

  /** One rule by id (from the cache, else the database, deleted ones included: a waiting row of a deleted rule is cancelled). */
  async get(id: string): Promise<EngineRule | null> {
    const cached = (await this.all()).find((r) => r.id === id);
    if (cached) return cached;
    return (await this.query('n.id = $1 AND n.deleted_at IS NULL', [id]))[0] ?? null;
  }

  private load(): Promise<EngineRule[]> {
    if (this.loading) return this.loading;
    const generation = this.generation;
    this.loading = (async () => {
      try {
        const rules = await this.query('n.deleted_at IS NULL', []);
        if (generation === this.generation) this.loaded = { at: Date.now(), rules, byEvent: new Map() };
        return rules;
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }

  private async query(where: string, params: unknown[]): Promise<EngineRule[]> {
    const rows = await this.db.query<Omit<EngineRule, 'people' | 'wait_for'> & { wait_for: string | null; people: EngineRule['people'] | null }>(
      `SELECT n.id, n.name, n.namespace, n.title, n.events, n.filter, n.template, n.properties, n.person_id, n.team_id,
              n.custom_services, n.repeat_interval, n.wait_for, n.error,
              (SELECT jsonb_agg(DISTINCT jsonb_build_object('id', p.id, 'email', p.email))
                 FROM people p
                WHERE p.deleted_at IS NULL AND p.state = 'active'
                  AND (p.id = n.person_id OR p.id IN (SELECT m.person_id FROM team_members m WHERE m.team_id = n.team_id))) AS people
         FROM notifications n
        WHERE ${where}
        ORDER BY n.created_at, n.id`,
      params,
    );
    return rows.map((r) => ({
      ...r,
      properties: stringMap(r.properties),
      custom_services: Array.isArray(r.custom_services) ? r.custom_services : null,
      wait_for: r.wait_for === null ? null : Number(r.wait_for),
      people: (r.people ?? []).sort((a, b) => a.id.localeCompare(b.id)),
    }));
  }
}

function stringMap(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
}
