import { Injectable, Optional } from '@nestjs/common';
import type { ResolvedConnection, ResponderCreateContext, ResponderHandler } from '@contracts';
import { ConnectionStore, handlerConnection } from '@gateway/core/connections';
import { OutboundHttp } from '@gateway/core/outbound';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { ServiceNowClient } from './service-now.client';
import { RESPONDER_HANDLERS } from '@gateway/core/responders';

/** Our severities onto ServiceNow's 1 (high) .. 3 (low) urgency and impact. */
const URGENCY: Record<string, string> = { blocker: '1', critical: '1', high: '2', medium: '3', low: '3', warning: '3', info: '3' };

/**
 * `service_now` responders: an incident record (POST /api/now/table/incident); the external id is its number
 * (INC0010001), or its sys_id when the instance returns no number.
 */
@Injectable()
@Extension(RESPONDER_HANDLERS, 'service_now')
export class ServiceNowResponder implements ResponderHandler {
  readonly type = 'service_now' as const;
  readonly connectionTypes = ['service_now'] as const;

  constructor(
    private readonly connections: ConnectionStore,
    // The one outbound client (global); a bare instance (a test) gets one with the default address policy.
    @Optional() private readonly http: OutboundHttp = new OutboundHttp(),
  ) {}

  async create({ incident, fields, connection }: ResponderCreateContext): Promise<{ externalId: string }> {
    const snow = new ServiceNowClient(this.http, await this.connectionOrDefault(connection, fields.instance));
    const urgency = URGENCY[incident.severity.toLowerCase()] ?? '3';
    const record = await snow.createIncident({
      short_description: fields.description?.trim() || incident.title,
      description: `${fields.body ?? ''}\n\nIncident ${incident.incident_id}: ${incident.title}\n${incident.url}`.trim(),
      ...(fields.category?.trim() ? { category: fields.category.trim() } : {}),
      urgency,
      impact: urgency,
      correlation_id: incident.id,
      correlation_display: incident.incident_id,
    });
    return { externalId: record.number };
  }

  private connectionOrDefault(connection: ResolvedConnection | null, instance?: string): Promise<ResolvedConnection> {
    return handlerConnection(this.connections, 'ServiceNow', this.connectionTypes, connection, instance);
  }
}
