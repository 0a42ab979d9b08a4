import { Injectable, Optional } from '@nestjs/common';
import type { ResolvedConnection, ResponderCreateContext, ResponderHandler, ResponderOption } from '@contracts';
import { ConnectionStore, handlerConnection } from '@gateway/core/connections';
import { OutboundHttp } from '@gateway/core/outbound';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { GraphClient, plannerPriority } from './graph.client';
import { RESPONDER_HANDLERS } from '@gateway/core/responders';

const REQUIRED = ['plan_id', 'bucket_id', 'priority', 'title'] as const;

/**
 * `ms_planner` responders: a Planner task (POST /v1.0/planner/tasks, then the description on its details);
 * the external id is the task id. Options: `planner.plans` (of `properties.group_id`, else /me),
 * `planner.buckets` (of `plan_id`), `planner.priorities`.
 */
@Injectable()
@Extension(RESPONDER_HANDLERS, 'ms_planner')
export class MsPlannerResponder implements ResponderHandler {
  readonly type = 'ms_planner' as const;
  readonly connectionTypes = ['ms_planner'] as const;

  constructor(
    private readonly connections: ConnectionStore,
    // The one outbound client (global); a bare instance (a test) gets one with the default address policy.
    @Optional() private readonly http: OutboundHttp = new OutboundHttp(),
  ) {}

  async create({ incident, fields, connection }: ResponderCreateContext): Promise<{ externalId: string }> {
    const missing = REQUIRED.filter((f) => !fields[f]?.trim());
    if (missing.length) throw new Error(`The Planner responder is missing ${missing.join(', ')}`);
    const graph = new GraphClient(this.http, await this.connectionOrDefault(connection, fields.instance));
    const task = await graph.createTask({
      planId: fields.plan_id.trim(),
      bucketId: fields.bucket_id.trim(),
      title: fields.title.trim(),
      priority: plannerPriority(fields.priority),
      description: `${fields.description ?? ''}\n\nIncident ${incident.incident_id}: ${incident.url}`.trim(),
    });
    return { externalId: task.id };
  }

  async options(key: string, params: Record<string, string>, connection: ResolvedConnection | null): Promise<ResponderOption[]> {
    if (key === 'planner.priorities') {
      return ['urgent', 'important', 'medium', 'low'].map((p) => ({ value: p, label: p[0].toUpperCase() + p.slice(1) }));
    }
    const resolved = await this.connectionOrDefault(connection, params.instance);
    const graph = new GraphClient(this.http, resolved);
    switch (key) {
      case 'planner.plans':
        return (await graph.plans(params.group_id || resolved.properties.group_id)).map((p) => ({ value: p.id, label: p.title }));
      case 'planner.buckets':
        if (!params.plan_id) return [];
        return (await graph.buckets(params.plan_id)).map((b) => ({ value: b.id, label: b.name }));
      default:
        throw new Error(`Unknown Planner option list '${key}'`);
    }
  }

  private connectionOrDefault(connection: ResolvedConnection | null, instance?: string): Promise<ResolvedConnection> {
    return handlerConnection(this.connections, 'Microsoft Planner', this.connectionTypes, connection, instance);
  }
}
