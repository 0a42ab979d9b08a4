import { Injectable } from '@nestjs/common';
import { NOTIFICATION_EVENTS } from '@contracts';
import { EVENT_HANDLERS, type EventHandler, type QueuedEvent } from '@gateway/core/events';
import { Extension } from '@gateway/core/plugin-host/extension-point';

@Injectable()
@Extension(EVENT_HANDLERS, 'notifications')
export class NotificationEventHandler implements EventHandler {
  readonly events: readonly string[] = NOTIFICATION_EVENTS;
  async handle(_event: QueuedEvent): Promise<void> {}
}
