import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { AgentActionRequest, AgentActionResult } from '@contracts';
import { RequireFeature, SignedIn } from '@gateway/core/rbac/decorators';
import { AgentActionsService } from './agent-actions.service';

/**
 * Playbook actions that run on an agent (`runsOn`), as the agent sees them: it polls for its actions and posts each
 * one's result. Authenticated by the agent's access token (Basic `token:<token>` or Bearer); anyone else gets 403.
 */
@ApiTags('playbooks')
@RequireFeature('playbooks')
@Controller('api/agent/actions')
export class AgentActionsController {
  constructor(private readonly actions: AgentActionsService) {}

  // POST (a poll claims what it answers). GET is the same poll, but on this console `GET /api/agent/:id` (the agents
  // API, registered first) answers `GET /api/agent/actions` until that route lets it through: agents use POST.
  @SignedIn()
  @Post()
  @Get()
  @HttpCode(200)
  @ApiOperation({ summary: "The calling agent's pending playbook actions, claimed by it (a second poll does not return them again)" })
  async pull(@Req() req: Request): Promise<AgentActionRequest[]> {
    return this.actions.pull(await this.actions.agentOf(req.principal!.personId));
  }

  // The body is checked by the service (not a DTO): {status, result, error}.
  @SignedIn()
  @Post(':id/result')
  @HttpCode(200)
  @ApiOperation({ summary: 'The result of an action the calling agent took: the run goes on as if it had run here; 403 for another agent' })
  async result(
    @Req() req: Request,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Body() body: unknown,
  ): Promise<{ id: string; status: AgentActionResult['status'] }> {
    return this.actions.result(await this.actions.agentOf(req.principal!.personId), id, body);
  }
}
