import { Module } from '@nestjs/common';
import { DefinitionOfDoneService } from './definition-of-done.service';
import { EvidencesController } from './evidences.controller';
import { HypothesesController } from './hypotheses.controller';
import { IncidentsController } from './incidents.controller';
import { IncidentsResources } from './incidents.resources';
import { IncidentsService } from './incidents.service';
import { RespondersService } from './responders.service';

/**
 * The Incidents area: its tables and views on the data API, the domain endpoints that own multi-row and
 * rule-bearing writes, definition-of-done evaluation and responder delivery (jobs). See README.md.
 */
@Module({
  controllers: [IncidentsController, HypothesesController, EvidencesController],
  providers: [IncidentsResources, IncidentsService, DefinitionOfDoneService, RespondersService],
})
export class IncidentsModule {}
