import { Injectable, Optional } from '@nestjs/common';
import type { ResolvedConnection } from '@contracts';
import { CONNECTION_TESTS, type ConnectionTest } from '@gateway/core/connections';
import { OutboundHttp } from '@gateway/core/outbound';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { JiraClient } from './jira.client';

/** jira connections: GET /rest/api/2/myself with the stored credentials. */
@Injectable()
@Extension(CONNECTION_TESTS, 'jira')
export class JiraConnectionTest implements ConnectionTest {
  readonly type = 'jira';
  readonly requires = ['url', 'username', 'password'] as const;

  constructor(@Optional() private readonly http: OutboundHttp = new OutboundHttp()) {}

  async test(connection: ResolvedConnection): Promise<void> {
    await new JiraClient(this.http, connection).myself();
  }
}
