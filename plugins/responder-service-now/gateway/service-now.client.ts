import type { ResolvedConnection } from '@contracts';
import { ConnectionApi } from '@gateway/core/connections';
import type { OutboundHttp } from '@gateway/core/outbound';

export interface ServiceNowIncident {
  short_description: string;
  description: string;
  category?: string;
  urgency?: string;
  impact?: string;
  correlation_id?: string;
  correlation_display?: string;
}

/** ServiceNow Table API with basic auth; the connection url is the instance, e.g. https://acme.service-now.com. */
export class ServiceNowClient extends ConnectionApi {
  constructor(http: OutboundHttp, connection: ResolvedConnection) {
    super(http, connection, { product: 'ServiceNow', auth: 'basic' });
  }

  async createIncident(incident: ServiceNowIncident): Promise<{ number: string; sys_id: string }> {
    const res = await this.call<{ result?: { number?: string; sys_id?: string } }>('POST', '/api/now/table/incident', incident);
    if (!res?.result?.sys_id) throw new Error('ServiceNow answered without a created record');
    return { number: res.result.number ?? res.result.sys_id, sys_id: res.result.sys_id };
  }

  async firstUser(): Promise<void> {
    await this.call('GET', '/api/now/table/sys_user?sysparm_limit=1');
  }
}
