import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { DodEvaluationResult, IncidentHypothesis, IncidentRow, IncidentWithHypotheses, LinkToIncidentResponse, ResponderOption } from '@contracts';
import { RequireFeature, RequirePermission } from '@gateway/core/rbac/decorators';
import { DefinitionOfDoneService } from './definition-of-done.service';
import { CreateHypothesisDto, CreateIncidentDto, CreateResponderDto, IncidentStatusDto, LinkToIncidentDto } from './dto/incident.dto';
import { IncidentsService } from './incidents.service';
import { RespondersService } from './responders.service';

const uuid = new ParseUUIDPipe();

/** Incident domain endpoints (spec 01 §4–§5); reads go through the data API. */
@ApiTags('incidents')
@RequireFeature('incidents')
@Controller('api/incidents')
export class IncidentsController {
  constructor(
    private readonly incidents: IncidentsService,
    private readonly dod: DefinitionOfDoneService,
    private readonly responders: RespondersService,
  ) {}

  @Post()
  @RequirePermission('incident', 'write')
  @ApiOperation({ summary: 'Create an incident with its root hypothesis (and optional evidence), in one transaction' })
  create(@Body() body: CreateIncidentDto, @Req() req: Request): Promise<IncidentWithHypotheses> {
    return this.incidents.create(body, req.principal!.personId);
  }

  @Post('link')
  @RequirePermission('incident', 'write')
  @ApiOperation({ summary: 'Link an item to an existing or new incident and hypothesis as evidence' })
  link(@Body() body: LinkToIncidentDto, @Req() req: Request): Promise<LinkToIncidentResponse> {
    return this.incidents.link(body, req.principal!.personId);
  }

  @Get('responder-options/:type/:key')
  @RequirePermission('incident', 'read')
  @ApiQuery({ name: 'connection', required: false })
  @ApiOperation({ summary: "A responder type's select options (Jira projects, Planner buckets...); [] when the lookup fails" })
  responderOptions(@Param('type') type: string, @Param('key') key: string, @Query() query: Record<string, string>): Promise<ResponderOption[]> {
    const { connection, ...params } = query;
    const flat = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? String(v[0]) : String(v)]));
    return this.responders.options(type, key, typeof connection === 'string' ? connection : undefined, flat);
  }

  @Get(':id')
  @RequirePermission('incident', 'read')
  @ApiOperation({ summary: 'The incident with its hypotheses and their evidences' })
  get(@Param('id', uuid) id: string): Promise<IncidentWithHypotheses> {
    return this.incidents.get(id);
  }

  @Patch(':id/status')
  @RequirePermission('incident', 'write')
  @ApiOperation({ summary: 'Change the status, within the choices of spec 01 §4 (400 otherwise)' })
  status(@Param('id', uuid) id: string, @Body() body: IncidentStatusDto, @Req() req: Request): Promise<IncidentRow> {
    return this.incidents.updateStatus(id, body.status, req.principal!.personId, body.definition_of_done);
  }

  @Post(':id/hypotheses')
  @RequirePermission('incident', 'write')
  @ApiOperation({ summary: 'Add a hypothesis: root → factor → solution; default status possible' })
  createHypothesis(@Param('id', uuid) id: string, @Body() body: CreateHypothesisDto, @Req() req: Request): Promise<IncidentHypothesis> {
    return this.incidents.createHypothesis(id, body, req.principal!.personId);
  }

  @Post(':id/definition-of-done/evaluate')
  @HttpCode(200)
  @RequirePermission('evidences', 'write')
  @ApiOperation({ summary: "Evaluate the incident's definition-of-done scripts now and roll the result into its status" })
  evaluate(@Param('id', uuid) id: string): Promise<DodEvaluationResult> {
    return this.dod.evaluateIncident(id);
  }

  @Post(':id/responders')
  @RequirePermission('responder', 'write')
  @ApiOperation({ summary: 'Add a team or person responder; a job delivers it to its type handler' })
  createResponder(@Param('id', uuid) id: string, @Body() body: CreateResponderDto, @Req() req: Request) {
    return this.responders.create(id, body, req.principal!.personId);
  }
}
