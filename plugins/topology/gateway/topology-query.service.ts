import { Injectable } from '@nestjs/common';
import { statusRank, type TopologyComponent, type TopologyQuery, type TopologyResponse } from '@contracts';
import { Db } from '@gateway/core/database/db.service';
import { badRequest } from '@gateway/core/http/domain-error';

const COLUMNS = `c.id, c.name, c.title, c.text, c.type, c.icon, c.description, c.path, c.status, c.health, c.status_reason, c.labels,
  c.parent_id, c.topology_id, c.agent_id, c.external_id, c.is_leaf, c.hidden, c.properties, c.logs, c.summary,
  c.created_at, c.updated_at, c.deleted_at`;
/** Most components a flattened answer holds. */
export const MAX_FLAT_COMPONENTS = 10_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const listOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
    : Array.isArray(value)
      ? value.flatMap(listOf)
      : [];
const flag = (value: unknown): boolean => value === true || value === 'true' || value === '1';

/**
 * `GET /api/topology` (spec 02 §7): the cards of one level of the tree — the roots, or the children of `id` (and
 * the components its selectors pull in) — each with its direct children, filtered by status, type, team and labels
 * and sorted (status: worst first when descending; name; type; updated_at; or a property's value). Reads stored,
 * rolled-up values only (the roll-up worker keeps them current), a handful of indexed queries per call.
 */
@Injectable()
export class TopologyQueryService {
  constructor(private readonly db: Db) {}

  async topology(query: TopologyQuery & Record<string, unknown>): Promise<TopologyResponse> {
    const id = typeof query.id === 'string' && query.id ? query.id : null;
    if (id && !UUID.test(id)) throw badRequest('id must be a component id (a UUID)');
    const agentId = typeof query.agent_id === 'string' && query.agent_id ? query.agent_id : null;
    if (agentId && !UUID.test(agentId)) throw badRequest('agent_id must be an agent id (a UUID)');
    const hidden = flag(query.hidden);
    const flatten = flag(query.flatten);
    const labels = listOf(query.labels).map((pair) => {
      const at = pair.indexOf('=');
      if (at <= 0) throw badRequest(`labels: '${pair}' is not key=value`);
      return [pair.slice(0, at), pair.slice(at + 1)] as const;
    });
    const sortOrder = query.sortOrder === 'desc' ? 'desc' : query.sortOrder === 'asc' || query.sortOrder === undefined ? 'asc' : null;
    if (!sortOrder) throw badRequest("sortOrder must be 'asc' or 'desc'");

    let self: TopologyComponent | null = null;
    if (id) {
      self = (await this.db.one<TopologyComponent>(`SELECT ${COLUMNS} FROM components c WHERE c.id = $1 AND c.deleted_at IS NULL`, [id])) ?? null;
      if (!self) return { components: [], types: [], teams: [], healthStatuses: [] };
    }
    const params: unknown[] = [];
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    const base = [`c.deleted_at IS NULL`];
    if (!hidden) base.push('NOT c.hidden');
    if (agentId) base.push(`c.agent_id = ${p(agentId)}`);
    let scope: string;
    if (flatten) {
      if (self) {
        const prefix = self.path ? `${self.path}.${self.id}` : self.id;
        scope = `(c.path = ${p(prefix)} OR c.path LIKE ${p(`${prefix}.%`)})`;
      } else scope = 'true';
    } else if (self) {
      // One indexed read each side (an OR across them scanned the whole table).
      const selfId = p(self.id);
      scope = `c.id IN (SELECT k.id FROM components k WHERE k.parent_id = ${selfId}
                        UNION SELECT r.relationship_id FROM component_relationships r WHERE r.component_id = ${selfId} AND r.deleted_at IS NULL)`;
    } else scope = 'c.parent_id IS NULL';
    const scoped = await this.db.query<TopologyComponent>(
      `SELECT ${COLUMNS} FROM components c WHERE ${[...base, scope].join(' AND ')} ORDER BY c.name LIMIT ${MAX_FLAT_COMPONENTS}`,
      params,
    );

    const teamsByComponent = await this.teamsOf(scoped.map((c) => c.id));
    const statuses = listOf(query.status);
    const types = listOf(query.type);
    const teams = listOf(query.team);
    let cards = scoped.filter(
      (c) =>
        (!statuses.length || statuses.includes(c.status ?? 'unknown')) &&
        (!types.length || types.includes(c.type ?? '')) &&
        (!teams.length || (teamsByComponent.get(c.id) ?? []).some((t) => teams.includes(t))) &&
        labels.every(([k, v]) => c.labels?.[k] === v),
    );
    cards = sortComponents(cards, typeof query.sortBy === 'string' && query.sortBy ? query.sortBy : 'status', sortOrder);

    if (!flatten && cards.length) {
      const children = await this.db.query<TopologyComponent>(
        `SELECT ${COLUMNS} FROM components c WHERE c.parent_id = ANY($1::uuid[]) AND c.deleted_at IS NULL ${hidden ? '' : 'AND NOT c.hidden'}`,
        [cards.map((c) => c.id)],
      );
      const byParent = new Map<string, TopologyComponent[]>();
      for (const child of children) byParent.set(child.parent_id!, [...(byParent.get(child.parent_id!) ?? []), child]);
      cards = cards.map((c) => ({ ...c, components: sortComponents(byParent.get(c.id) ?? [], 'status', 'desc') }));
    }
    const facets = {
      types: [...new Set(scoped.map((c) => c.type).filter((t): t is string => !!t))].sort(),
      teams: [...new Set([...teamsByComponent.values()].flat())].sort(),
      healthStatuses: [...new Set(scoped.map((c) => c.status ?? 'unknown'))].sort((a, b) => statusRank(a) - statusRank(b)),
    };
    if (self && !flatten) return { components: [{ ...self, components: cards }], ...facets };
    return { components: cards, ...facets };
  }

  private async teamsOf(ids: string[]): Promise<Map<string, string[]>> {
    const map = new Map<string, string[]>();
    if (!ids.length) return map;
    const rows = await this.db.query<{ component_id: string; name: string }>(
      `SELECT tc.component_id, t.name FROM team_components tc JOIN teams t ON t.id = tc.team_id AND t.deleted_at IS NULL WHERE tc.component_id = ANY($1::uuid[])`,
      [ids],
    );
    for (const r of rows) map.set(r.component_id, [...(map.get(r.component_id) ?? []), r.name]);
    return map;
  }
}

/**
 * Spec 02 ordering. `status` descending is worst first (unhealthy, warning, healthy, info, unknown), ascending the
 * reverse; other fields compare as text or numbers; a property name compares the property's value (else its text).
 * Ties keep health order, then name.
 */
export function sortComponents<T extends Pick<TopologyComponent, 'name' | 'type' | 'status' | 'updated_at' | 'properties'>>(
  list: T[],
  sortBy: string,
  order: 'asc' | 'desc',
): T[] {
  const dir = order === 'desc' ? -1 : 1;
  const keyOf = (c: T): string | number | null => {
    if (sortBy === 'status') return -statusRank(c.status);
    if (sortBy === 'name') return c.name.toLowerCase();
    if (sortBy === 'type') return (c.type ?? '').toLowerCase();
    // node-postgres answers a Date (String() of it would drop the milliseconds); JSON answers text.
    if (sortBy === 'updated_at') return new Date(c.updated_at as string | Date).getTime() || 0;
    const prop = (c.properties ?? []).find((q) => q.name === sortBy);
    return prop ? (prop.value ?? prop.text?.toLowerCase() ?? null) : null;
  };
  return [...list].sort((a, b) => {
    const ka = keyOf(a);
    const kb = keyOf(b);
    if (ka !== kb) {
      if (ka === null) return 1;
      if (kb === null) return -1;
      return (ka < kb ? -1 : 1) * dir;
    }
    return statusRank(a.status) - statusRank(b.status) || a.name.localeCompare(b.name);
  });
}
