import { Module } from '@nestjs/common';
import { NotificationsCoreModule } from '@gateway/core/notifications';
import { NotificationDeliverer } from './deliverer.service';
import { NotificationEventHandler } from './event-handler.service';
import { RulesCache } from './rules-cache';
import { SilencesCache } from './silences';

/**
 * The notification engine (docs/notifications.md): the event queue's `notifications` handler (rules, filter,
 * silences, repeat interval, wait-for, one send history row per rule, event and recipient) and the deliverer (claims
 * due rows, sends through the channels, retries with backoff). `RulesCache.invalidate()` / `SilencesCache.invalidate()`
 * after a write make this replica see it at once.
 */
@Module({
  imports: [NotificationsCoreModule],
  providers: [RulesCache, SilencesCache, NotificationEventHandler, NotificationDeliverer],
  exports: [RulesCache, SilencesCache, NotificationDeliverer],
})
export class NotificationEngineModule {}
