import type { NotificationResourceType } from '@contracts';
import type { Db } from '@gateway/core/database/db.service';

/**
 * What a rule's filter, title and template see (docs/notifications.md "Variables"): always `event` and `permalink`,
 * and per kind of event its resource (`check` and `canary`, `component`, `config`, `incident`, `playbook` and `run`).
 * Every documented key is present (null when the resource has no value), so a filter naming one never fails for lack
 * of it.
 */
export type EventVariables = Record<string, unknown>;

/** The resource kind an event is about (`check.failed` → check); null for names the engine does not know. */
export function eventResourceType(event: string): NotificationResourceType | null {
  if (event.startsWith('check.')) return 'check';
  if (event.startsWith('component.')) return 'component';
  if (event.startsWith('config.')) return 'config';
  if (event.startsWith('incident.')) return 'incident';
  if (event.startsWith('playbook.run.') || event === 'playbook.approval.inserted') return 'playbook_run';
  if (event.startsWith('playbook.')) return 'playbook';
  return null;
}

/** The console page of a resource (absolute when PUBLIC_URL is set). */
export function permalinkOf(type: NotificationResourceType | null, id: string | null, publicUrl: string | null): string | null {
  if (!type || !id) return null;
  const base = (publicUrl ?? '').replace(/\/+$/, '');
  const path: Record<NotificationResourceType, string> = {
    check: `/health?checkId=${id}`,
    canary: `/health?canary=${id}`,
    component: `/topology/${id}`,
    config: `/catalog/${id}`,
    incident: `/incidents/${id}`,
    playbook_run: `/playbooks/runs/${id}`,
    playbook: `/playbooks?id=${id}`,
  };
  return `${base}${path[type]}`;
}

const SAMPLE_ID = {
  event: '0e7b4c1a-6a55-4c59-9c55-2f1d8f7a0001',
  check: '0e7b4c1a-6a55-4c59-9c55-2f1d8f7a0002',
  canary: '0e7b4c1a-6a55-4c59-9c55-2f1d8f7a0003',
  component: '0e7b4c1a-6a55-4c59-9c55-2f1d8f7a0004',
  config: '0e7b4c1a-6a55-4c59-9c55-2f1d8f7a0005',
  incident: '0e7b4c1a-6a55-4c59-9c55-2f1d8f7a0006',
  playbook: '0e7b4c1a-6a55-4c59-9c55-2f1d8f7a0007',
  run: '0e7b4c1a-6a55-4c59-9c55-2f1d8f7a0008',
};

/** The health an event names (`component.warning` → warning, `check.failed` → unhealthy); null for other events. */
export function eventHealth(event: string): string | null {
  if (event === 'check.failed') return 'unhealthy';
  if (event === 'check.passed') return 'healthy';
  const match = /^(component|config)\.(healthy|unhealthy|warning|unknown)$/.exec(event);
  return match ? match[2] : null;
}

/** A realistic set of variables for an event (the rule form's preview and the filter check). */
export function sampleVariables(event: string): EventVariables {
  const type = eventResourceType(event);
  const created_at = '2024-11-22T10:15:00.000Z';
  const health = eventHealth(event) ?? 'healthy';
  const out: EventVariables = { event: { id: SAMPLE_ID.event, name: event, created_at } };
  switch (type) {
    case 'check': {
      const check = {
        id: SAMPLE_ID.check,
        name: 'payments-api',
        type: 'http',
        status: health,
        description: 'GET https://payments.internal/health',
        labels: { env: 'prod', team: 'payments' },
        canary_id: SAMPLE_ID.canary,
        message: health === 'healthy' ? 'HTTP 200' : null,
        error: health === 'healthy' ? null : 'expected status 200, got 503',
        last_transition_time: created_at,
      };
      out.check = check;
      out.canary = { id: SAMPLE_ID.canary, name: 'payments', namespace: 'default', labels: { env: 'prod' } };
      // The check's latest result, as templates written for other consoles read it (`{{.status.message}}`).
      out.status = { status: health, message: check.message, error: check.error, time: created_at };
      break;
    }
    case 'component':
      out.component = {
        id: SAMPLE_ID.component,
        name: 'payments-db',
        type: 'Database',
        health,
        status: health,
        labels: { env: 'prod' },
        parent_id: null,
        path: null,
        status_reason: health === 'healthy' ? null : 'replication lag 120s',
      };
      break;
    case 'config':
      out.config = {
        id: SAMPLE_ID.config,
        name: 'payments-deployment',
        type: 'Kubernetes::Deployment',
        config_class: 'Deployment',
        health: eventHealth(event) ?? 'healthy',
        status: 'Running',
        labels: { app: 'payments' },
        tags: { cluster: 'prod-eu', namespace: 'payments' },
        parent_id: null,
        deleted_at: event === 'config.deleted' ? created_at : null,
      };
      break;
    case 'incident':
      out.incident = {
        id: SAMPLE_ID.incident,
        incident_id: 'INC0000042',
        title: 'Payments are failing',
        severity: 'high',
        status: 'open',
        type: 'availability',
      };
      break;
    case 'playbook_run':
      out.playbook = { id: SAMPLE_ID.playbook, name: 'restart-payments', title: 'Restart payments' };
      out.run = {
        id: SAMPLE_ID.run,
        status: event === 'playbook.run.failed' ? 'failed' : 'pending',
        error: event === 'playbook.run.failed' ? 'exit status 1' : null,
      };
      break;
    case 'playbook':
      out.playbook = { id: SAMPLE_ID.playbook, name: 'restart-payments', title: 'Restart payments' };
      break;
  }
  const resourceId = type === 'playbook_run' ? SAMPLE_ID.run : type ? (SAMPLE_ID as Record<string, string>)[type] : null;
  out.permalink = permalinkOf(type, resourceId ?? null, 'https://console.example.com');
  return out;
}

export interface LoadedVariables {
  resourceType: NotificationResourceType;
  resourceId: string;
  variables: EventVariables;
}

const json = (value: unknown): EventVariables => JSON.parse(JSON.stringify(value)) as EventVariables;

/**
 * The variables of a queued event, read from the database (one query); null when the resource is gone (deleted
 * since, or the event names none).
 */
export async function loadVariables(
  db: Pick<Db, 'query'>,
  event: { id: string; name: string; properties: Record<string, unknown>; created_at: string },
  publicUrl: string | null,
): Promise<LoadedVariables | null> {
  const resourceType = eventResourceType(event.name);
  const id = typeof event.properties?.id === 'string' ? event.properties.id : null;
  if (!resourceType || !id || !UUID.test(id)) return null;
  const row = (await db.query<{ v: EventVariables | null; resource_id: string | null }>(RESOURCE_SQL[resourceType], [id]))[0];
  if (!row?.v) return null;
  const resourceId = row.resource_id ?? id;
  const created_at = typeof event.created_at === 'string' ? event.created_at : new Date(event.created_at as unknown as Date).toISOString();
  const variables: EventVariables = {
    event: { id: event.id, name: event.name, created_at },
    ...json(row.v),
    permalink: permalinkOf(resourceType, resourceId, publicUrl),
  };
  return { resourceType, resourceId, variables };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One statement per kind: `v` holds the kind's variables, `resource_id` the row the history is about. */
export const RESOURCE_SQL: Record<NotificationResourceType, string> = {
  check: `SELECT jsonb_build_object(
            'check', jsonb_build_object('id', c.id, 'name', c.name, 'type', c.type, 'status', c.status,
              'description', c.description, 'labels', c.labels, 'canary_id', c.canary_id,
              'message', c.last_message, 'error', c.last_error, 'last_transition_time', c.last_transition_time),
            'canary', jsonb_build_object('id', k.id, 'name', k.name, 'namespace', k.namespace, 'labels', k.labels),
            'status', jsonb_build_object('status', c.status, 'message', c.last_message, 'error', c.last_error,
              'time', c.last_runtime)) AS v,
          c.id AS resource_id
     FROM checks c JOIN canaries k ON k.id = c.canary_id WHERE c.id = $1 AND c.deleted_at IS NULL`,
  canary: `SELECT jsonb_build_object('canary', jsonb_build_object('id', k.id, 'name', k.name, 'namespace', k.namespace,
             'labels', k.labels)) AS v, k.id AS resource_id
     FROM canaries k WHERE k.id = $1 AND k.deleted_at IS NULL`,
  component: `SELECT jsonb_build_object('component', jsonb_build_object('id', c.id, 'name', c.name, 'type', c.type,
                'health', c.health, 'status', c.status, 'labels', c.labels, 'parent_id', c.parent_id, 'path', c.path,
                'status_reason', c.status_reason)) AS v, c.id AS resource_id
     FROM components c WHERE c.id = $1 AND c.deleted_at IS NULL`,
  // config.deleted is about a config whose deleted_at is set: it is read all the same.
  config: `SELECT jsonb_build_object('config', jsonb_build_object('id', c.id, 'name', c.name, 'type', c.type,
             'config_class', c.config_class, 'health', c.health, 'status', c.status, 'labels', c.labels, 'tags', c.tags,
             'parent_id', c.parent_id, 'deleted_at', c.deleted_at)) AS v, c.id AS resource_id
     FROM config_items c WHERE c.id = $1`,
  incident: `SELECT jsonb_build_object('incident', jsonb_build_object('id', i.id, 'incident_id', i.incident_id,
               'title', i.title, 'severity', i.severity, 'status', i.status, 'type', i.type)) AS v, i.id AS resource_id
     FROM incidents i WHERE i.id = $1`,
  // playbook.run.* name the run; playbook.approval.inserted names the approval (its run is the resource).
  playbook_run: `SELECT jsonb_build_object(
                   'playbook', jsonb_build_object('id', p.id, 'name', p.name, 'title', p.title),
                   'run', jsonb_build_object('id', r.id, 'status', r.status, 'error', r.error)) AS v,
                 r.id AS resource_id
     FROM playbook_runs r JOIN playbooks p ON p.id = r.playbook_id
    WHERE r.id = $1 OR r.id = (SELECT a.run_id FROM playbook_approvals a WHERE a.id = $1)
    LIMIT 1`,
  playbook: `SELECT jsonb_build_object('playbook', jsonb_build_object('id', p.id, 'name', p.name, 'title', p.title)) AS v,
               p.id AS resource_id
     FROM playbooks p WHERE p.id = $1`,
};
