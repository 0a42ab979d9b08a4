import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { can, SESSION_COOKIE, type FilterCheck, type Inbox, type NotificationRule, type TemplatePreview } from '@contracts';
import { IdentityService } from '@gateway/core/auth/identity.service';
import { tooManyRequests } from '@gateway/core/http/domain-error';
import { RequireFeature, RequirePermission } from '@gateway/core/rbac/decorators';
import { NotificationHistoryService, type HistoryRow } from './history.service';
import { InboxEventsHub, InboxService } from './inbox.service';
import {
  FilterCheckDto,
  HistoryQueryDto,
  HistoryWindowDto,
  InboxQueryDto,
  InboxReadDto,
  NotificationRuleDto,
  NotificationSilenceDto,
  PageQueryDto,
  TemplatePreviewDto,
} from './notifications.dto';
import { NotificationRulesService } from './rules.service';
import { NotificationSilencesService, type SilenceRow } from './silences.service';
import { EVENT_STREAM_HEARTBEAT_MS, eventStream } from '@gateway/core/http/event-stream';

const FEATURE = 'settings.notifications' as const;

/** A channel as the rule form offers it. */
export interface ChannelInfo {
  type: string;
  label: string;
  schemes: string[];
  connectionTypes: string[];
}

/** Rules (spec 03 §2 /notifications/rules, §5, §7): writers of `notifications` add, change and delete (§6). */
@ApiTags('notifications')
@RequireFeature(FEATURE)
@Controller('api/notifications')
export class NotificationRulesController {
  constructor(private readonly rules: NotificationRulesService) {}

  @Get('rules')
  @RequirePermission('notifications', 'read')
  @ApiOperation({
    summary:
      'Rules with their send counts, paged: ?pageIndex=0&pageSize=50&sortBy=name&sortOrder=asc → {data, totalEntries}; readers without write see URL credentials and secret properties as ***',
  })
  list(@Query() query: PageQueryDto, @Req() req: Request): Promise<{ data: NotificationRule[]; totalEntries: number }> {
    return this.rules.list(query, req.principal!);
  }

  @Post('rules/validate-filter')
  @HttpCode(200)
  @RequirePermission('notifications', 'write')
  @ApiOperation({ summary: "The rule form's live filter check: {filter, events?} → {ok, error?}, run on a sample of each event (200 either way)" })
  validateFilter(@Body() body: FilterCheckDto): Promise<FilterCheck> {
    return this.rules.validateFilter(body);
  }

  @Post('rules/preview')
  @HttpCode(200)
  @RequirePermission('notifications', 'write')
  @ApiOperation({ summary: 'Title and body rendered against a sample of the event, and the body as HTML; 400 names the template at fault' })
  preview(@Body() body: TemplatePreviewDto): Promise<TemplatePreview> {
    return this.rules.preview(body);
  }

  @Get('rules/:id')
  @RequirePermission('notifications', 'read')
  @ApiOperation({ summary: "A rule (its credentials masked for readers without write); 404 'Notification not found'" })
  get(@Param('id') id: string, @Req() req: Request): Promise<NotificationRule> {
    return this.rules.get(id, req.principal!);
  }

  @Post('rules')
  @RequirePermission('notifications', 'write')
  @ApiOperation({ summary: 'Add a rule; 400 names each field at fault, 409 when the name is taken in its namespace' })
  create(@Body() body: NotificationRuleDto, @Req() req: Request): Promise<NotificationRule> {
    return this.rules.create(body, req.principal!);
  }

  @Patch('rules/:id')
  @RequirePermission('notifications', 'write')
  @ApiOperation({ summary: 'Change the fields given; the rule as a whole is checked again' })
  update(@Param('id') id: string, @Body() body: NotificationRuleDto): Promise<NotificationRule> {
    return this.rules.update(id, body);
  }

  @Delete('rules/:id')
  @HttpCode(204)
  @RequirePermission('notifications', 'write')
  @ApiOperation({ summary: 'Remove a rule (soft delete; its send history stays)' })
  remove(@Param('id') id: string): Promise<void> {
    return this.rules.remove(id);
  }

  @Get('channels')
  @RequirePermission('notifications', 'read')
  @ApiOperation({
    summary: 'The delivery channels: {type, label, schemes, connectionTypes}[] (an Others recipient picks one by URL scheme or connection type)',
  })
  channels(): ChannelInfo[] {
    return this.rules.channels().map((c) => ({ type: c.type, label: c.label, schemes: [...c.schemes], connectionTypes: [...c.connectionTypes] }));
  }
}

/** Silences (spec 03 §2 /notifications/silences, §4, §5, §7). */
@ApiTags('notifications')
@RequireFeature(FEATURE)
@Controller('api')
export class NotificationSilencesController {
  constructor(private readonly silences: NotificationSilencesService) {}

  @Get('notifications/silences')
  @RequirePermission('notifications', 'read')
  @ApiOperation({ summary: 'Silences with their resource and creator, paged (default created_at desc); expired ones say so' })
  list(@Query() query: PageQueryDto): Promise<{ data: SilenceRow[]; totalEntries: number }> {
    return this.silences.list(query);
  }

  @Get('notifications/silences/:id')
  @RequirePermission('notifications', 'read')
  @ApiOperation({ summary: 'One silence' })
  get(@Param('id') id: string): Promise<SilenceRow> {
    return this.silences.get(id);
  }

  @Post('silence')
  @RequirePermission('notifications', 'write')
  @ApiOperation({ summary: 'Add a silence (spec 03 §7 POST /silence): a resource, selectors or a filter, until at least a minute after from' })
  createSpec(@Body() body: NotificationSilenceDto, @Req() req: Request): Promise<SilenceRow> {
    return this.silences.create(body, req.principal!);
  }

  @Post('notifications/silences')
  @RequirePermission('notifications', 'write')
  @ApiOperation({ summary: 'Add a silence (as POST /api/silence)' })
  create(@Body() body: NotificationSilenceDto, @Req() req: Request): Promise<SilenceRow> {
    return this.silences.create(body, req.principal!);
  }

  @Patch('notifications/silences/:id')
  @RequirePermission('notifications', 'write')
  @ApiOperation({ summary: 'Change a silence (updated_at now); naming one resource clears the others' })
  update(@Param('id') id: string, @Body() body: NotificationSilenceDto): Promise<SilenceRow> {
    return this.silences.update(id, body);
  }

  @Delete('notifications/silences/:id')
  @HttpCode(204)
  @RequirePermission('notifications', 'write')
  @ApiOperation({ summary: 'Remove a silence (soft delete)' })
  remove(@Param('id') id: string): Promise<void> {
    return this.silences.remove(id);
  }
}

/** Send history (spec 03 §2 /notifications, §7). */
@ApiTags('notifications')
@RequireFeature(FEATURE)
@Controller('api/notifications/history')
export class NotificationHistoryController {
  constructor(private readonly history: NotificationHistoryService) {}

  @Get()
  @RequirePermission('notifications', 'read')
  @ApiOperation({ summary: 'Send history, paged (pageSize ≤ 200); status and resourceType take comma lists; notificationId one rule; from/to a time window' })
  list(@Query() query: HistoryQueryDto): Promise<{ data: HistoryRow[]; totalEntries: number }> {
    return this.history.list(query);
  }

  @Get('summary')
  @RequirePermission('notifications', 'read')
  @ApiOperation({ summary: 'Counts by resource type and status: {resource_type, status, count}[]; ?from=&to= as the list' })
  summary(@Query() query: HistoryWindowDto): Promise<{ resource_type: string | null; status: string; count: number }[]> {
    return this.history.summary(query);
  }

  @Get(':id')
  @RequirePermission('notifications', 'read')
  @ApiOperation({ summary: "One send history row; 404 'Notification not found'" })
  get(@Param('id') id: string): Promise<HistoryRow> {
    return this.history.get(id);
  }
}

/** Bell streams one person may hold open on one replica (a tab each). */
const MAX_STREAMS_PER_PERSON = 20;

/** The header bell: the caller's own notifications, the unread count, and its live stream. */
@ApiTags('notifications')
@RequireFeature(FEATURE)
@Controller('api/notifications/inbox')
export class NotificationInboxController {
  constructor(
    private readonly inbox: InboxService,
    private readonly events: InboxEventsHub,
    private readonly identity: IdentityService,
  ) {}

  /** Live streams open on this replica, by person. */
  private readonly openStreams = new Map<string, number>();
  /** Ends every open stream (the app is closing: the HTTP server waits for open connections). */
  private readonly enders = new Set<() => void>();

  @Get()
  @RequirePermission('notifications', 'read')
  @ApiOperation({ summary: "The caller's latest notifications (sent or error), newest first, and the unread count: ?limit=20 (≤ 100)" })
  get(@Query() query: InboxQueryDto, @Req() req: Request): Promise<Inbox> {
    return this.inbox.inbox(req.principal!.personId, query);
  }

  @Post('read')
  @HttpCode(204)
  @RequirePermission('notifications', 'read')
  @ApiOperation({ summary: 'Everything up to until (default now) counts as read' })
  read(@Body() body: InboxReadDto, @Req() req: Request): Promise<void> {
    return this.inbox.markRead(req.principal!.personId, body);
  }

  @Get('stream')
  @RequirePermission('notifications', 'read')
  @ApiOperation({
    summary: 'Server-sent events: `event: inbox` `data: {"unread":N}` at once and after each change; a heartbeat every 15 s; ends with the session',
  })
  async stream(@Req() req: Request, @Res() res: Response): Promise<void> {
    const principal = req.principal!;
    const person = principal.personId;
    const open = this.openStreams.get(person) ?? 0;
    if (open >= MAX_STREAMS_PER_PERSON) throw tooManyRequests(`At most ${MAX_STREAMS_PER_PERSON} tabs may follow notifications live at once; close some`);
    this.openStreams.set(person, open + 1);
    let closed = false;
    let stop: (() => void) | null = null;
    let heartbeat: NodeJS.Timeout | null = null;
    const end = () => {
      if (closed) return;
      closed = true;
      this.enders.delete(end);
      if (heartbeat) clearInterval(heartbeat);
      stop?.();
      const left = (this.openStreams.get(person) ?? 1) - 1;
      if (left > 0) this.openStreams.set(person, left);
      else this.openStreams.delete(person);
      if (res.headersSent) res.end();
    };
    this.enders.add(end);
    // Attached first: a client gone during the first read leaves nothing behind.
    req.on('close', end);
    let ready = false;
    let missed = false;
    let last = -1;
    const send = (unread: number, always: boolean) => {
      if (closed || (!always && unread === last)) return;
      last = unread;
      eventStream.send(res, 'inbox', { unread });
    };
    // The stream ends with the session that opened it (signed out, revoked, deactivated) or the permission to read.
    const stillAllowed = async () => {
      const secret = req.cookies?.[SESSION_COOKIE] as string | undefined;
      if (principal.via !== 'session' || !secret) return true;
      const now = await this.identity.principalFromSession(secret);
      return Boolean(now && now.personId === person && can(now.roles, 'notifications', 'read'));
    };
    // One refresh at a time, in order: after a change (always sent: the bell reloads its list), and at each heartbeat
    // (sent when the count moved: a change missed while the shared listener was reconnecting shows up there).
    let work = Promise.resolve();
    const refresh = (always: boolean) => {
      if (!ready) {
        missed = true;
        return;
      }
      work = work.then(async () => {
        if (closed) return;
        try {
          if (!(await stillAllowed())) return end();
          send(await this.inbox.unread(person), always);
        } catch {
          end();
        }
      });
    };
    let first: number;
    try {
      // Watching before the first count: a change during it is not lost.
      stop = await this.events.watch(person, () => refresh(true));
      if (closed) return stop(); // ended while it started
      first = await this.inbox.unread(person);
    } catch (error) {
      end();
      throw error;
    }
    if (closed) return;
    eventStream.open(res);
    ready = true;
    send(first, true);
    if (missed) refresh(true);
    heartbeat = setInterval(() => {
      if (closed) return;
      eventStream.heartbeat(res);
      refresh(false);
    }, EVENT_STREAM_HEARTBEAT_MS);
  }

  onModuleDestroy(): void {
    for (const end of [...this.enders]) end();
  }
}
