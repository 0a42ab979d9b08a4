import { once } from 'node:events';
import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { RequireFeature, RequirePermission } from '@gateway/core/rbac/decorators';
import { LogSearchDto, ValidateBackendDto } from './logs.dto';
import { LogsService, type LogComponent } from './logs.service';

export const NDJSON = 'application/x-ndjson';

/** Whether the caller asked for the streamed answer (`Accept: application/x-ndjson`). */
const wantsNdjson = (req: Request) => (req.headers.accept ?? '').split(',').some((part) => part.split(';')[0].trim().toLowerCase() === NDJSON);

/** Writes one NDJSON line, waiting while the client's socket is full (unless the client went away). */
async function writeLine(res: Response, value: unknown, signal: AbortSignal): Promise<void> {
  if (signal.aborted) throw new Error('The client went away');
  if (res.write(`${JSON.stringify(value)}\n`)) return;
  await once(res, 'drain', { signal });
}

/** The logs page's calls (spec 01 /logs): components that name logs, and a component's log search. */
@ApiTags('logs')
@RequireFeature('logs')
@Controller('api/logs')
export class LogsController {
  constructor(private readonly logs: LogsService) {}

  @Get('components')
  @RequirePermission('topologies', 'read')
  @ApiOperation({ summary: 'Components that name logs, by name (at most 200); q narrows by part of the name' })
  components(@Query('q') q?: string): Promise<LogComponent[]> {
    return this.logs.components(typeof q === 'string' ? q.slice(0, 200) : undefined);
  }

  @Get('components/:id')
  @RequirePermission('topologies', 'read')
  @ApiOperation({ summary: "A component's log selectors" })
  component(@Param('id', new ParseUUIDPipe()) id: string): Promise<LogComponent> {
    return this.logs.component(id);
  }

  @Post()
  @HttpCode(200)
  @RequirePermission('topologies', 'read')
  @ApiOperation({
    summary:
      "A component's log search: JSON {results, truncated, limit, backend}, or with Accept: application/x-ndjson one {line} per line then {end} (or {error})",
  })
  async search(@Body() body: LogSearchDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    const client = new AbortController();
    // The client gone (closed tab, new search) stops the backend's read.
    res.on('close', () => client.abort(new Error('The client went away')));
    if (!wantsNdjson(req)) {
      res.status(200).json(await this.logs.search(body, client.signal));
      return;
    }
    // Errors until here are the usual JSON answers; once the stream began, a failure is its last line.
    const prepared = await this.logs.prepare(body);
    res.status(200).set({ 'Content-Type': `${NDJSON}; charset=utf-8`, 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' });
    res.flushHeaders();
    try {
      const { truncated } = await prepared.run((line) => writeLine(res, { line }, client.signal), client.signal);
      res.end(`${JSON.stringify({ end: { truncated, limit: prepared.limit, backend: prepared.backend } })}\n`);
    } catch (error) {
      if (client.signal.aborted && !res.writable) return;
      // A client that stopped reading (its socket full) gets no last line: the connection is closed instead.
      if (res.writableNeedDrain) return void res.destroy();
      res.end(`${JSON.stringify({ error: { message: (error as Error).message ?? String(error) } })}\n`);
    }
  }

  @Post('backends/validate')
  @HttpCode(200)
  @RequireFeature('settings.logging_backends')
  @RequirePermission('logging_backends', 'read')
  @ApiOperation({ summary: "A logging backend spec's problems ({errors: string[]}); saves nothing" })
  validate(@Body() body: ValidateBackendDto): { errors: string[] } {
    return this.logs.validateSpec(body.spec);
  }
}
