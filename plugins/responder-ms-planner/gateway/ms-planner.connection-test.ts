import { Injectable, Optional } from '@nestjs/common';
import type { ResolvedConnection } from '@contracts';
import { CONNECTION_TESTS, type ConnectionTest } from '@gateway/core/connections';
import { OutboundHttp } from '@gateway/core/outbound';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { GraphClient } from './graph.client';

/**
 * ms_planner connections: with a bearer token, GET /v1.0/me. With client credentials (app-only tokens cannot
 * call /me), acquiring the token proves the credentials; with `properties.group_id` its plans are read too.
 */
@Injectable()
@Extension(CONNECTION_TESTS, 'ms_planner')
export class MsPlannerConnectionTest implements ConnectionTest {
  readonly type = 'ms_planner';
  readonly requires = ['password'] as const;

  constructor(@Optional() private readonly http: OutboundHttp = new OutboundHttp()) {}

  async test(connection: ResolvedConnection): Promise<void> {
    const graph = new GraphClient(this.http, connection);
    if (!graph.usesClientCredentials) return graph.me();
    await graph.token();
    if (connection.properties.group_id) await graph.plans(connection.properties.group_id);
  }
}
