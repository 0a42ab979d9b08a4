import { Module } from '@nestjs/common';
import { ConnectionsCoreModule } from '@gateway/core/connections';
import { NotificationEngineModule } from './engine/engine.module';
import { NotificationHistoryService } from './history.service';
import { InboxEventsHub, InboxService } from './inbox.service';
import {
  NotificationHistoryController,
  NotificationInboxController,
  NotificationRulesController,
  NotificationSilencesController,
} from './notifications.controller';
import { NotificationK8sKind } from './notifications.k8s';
import { NotificationsResources } from './notifications.resources';
import { NotificationRulesService } from './rules.service';
import { NotificationSilencesService } from './silences.service';

/**
 * Notifications (spec 03 Notifications, issue 15): rules, silences and the send history on their own API (validated
 * in full, docs/notifications.md) and read-only on the data API, the header bell with its live stream, and the
 * engine (engine/: the event handler and the deliverer), and the Notification kind for kubectl (notifications.k8s.ts,
 * written through the rules service). Channels are plugins (`plugins/notify-<channel>`).
 */
@Module({
  imports: [ConnectionsCoreModule, NotificationEngineModule],
  controllers: [NotificationRulesController, NotificationSilencesController, NotificationHistoryController, NotificationInboxController],
  providers: [
    NotificationsResources,
    NotificationRulesService,
    NotificationK8sKind,
    NotificationSilencesService,
    NotificationHistoryService,
    InboxService,
    InboxEventsHub,
  ],
})
export class NotificationsModule {}
