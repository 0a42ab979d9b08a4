import { Module } from '@nestjs/common';
import { ConnectionsCoreModule } from '@gateway/core/connections';
import { MsPlannerConnectionTest } from './ms-planner.connection-test';
import { MsPlannerResponder } from './ms-planner.responder';

@Module({ imports: [ConnectionsCoreModule], providers: [MsPlannerResponder, MsPlannerConnectionTest] })
export class ResponderMsPlannerModule {}
