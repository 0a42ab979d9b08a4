import { Injectable } from '@nestjs/common';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { DATA_API_RESOURCES, type DataApiResourceProvider, type DataApiResourceRegistration } from '@gateway/core/data-api';

const feature = 'settings.notifications' as const;

/**
 * What a send history row shows on the data API. Never `payload` (the rendered message as handed to a channel,
 * which may hold more of a resource than the body), nor the delivery bookkeeping (`receipt`, `group_key`,
 * `next_attempt_at`): an allow-list, so a column added later stays hidden until it is listed here.
 */
const HISTORY_COLUMNS = [
  'id',
  'notification_id',
  'status',
  'source_event',
  'event_id',
  'resource_id',
  'resource_type',
  'person_id',
  'recipient',
  'channel',
  'title',
  'body',
  'error',
  'attempts',
  'duration_millis',
  'count',
  'first_observed',
  'parent_id',
  'created_at',
  'updated_at',
];

/**
 * A rule's recipients and properties hold credentials (channel URLs such as `slack://xoxb-token@channel`, webhook paths,
 * `?secret=`, the `secret` property that signs webhooks). /api/notifications/rules masks them for readers without write
 * (redact.ts); the data API cannot mask, so here only readers of connections see the two columns: admin and editor,
 * the writers of notifications (spec 03 §6), as on /api/notifications. `annotations` (kubectl's, notifications.k8s.ts)
 * keeps a copy of the applied spec, recipients included.
 */
const RULE_SECRETS = { read: 'connections' as const, columns: ['custom_services', 'properties', 'annotations'] };

/**
 * Notification rules, silences and send history (spec 03 Notifications, §7) on the data API: reads only.
 *
 * Rules and silences are written through /api/notifications (rules, silences) and POST /api/silence, which check a
 * write in full before storing it: the CEL filter and Go templates against sample events (in the expression
 * workers), recipients against the registered channels and stored connections, durations, the resource's existence.
 * An `afterWrite` hook could not do the same here: it sees neither the rows a PATCH touched nor what changed, and a
 * PATCH of one column could store a rule the engine cannot use. So writes on these tables answer 405 here. Nothing
 * writes them through the data API: the web pages call /api/notifications, the demo seed and tests use SQL
 * (checked: `grep -rn "db/notification" web plugins test gateway`).
 * Send history is written by the engine only.
 */
@Injectable()
@Extension(DATA_API_RESOURCES, 'notifications')
export class NotificationsResources implements DataApiResourceProvider {
  resources(): DataApiResourceRegistration[] {
    return [
      { name: 'notifications', kind: 'table', read: 'notifications', write: null, feature, softDelete: true, restrictedColumns: RULE_SECRETS },
      { name: 'notifications_with_status', kind: 'view', read: 'notifications', feature, restrictedColumns: RULE_SECRETS },
      { name: 'notification_silences', kind: 'table', read: 'notifications', write: null, feature, softDelete: true },
      { name: 'notification_send_history', kind: 'table', read: 'notifications', write: null, feature, columns: HISTORY_COLUMNS },
      { name: 'notification_send_history_summary', kind: 'view', read: 'notifications', feature, columns: [...HISTORY_COLUMNS, 'resource'] },
    ];
  }
}
