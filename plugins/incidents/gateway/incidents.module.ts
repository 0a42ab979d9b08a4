import { Module } from '@nestjs/common';
import { IncidentsResources } from './incidents.resources';

/** The Incidents area. So far: its tables and views on the data API; domain endpoints and pages come with its issue. */
@Module({ providers: [IncidentsResources] })
export class IncidentsModule {}
