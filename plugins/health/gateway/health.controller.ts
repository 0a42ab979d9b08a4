import { RUN_NOW_ROLES, type CanaryDocument } from '@contracts';
import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { RequireAnyRole, RequireFeature, RequirePermission } from '@gateway/core/rbac/decorators';
import { CanariesService } from './canaries.service';
import { CheckRunnerService, type CheckStatusRow } from './check-runner.service';
import { CanaryBodyDto } from './dto/canary.dto';
import type { CanaryProblem } from './canary-problems';
import { SummaryService, type GraphPoint, type SummaryQuery } from './summary.service';

const uuid = new ParseUUIDPipe();

/** Canary writes (YAML or {name, namespace, spec}) and Run Now; reads go through the data API. */
@ApiTags('health')
@RequireFeature('health')
@Controller('api')
export class HealthController {
  constructor(
    private readonly canaries: CanariesService,
    private readonly runner: CheckRunnerService,
    private readonly summaries: SummaryService,
  ) {}

  @Get('canary/api/graph')
  @RequirePermission('canaries', 'read')
  @ApiOperation({ summary: "A check's results bucketed over timeRange (1 min ≤ 2 h, 15 min ≤ 24 h, 1 h ≤ 7 d, else 4 h)" })
  graph(@Query('check_id') checkId: string, @Query('timeRange') timeRange?: string): Promise<{ bucket_seconds: number; points: GraphPoint[] }> {
    return this.summaries.graph(String(checkId ?? ''), timeRange || '1h');
  }

  @Get('canary/api/summary')
  @RequirePermission('canaries', 'read')
  @ApiOperation({ summary: 'Per check uptime {passed, failed, last_pass, last_fail} and latency percentiles over timeRange (default 1h); labels JSON filter' })
  async summaryGet(@Query() query: Record<string, string>, @Res() res: Response): Promise<void> {
    sendJson(res, await this.summaries.summaryJson({ timeRange: query.timeRange, labels: query.labels, check_id: query.check_id }));
  }

  @Post('canary/api/summary')
  @HttpCode(200)
  @RequirePermission('canaries', 'read')
  @ApiOperation({ summary: 'As GET, with {timeRange, labels, check_id} in the body' })
  async summaryPost(@Body() body: SummaryQuery, @Res() res: Response): Promise<void> {
    sendJson(res, await this.summaries.summaryJson(body ?? {}));
  }

  @Post('canaries')
  @RequirePermission('canaries', 'write')
  @ApiOperation({ summary: 'Create a canary from a YAML Canary document or {name, namespace, labels, spec}; its checks in the same transaction' })
  create(@Body() body: CanaryBodyDto, @Req() req: Request): Promise<CanaryDocument> {
    return this.canaries.create(body, req.principal!).finally(() => this.summaries.invalidate());
  }

  @Post('canaries/validate')
  @HttpCode(200)
  @RequirePermission('canaries', 'read')
  @ApiOperation({ summary: "The editor's live validation: {errors:[{message, path, line, column}]}, empty when valid; saves nothing" })
  validate(@Body() body: CanaryBodyDto): { errors: CanaryProblem[] } {
    return this.canaries.validate(body);
  }

  @Get('canaries/:id')
  @RequirePermission('canaries', 'read')
  @ApiOperation({ summary: 'A canary with its current checks' })
  get(@Param('id', uuid) id: string): Promise<CanaryDocument> {
    return this.canaries.get(id);
  }

  @Put('canaries/:id')
  @RequirePermission('canaries', 'write')
  @ApiOperation({ summary: 'Replace a canary; checks upserted on (type, name), removed ones soft-deleted' })
  update(@Param('id', uuid) id: string, @Body() body: CanaryBodyDto, @Req() req: Request): Promise<CanaryDocument> {
    return this.canaries.update(id, body, req.principal!).finally(() => this.summaries.invalidate());
  }

  @Delete('canaries/:id')
  @HttpCode(204)
  @RequirePermission('canaries', 'write')
  @ApiOperation({ summary: 'Soft-delete a canary and its checks' })
  remove(@Param('id', uuid) id: string): Promise<void> {
    return this.canaries.remove(id).finally(() => this.summaries.invalidate());
  }

  @Post('canary/run/check/:id')
  @HttpCode(200)
  @RequireAnyRole(RUN_NOW_ROLES, 'Run Now needs the admin, editor, responder or commander role')
  @ApiOperation({ summary: 'Run Now: run the check immediately, store and return the result (admin, editor, responder, commander)' })
  async runNow(@Param('id', uuid) id: string): Promise<CheckStatusRow> {
    const stored = await this.runner.runById(id);
    this.summaries.invalidate();
    return stored;
  }
}

/** `{checks_summary: CheckSummary[]}` as Postgres built it (contracts/src/checks.ts), sent without re-serializing. */
function sendJson(res: Response, body: string): void {
  res.status(200).type('application/json').send(body);
}
