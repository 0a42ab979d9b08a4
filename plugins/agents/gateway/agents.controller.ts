import { Body, Controller, Delete, Get, HttpCode, Param, ParseBoolPipe, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { AgentGenerateResponse, AgentSummary } from '@contracts';
import { RequireFeature, RequirePermission } from '@gateway/core/rbac/decorators';
import { AgentsService, type AgentChartInfo } from './agents.service';
import { AgentFormDto } from './dto/agent.dto';

/** Agents (spec 02 Agents, §7): create with a one-time token, read, change, delete (soft, optional cleanup). */
@ApiTags('agents')
@RequireFeature('agents')
@Controller('api/agent')
export class AgentsController {
  constructor(private readonly agents: AgentsService) {}

  @Post('generate')
  @RequirePermission('agents', 'write')
  @ApiOperation({ summary: 'Create an agent and its access token (shown once: only its hash is stored); 409 when the name is taken' })
  generate(@Body() body: AgentFormDto, @Req() req: Request): Promise<AgentGenerateResponse> {
    return this.agents.generate(body, req.principal!.personId);
  }

  @Get('chart')
  @RequirePermission('agents', 'read')
  @ApiOperation({ summary: "The installation instructions' chart (helm/ops-console), its version and the Helm repository setting" })
  chart(): Promise<AgentChartInfo> {
    return this.agents.chart();
  }

  @Get(':id')
  @RequirePermission('agents', 'read')
  @ApiOperation({ summary: 'A live agent with its counts (agents_summary)' })
  get(@Param('id') id: string): Promise<AgentSummary> {
    return this.agents.get(id);
  }

  @Patch(':id')
  @RequirePermission('agents', 'write')
  @ApiOperation({ summary: 'Change properties, Kubernetes and telemetry settings or the description; the name is read-only (400)' })
  update(@Param('id') id: string, @Body() body: AgentFormDto): Promise<AgentSummary> {
    return this.agents.update(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('agents', 'write')
  @ApiQuery({ name: 'cleanup', required: false, type: Boolean, description: 'Also remove the rows the agent pushed' })
  @ApiOperation({ summary: "Soft-delete an agent: its token stops working at once; cleanup=true removes the agent's rows in the same transaction" })
  remove(@Param('id') id: string, @Query('cleanup', new ParseBoolPipe({ optional: true })) cleanup?: boolean): Promise<void> {
    return this.agents.remove(id, cleanup === true);
  }
}
