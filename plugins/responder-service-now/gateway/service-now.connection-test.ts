import { Injectable, Optional } from '@nestjs/common';
import type { ResolvedConnection } from '@contracts';
import { CONNECTION_TESTS, type ConnectionTest } from '@gateway/core/connections';
import { OutboundHttp } from '@gateway/core/outbound';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { ServiceNowClient } from './service-now.client';

/** service_now connections: GET /api/now/table/sys_user?sysparm_limit=1 with the stored credentials. */
@Injectable()
@Extension(CONNECTION_TESTS, 'service_now')
export class ServiceNowConnectionTest implements ConnectionTest {
  readonly type = 'service_now';
  readonly requires = ['url', 'username', 'password'] as const;

  constructor(@Optional() private readonly http: OutboundHttp = new OutboundHttp()) {}

  async test(connection: ResolvedConnection): Promise<void> {
    await new ServiceNowClient(this.http, connection).firstUser();
  }
}
