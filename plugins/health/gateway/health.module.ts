import { Module } from '@nestjs/common';
import { CanariesService } from './canaries.service';
import { CheckRunnerService } from './check-runner.service';
import { CheckScheduler } from './check-scheduler.service';
import { HealthController } from './health.controller';
import { HealthResources } from './health.resources';
import { RetentionService } from './retention.service';
import { SummaryService } from './summary.service';

/** The Health area: its tables and views on the data API, canary writes and the check runner. */
@Module({ controllers: [HealthController], providers: [HealthResources, CanariesService, CheckRunnerService, CheckScheduler, SummaryService, RetentionService] })
export class HealthModule {}
