import { Module } from '@nestjs/common';
import { ConnectionsCoreModule } from '@gateway/core/connections';
import { PersonResponder } from './person.responder';

@Module({ imports: [ConnectionsCoreModule], providers: [PersonResponder] })
export class ResponderPersonModule {}
