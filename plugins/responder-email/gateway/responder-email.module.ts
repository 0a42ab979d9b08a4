import { Module } from '@nestjs/common';
import { ConnectionsCoreModule } from '@gateway/core/connections';
import { EmailResponder } from './email.responder';
import { SmtpConnectionTest } from './smtp.connection-test';

@Module({ imports: [ConnectionsCoreModule], providers: [EmailResponder, SmtpConnectionTest] })
export class ResponderEmailModule {}
