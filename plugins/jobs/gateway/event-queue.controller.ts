import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { RequireFeature, RequirePermission } from '@gateway/core/rbac/decorators';
import type { EventQueueRetryResult, EventQueueStatus } from '../event-queue';
import { EventQueueService } from './event-queue.service';

/**
 * The event queue status page's endpoints (spec 03 §2 Event queue). The queue is database state, like the summary
 * view the page lists (`event_queue_summary`, read on `database`): reading needs read on `database`, a retry write on
 * `database` (admins and editors; editors may already write every settings table and run playbooks, which is what a
 * retried event triggers; viewers, commanders and responders may not).
 */
@ApiTags('event-queue')
@RequireFeature('settings.event_queue_status')
@Controller('api/event-queue')
export class EventQueueController {
  constructor(private readonly queue: EventQueueService) {}

  @Get('status')
  @RequirePermission('database', 'read')
  @ApiOperation({ summary: "The consumer's counts: pending, failed, failed too often to be retried on its own" })
  status(): Promise<EventQueueStatus> {
    return this.queue.status();
  }

  @Post(':name/retry')
  @HttpCode(200)
  @RequirePermission('database', 'write')
  @ApiParam({ name: 'name', description: 'The event name, e.g. check.failed' })
  @ApiOperation({ summary: "Makes that name's failed events due again (error, attempts and backoff cleared)" })
  retry(@Param('name') name: string): Promise<EventQueueRetryResult> {
    return this.queue.retry(name);
  }
}
