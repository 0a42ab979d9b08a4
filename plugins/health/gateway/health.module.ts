import { Module } from '@nestjs/common';
import { HealthResources } from './health.resources';

/** The Health area. So far: its tables and views on the data API; domain endpoints and pages come with its issue. */
@Module({ providers: [HealthResources] })
export class HealthModule {}
