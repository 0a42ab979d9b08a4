import type { TopologyDocument, TopologyQuery, TopologyResponse, TopologyRunResult } from '@contracts';
import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Put, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { DocumentBodyDto, type DocumentProblem } from '@gateway/core/documents';
import { RequireFeature, RequirePermission } from '@gateway/core/rbac/decorators';
import { TopologiesService } from './topologies.service';
import { TopologyQueryService } from './topology-query.service';

const uuid = new ParseUUIDPipe();

/** A topology as a YAML Topology document (apiVersion canaries.flanksource.com/v1), or as {name, namespace, labels, spec}. */
export class TopologyBodyDto extends DocumentBodyDto {}

/** The component tree's read (spec 02 §7). */
@ApiTags('topology')
@RequireFeature('topology')
@Controller('api/topology')
export class TopologyController {
  constructor(private readonly query: TopologyQueryService) {}

  @Get()
  @RequirePermission('topologies', 'read')
  @ApiOperation({
    summary:
      'Cards of one level (roots, or the children of id) with their children; filters status, type, team, labels; sortBy, sortOrder; flatten; hidden; agent_id',
  })
  topology(@Query() query: TopologyQuery & Record<string, unknown>): Promise<TopologyResponse> {
    return this.query.topology(query);
  }
}

/** Topology documents and Run Now (write on topologies; exec lookups need write on exec). */
@ApiTags('topology')
@RequireFeature('settings.topology')
@Controller('api/topologies')
export class TopologiesController {
  constructor(private readonly topologies: TopologiesService) {}

  @Post()
  @RequirePermission('topologies', 'write')
  @ApiOperation({ summary: 'Create a topology from a YAML Topology document or {name, namespace, labels, spec}; 400 names every problem' })
  create(@Body() body: TopologyBodyDto, @Req() req: Request): Promise<TopologyDocument> {
    return this.topologies.create(body, req.principal!);
  }

  @Post('validate')
  @HttpCode(200)
  @RequirePermission('topologies', 'read')
  @ApiOperation({ summary: "The editor's live validation: {errors:[{message, path, line, column}]}, empty when valid; saves nothing" })
  validate(@Body() body: TopologyBodyDto): { errors: DocumentProblem[] } {
    return this.topologies.validate(body);
  }

  @Get(':id')
  @RequirePermission('topologies', 'read')
  @ApiOperation({ summary: 'A topology with its document as YAML' })
  get(@Param('id', uuid) id: string): Promise<TopologyDocument> {
    return this.topologies.get(id);
  }

  @Put(':id')
  @RequirePermission('topologies', 'write')
  @ApiOperation({ summary: 'Replace a topology; it runs at once' })
  update(@Param('id', uuid) id: string, @Body() body: TopologyBodyDto, @Req() req: Request): Promise<TopologyDocument> {
    return this.topologies.update(id, body, req.principal!);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('topologies', 'write')
  @ApiOperation({ summary: 'Soft-delete a topology with its components' })
  remove(@Param('id', uuid) id: string, @Req() req: Request): Promise<void> {
    return this.topologies.remove(id, req.principal!);
  }

  @Post(':id/run')
  @HttpCode(200)
  @RequirePermission('topologies', 'write')
  @ApiOperation({ summary: 'Run a topology now; answers when it ended with its summary and job_history id (409 while one runs)' })
  run(@Param('id', uuid) id: string): Promise<TopologyRunResult> {
    return this.topologies.runNow(id);
  }
}
