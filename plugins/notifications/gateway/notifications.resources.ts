import { Injectable } from '@nestjs/common';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { DATA_API_RESOURCES, type DataApiResourceProvider, type DataApiResourceRegistration } from '@gateway/core/data-api';

const feature = 'settings.notifications' as const;

/** Notification rules, silences and send history (spec 03 Notifications) on the data API. */
@Injectable()
@Extension(DATA_API_RESOURCES, 'notifications')
export class NotificationsResources implements DataApiResourceProvider {
  resources(): DataApiResourceRegistration[] {
    return [
      { name: 'notifications', kind: 'table', read: 'notifications', write: 'notifications', feature, softDelete: true },
      { name: 'notifications_with_status', kind: 'view', read: 'notifications', feature },
      { name: 'notification_silences', kind: 'table', read: 'notifications', write: 'notifications', feature, softDelete: true },
      // Send history is written by the notification workers only.
      { name: 'notification_send_history', kind: 'table', read: 'notifications', write: null, feature },
      { name: 'notification_send_history_summary', kind: 'view', read: 'notifications', feature },
    ];
  }
}
