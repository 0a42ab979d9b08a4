import { Global, Module } from '@nestjs/common';
import { JobsService } from './jobs.service';

/** Durable, scheduled and retried jobs on Postgres (pg-boss). Global: any plugin injects `JobsService`. */
@Global()
@Module({ providers: [JobsService], exports: [JobsService] })
export class JobsModule {}
