import { History20Regular, MailInbox20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import { manifest } from '../manifest';

export const JOB_HISTORY_PATH = '/settings/jobs';
export const EVENT_QUEUE_PATH = '/settings/event-queue';

/** Spec 03 §2: Job History and the event queue status page, both under Settings; both read database views. */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('nav', {
      id: 'job-history',
      title: 'Job History',
      icon: History20Regular,
      path: JOB_HISTORY_PATH,
      section: 'settings',
      order: 700,
      feature: 'settings.job_history',
      permission: { resource: 'database', action: 'read' },
    });
    ctx.add('routes', {
      path: JOB_HISTORY_PATH,
      section: 'settings',
      feature: 'settings.job_history',
      permission: { resource: 'database', action: 'read' },
      load: () => import('./jobHistory/JobHistoryPage'),
    });
    ctx.add('nav', {
      id: 'event-queue',
      title: 'Event Queue',
      icon: MailInbox20Regular,
      path: EVENT_QUEUE_PATH,
      section: 'settings',
      order: 950,
      feature: 'settings.event_queue_status',
      permission: { resource: 'database', action: 'read' },
    });
    ctx.add('routes', {
      path: EVENT_QUEUE_PATH,
      section: 'settings',
      feature: 'settings.event_queue_status',
      permission: { resource: 'database', action: 'read' },
      load: () => import('./eventQueue/EventQueuePage'),
    });
  },
});
