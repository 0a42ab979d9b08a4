import {
  can,
  FINAL_RUN_STATUSES,
  SESSION_COOKIE,
  type PlaybookDocument,
  type PlaybookListItem,
  type PlaybookParamsResponse,
  type PlaybookRunDetail,
  type PlaybookRunResponse,
  type ResourceSearchResponse,
} from '@contracts';
import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { IdentityService } from '@gateway/core/auth/identity.service';
import type { DocumentProblem } from '@gateway/core/documents';
import { tooManyRequests } from '@gateway/core/http/domain-error';
import { Public, RequireFeature, RequirePermission } from '@gateway/core/rbac/decorators';
import { PlaybookBodyDto, PlaybookRunDto, ResourceRefDto, ResourceSearchDto } from './dto/playbook.dto';
import { PlaybooksService, resourceOf } from './playbooks.service';
import { PlaybookResourcesService } from './resources.service';
import { RunEventsHub } from './run-events.service';
import { PlaybookRunsService } from './runs.service';
import { PlaybookTriggersService } from './triggers.service';
import { EVENT_STREAM_HEARTBEAT_MS, eventStream } from '@gateway/core/http/event-stream';

const uuid = new ParseUUIDPipe();
/** Live run streams one person may hold open on one replica (each re-reads its run every second). */
const MAX_STREAMS_PER_PERSON = 20;

/** Playbook documents (spec 02 §7 Playbooks): writers of `playbooks` add, edit and delete (§6), enforced here. */
@ApiTags('playbooks')
@RequireFeature('playbooks')
@Controller('api/playbooks')
export class PlaybooksController {
  constructor(private readonly playbooks: PlaybooksService) {}

  @Post()
  @RequirePermission('playbooks', 'write')
  @ApiOperation({ summary: 'Create a playbook from a YAML Playbook document or the spec form {title, spec, ...}; 400 names every problem' })
  create(@Body() body: PlaybookBodyDto, @Req() req: Request): Promise<PlaybookDocument> {
    return this.playbooks.create(body, req.principal!);
  }

  @Post('validate')
  @HttpCode(200)
  @RequirePermission('playbooks', 'read')
  @ApiOperation({ summary: "The editor's live validation: {errors:[{message, path, line, column}]}; saves nothing" })
  validate(@Body() body: PlaybookBodyDto): { errors: DocumentProblem[] } {
    return this.playbooks.validate(body);
  }

  @Get(':id')
  @RequirePermission('playbooks', 'read')
  @ApiOperation({ summary: 'A playbook with its document as YAML' })
  get(@Param('id', uuid) id: string): Promise<PlaybookDocument> {
    return this.playbooks.get(id);
  }

  @Put(':id')
  @RequirePermission('playbooks', 'write')
  @ApiOperation({ summary: 'Replace a playbook (runs under way keep the spec they started with)' })
  update(@Param('id', uuid) id: string, @Body() body: PlaybookBodyDto, @Req() req: Request): Promise<PlaybookDocument> {
    return this.playbooks.update(id, body, req.principal!);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('playbooks', 'write')
  @ApiOperation({ summary: 'Soft-delete a playbook (its runs stay)' })
  remove(@Param('id', uuid) id: string, @Req() req: Request): Promise<void> {
    return this.playbooks.remove(id, req.principal!);
  }
}

/** Runs (spec 02 §7): listing what applies to a resource, parameters, run, approve, cancel, re-run, the run page. */
@ApiTags('playbooks')
@RequireFeature('playbooks')
@Controller('api/playbook')
export class PlaybookRunsController {
  constructor(
    private readonly playbooks: PlaybooksService,
    private readonly runs: PlaybookRunsService,
    private readonly events: RunEventsHub,
    private readonly triggers: PlaybookTriggersService,
    private readonly identity: IdentityService,
  ) {}

  /** Live streams open on this replica, by person. */
  private readonly openStreams = new Map<string, number>();

  @Get('list')
  @RequirePermission('playbooks', 'read')
  @ApiOperation({ summary: 'Playbooks that apply to a resource (config_id, check_id or component_id); all when none is given' })
  list(@Query() query: ResourceRefDto): Promise<PlaybookListItem[]> {
    return this.playbooks.listFor(resourceOf(query));
  }

  @Post('run')
  @HttpCode(200)
  @RequirePermission('playbook_runs', 'write')
  @ApiOperation({ summary: 'Start a run: {id, config_id|check_id|component_id, params} → {run_id}; 400 details.params names each bad parameter' })
  run(@Body() body: PlaybookRunDto, @Req() req: Request): Promise<PlaybookRunResponse> {
    return this.runs.run(body, req.principal!);
  }

  @Post('run/approve/:id')
  @HttpCode(200)
  @RequirePermission('playbook_runs', 'read')
  @ApiOperation({ summary: 'Approve a run pending approval (listed approvers only: a person, or a member of a listed team; others 403)' })
  async approve(@Param('id', uuid) id: string, @Req() req: Request): Promise<PlaybookRunDetail> {
    await this.runs.approve(id, req.principal!);
    return this.runs.detail(id, req.principal!);
  }

  @Get('run/:id')
  @RequirePermission('playbook_runs', 'read')
  @ApiOperation({ summary: 'A run with its playbook, resource, approvals and actions (results, logs)' })
  detail(@Param('id', uuid) id: string, @Req() req: Request): Promise<PlaybookRunDetail> {
    return this.runs.detail(id, req.principal!);
  }

  @Get('run/:id/events')
  @RequirePermission('playbook_runs', 'read')
  @ApiOperation({ summary: 'Server-sent events: the run (as GET run/{id}) at once and after every change, until it ends' })
  async stream(@Param('id', uuid) id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const principal = req.principal!;
    const open = this.openStreams.get(principal.personId) ?? 0;
    if (open >= MAX_STREAMS_PER_PERSON) throw tooManyRequests(`At most ${MAX_STREAMS_PER_PERSON} run pages may follow runs live at once; close some`);
    this.openStreams.set(principal.personId, open + 1);
    let closed = false;
    let stop: (() => void) | null = null;
    let heartbeat: NodeJS.Timeout | null = null;
    const end = () => {
      if (closed) return;
      closed = true;
      if (heartbeat) clearInterval(heartbeat);
      stop?.();
      const left = (this.openStreams.get(principal.personId) ?? 1) - 1;
      if (left > 0) this.openStreams.set(principal.personId, left);
      else this.openStreams.delete(principal.personId);
      if (res.headersSent) res.end();
    };
    // Attached first: a client gone during the first read leaves nothing behind.
    req.on('close', end);
    let first: PlaybookRunDetail;
    try {
      first = await this.runs.detail(id, principal);
    } catch (error) {
      end();
      throw error;
    }
    if (closed) return;
    eventStream.open(res);
    heartbeat = setInterval(() => eventStream.heartbeat(res), EVENT_STREAM_HEARTBEAT_MS);
    const send = (run: PlaybookRunDetail) => {
      if (closed) return;
      eventStream.send(res, 'run', run);
      if (FINAL_RUN_STATUSES.includes(run.status)) end();
    };
    // The stream ends with the session that opened it (signed out, revoked, deactivated) or the permission to read.
    const stillAllowed = async () => {
      const secret = req.cookies?.[SESSION_COOKIE] as string | undefined;
      if (principal.via !== 'session' || !secret) return true;
      const now = await this.identity.principalFromSession(secret);
      return Boolean(now && can(now.roles, 'playbook_runs', 'read'));
    };
    let sending = Promise.resolve();
    stop = await this.events.watch(id, () => {
      sending = sending.then(async () => {
        if (closed) return;
        if (!(await stillAllowed())) return end();
        await this.runs.detail(id, principal).then(send, end);
      });
    });
    send(first);
  }

  @Post('run/:id/cancel')
  @HttpCode(200)
  @RequirePermission('playbook_runs', 'write')
  @ApiOperation({ summary: 'Cancel a run not yet over (the action under way is stopped)' })
  async cancel(@Param('id', uuid) id: string, @Req() req: Request): Promise<PlaybookRunDetail> {
    await this.runs.cancel(id);
    return this.runs.detail(id, req.principal!);
  }

  @Post('run/:id/rerun')
  @HttpCode(200)
  @RequirePermission('playbook_runs', 'write')
  @ApiOperation({ summary: 'Run again with the same resource and parameters → {run_id}' })
  rerun(@Param('id', uuid) id: string, @Req() req: Request): Promise<PlaybookRunResponse> {
    return this.runs.rerun(id, req.principal!);
  }

  @Post(':id/params')
  @HttpCode(200)
  @RequirePermission('playbooks', 'read')
  @ApiOperation({ summary: "The playbook's parameters with defaults rendered for the resource" })
  params(@Param('id', uuid) id: string, @Body() body: ResourceRefDto): Promise<PlaybookParamsResponse> {
    return this.playbooks.params(id, body);
  }

  @Post('webhook/:path')
  @HttpCode(200)
  @Public({ ownAuthorization: true })
  @ApiOperation({
    summary: "Start the run of the playbook whose on.webhook.path this is (its basic or token authentication); the request is in the templates' .request",
  })
  webhook(@Param('path') path: string, @Req() req: Request, @Query() query: Record<string, string>): Promise<PlaybookRunResponse> {
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v ?? '')]));
    return this.triggers.webhook(path, { body: req.body ?? null, headers, params: query });
  }
}

/** `POST /api/resources/search`: the resource pickers (and the first piece of a global search). */
@ApiTags('playbooks')
@Controller('api/resources')
export class ResourcesController {
  constructor(
    private readonly resources: PlaybookResourcesService,
    private readonly playbooks: PlaybooksService,
  ) {}

  @Post('search')
  @HttpCode(200)
  @RequirePermission('database', 'read')
  @ApiOperation({ summary: 'Configs, checks and components by name or id; with playbook_id only those the playbook applies to' })
  async search(@Body() body: ResourceSearchDto): Promise<ResourceSearchResponse> {
    const playbook = body.playbook_id ? (await this.playbooks.row(body.playbook_id)).spec : null;
    return this.resources.search(body, playbook);
  }
}
