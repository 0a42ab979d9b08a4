import { People20Regular, PeopleTeam20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import { settingsTableRoutes } from '@web/core/settings/settingsTables';
import manifest from '../manifest';
import { TEAMS_TABLE } from './teams/teamsTable';

export const USERS_SETTINGS_PATH = '/settings/users';
const readIdentities = { resource: 'identities', action: 'read' } as const;

/** Users and teams under Settings (spec 03 Users, Teams). */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('nav', {
      id: 'users',
      title: 'Users',
      icon: People20Regular,
      path: USERS_SETTINGS_PATH,
      section: 'settings',
      order: 800,
      permission: readIdentities,
      feature: 'settings.users',
    });
    ctx.add('routes', {
      path: USERS_SETTINGS_PATH,
      section: 'settings',
      permission: readIdentities,
      feature: 'settings.users',
      load: () => import('./UsersPage'),
    });
    ctx.add('nav', {
      id: 'teams',
      title: 'Teams',
      icon: PeopleTeam20Regular,
      path: TEAMS_TABLE.path,
      section: 'settings',
      order: 810,
      permission: TEAMS_TABLE.permission,
      feature: 'settings.teams',
    });
    ctx.add('settings.tables', TEAMS_TABLE);
    for (const route of settingsTableRoutes(TEAMS_TABLE)) ctx.add('routes', route);
  },
});
