import { Module } from '@nestjs/common';
import { HealthOwnedCanaries } from './owned-canaries';
import { CanariesService } from './canaries.service';
import { CheckMetrics } from './check-metrics';
import { CheckRunnerService } from './check-runner.service';
import { CheckScheduler } from './check-scheduler.service';
import { HealthController } from './health.controller';
import { HealthResources } from './health.resources';
import { PlaceholderCheckRunner } from './placeholder-check-types';
import { RetentionService } from './retention.service';
import { SummaryService } from './summary.service';

/** The Health area: its tables and views on the data API, canary writes, the check runner and its metrics, and
 * placeholder runners for the spec's check types that no plugin runs yet. */
@Module({
  controllers: [HealthController],
  providers: [
    HealthResources,
    CanariesService,
    HealthOwnedCanaries,
    CheckMetrics,
    CheckRunnerService,
    CheckScheduler,
    SummaryService,
    RetentionService,
    PlaceholderCheckRunner,
  ],
})
export class HealthModule {}
