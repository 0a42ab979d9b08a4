import { Module } from '@nestjs/common';
import { ConnectionsCoreModule } from '@gateway/core/connections';
import { ServiceNowConnectionTest } from './service-now.connection-test';
import { ServiceNowResponder } from './service-now.responder';

@Module({ imports: [ConnectionsCoreModule], providers: [ServiceNowResponder, ServiceNowConnectionTest] })
export class ResponderServiceNowModule {}
