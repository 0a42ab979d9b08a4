import { Injectable } from '@nestjs/common';
import type { PlaybookSpec, ResourceSearchHit, ResourceSearchRequest, ResourceSearchResponse, SearchableResource } from '@contracts';
import { Db } from '@gateway/core/database/db.service';
import { SELECTOR_KEY, selectorsSql, type ResourceRow } from './selectors';

/** Where each kind of resource lives, and what of it templates see. */
const SOURCES: Record<SearchableResource, { table: string; namespace: string; icon: string; health: string; columns: string }> = {
  config: {
    table: 'config_items',
    namespace: `r.tags ->> 'namespace'`,
    icon: 'NULL::text',
    health: 'r.health',
    columns: `r.id, r.name, r.type, r.tags ->> 'namespace' AS namespace, r.labels, r.tags, r.config_class, r.status, r.health, r.description,
              r.config, r.source, r.external_id, r.created_at, r.updated_at`,
  },
  check: {
    table: 'checks',
    namespace: 'r.namespace',
    icon: 'r.icon',
    health: 'r.status',
    columns: `r.id, r.name, r.type, r.namespace, r.labels, r.status, r.description, r.endpoint, r.severity, r.canary_id, r.icon,
              r.last_runtime, r.last_transition_time`,
  },
  component: {
    table: 'components',
    namespace: 'r.namespace',
    icon: 'r.icon',
    health: 'r.health',
    columns: `r.id, r.name, r.type, r.namespace, r.labels, r.status, r.health, r.status_reason, r.description, r.icon, r.properties, r.topology_id, r.path`,
  },
};

export const KINDS: SearchableResource[] = ['config', 'check', 'component'];
const SEARCH_LIMIT = 50;

/** Configs, checks and components as playbooks see them: for templates, selectors and the resource pickers. */
@Injectable()
export class PlaybookResourcesService {
  constructor(private readonly db: Db) {}

  /** The resource with what templates see of it, or null when it does not exist (or is deleted). */
  async load(kind: SearchableResource, id: string): Promise<ResourceRow | null> {
    const source = SOURCES[kind];
    return (await this.db.one<ResourceRow>(`SELECT ${source.columns} FROM ${source.table} r WHERE r.id = $1 AND r.deleted_at IS NULL`, [id])) ?? null;
  }

  /**
   * `POST /api/resources/search`: by name (case-insensitive substring) or id, optionally only what a playbook applies
   * to, best matches first (exact name, then prefix, then shortest).
   */
  async search(request: ResourceSearchRequest, playbook: PlaybookSpec | null): Promise<ResourceSearchResponse> {
    const limit = Math.min(Math.max(Number(request.limit) || 20, 1), SEARCH_LIMIT);
    const kinds = request.kinds?.length ? request.kinds.filter((k) => KINDS.includes(k)) : KINDS;
    const out: ResourceSearchResponse = { configs: [], checks: [], components: [] };
    await Promise.all(
      kinds.map(async (kind) => {
        const selectors = playbook ? (playbook[SELECTOR_KEY[kind]] ?? []) : null;
        if (selectors && !selectors.length) return;
        const source = SOURCES[kind];
        const params: unknown[] = [];
        const where = ['r.deleted_at IS NULL'];
        const search = (request.search ?? '').trim();
        if (search) {
          params.push(search);
          const uuid = /^[0-9a-f-]{36}$/i.test(search);
          where.push(
            uuid
              ? `r.id = $${params.length}::uuid`
              : `r.name ILIKE '%' || replace(replace(replace($${params.length}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`,
          );
        }
        if (request.types?.length) {
          params.push(request.types);
          where.push(`r.type = ANY($${params.length})`);
        }
        if (selectors) where.push(selectorsSql(selectors, source.namespace, params));
        params.push(search);
        const order = `(lower(r.name) = lower($${params.length})) DESC, (r.name ILIKE $${params.length} || '%') DESC, length(r.name), r.name`;
        params.push(limit);
        const rows = await this.db.query<ResourceSearchHit>(
          `SELECT r.id, '${kind}' AS kind, r.name, r.type, ${source.namespace} AS namespace, ${source.icon} AS icon, ${source.health} AS health
             FROM ${source.table} r WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT $${params.length}`,
          params,
        );
        out[SELECTOR_KEY[kind]] = rows;
      }),
    );
    return out;
  }
}
