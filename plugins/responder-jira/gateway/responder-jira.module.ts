import { Module } from '@nestjs/common';
import { ConnectionsCoreModule } from '@gateway/core/connections';
import { JiraConnectionTest } from './jira.connection-test';
import { JiraResponder } from './jira.responder';

@Module({ imports: [ConnectionsCoreModule], providers: [JiraResponder, JiraConnectionTest] })
export class ResponderJiraModule {}
