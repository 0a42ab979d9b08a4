import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { PushResult } from '@contracts';
import { RequireFeature, SignedIn } from '@gateway/core/rbac/decorators';
import { PushIngestService } from './push-ingest.service';

/**
 * `POST /api/push`: an agent's rows (PushBatch), authenticated by the agent's access token (Basic `token:<token>` or
 * Bearer). JSON, usually `Content-Encoding: gzip`; the body limit applies after decompression (413 past it).
 */
@ApiTags('agents')
@RequireFeature('agents')
@Controller('api')
export class PushController {
  constructor(private readonly ingest: PushIngestService) {}

  // The body is not a DTO (its columns are checked against each table's allow-list by the service), so the global
  // validation pipe leaves it as sent.
  @SignedIn()
  @Post('push')
  @HttpCode(200)
  @ApiOperation({ summary: 'An agent pushes its rows (checks, results, config items, topologies...): idempotent upserts, answers rows applied per table' })
  async push(@Req() req: Request, @Body() body: unknown): Promise<PushResult> {
    const agent = await this.ingest.agentOf(req.principal!.personId);
    const batch = this.ingest.validate(body, agent);
    return this.ingest.apply(agent, batch);
  }
}
