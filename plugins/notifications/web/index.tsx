import { Alert20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import { NOTIFICATIONS_READ, NOTIFICATIONS_WRITE } from '@contracts';
import manifest from '../manifest';

export const NOTIFICATIONS_PATH = '/notifications';
export const RULES_PATH = '/notifications/rules';
export const SILENCES_PATH = '/notifications/silences';
export const ADD_SILENCE_PATH = '/notifications/silences/add';

/**
 * Notifications (spec 03 Notifications): send history at /notifications, rules at /notifications/rules (`?id=` opens
 * one), silences and the add-silence form, and the bell in the header with the signed-in person's latest
 * notifications. Channels of the rule form's "Others" recipients come from `notifications.channels`
 * (plugins/notify-<channel>/web).
 */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('nav', {
      id: 'notifications',
      title: 'Notifications',
      icon: Alert20Regular,
      path: NOTIFICATIONS_PATH,
      section: 'settings',
      order: 700,
      permission: NOTIFICATIONS_READ,
    });
    ctx.add('routes', { path: NOTIFICATIONS_PATH, section: 'settings', permission: NOTIFICATIONS_READ, load: () => import('./history/SendHistoryPage') });
    ctx.add('routes', { path: RULES_PATH, section: 'settings', permission: NOTIFICATIONS_READ, load: () => import('./rules/RulesPage') });
    ctx.add('routes', { path: SILENCES_PATH, section: 'settings', permission: NOTIFICATIONS_READ, load: () => import('./silences/SilencesPage') });
    ctx.add('routes', { path: ADD_SILENCE_PATH, section: 'settings', permission: NOTIFICATIONS_WRITE, load: () => import('./silences/AddSilencePage') });
    ctx.add('shell.headerItems', { id: 'notifications-bell', order: 10, permission: NOTIFICATIONS_READ, load: () => import('./bell/NotificationBell') });
  },
});
