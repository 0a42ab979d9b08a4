import { People20Regular } from '@fluentui/react-icons';
import type { SettingsTableExtension } from '@web/core/settings/types';
import { TEAMS_PATH, TEAM_RESOURCE_TYPE } from './teamsApi';

/**
 * `teams` in core's settings pages (spec 03 §2): the list, and a team's tabs spec (name and the spec YAML, whose
 * `responder_clients` the gateway checks), manageTeam (Members), Components and jobHistory. Reading is `database`
 * (names are for everybody); writing teams and members is `identities`.
 */
export const TEAMS_TABLE: SettingsTableExtension = {
  id: 'teams',
  title: 'Teams',
  path: TEAMS_PATH,
  permission: { resource: 'database', action: 'read' },
  feature: 'settings.teams',
  writePermission: { resource: 'identities', action: 'write' },
  resourceType: TEAM_RESOURCE_TYPE,
  empty: { icon: People20Regular, title: 'No teams yet' },
  extraTabs: [
    { value: 'manageTeam', label: 'Members', load: () => import('./TeamMembersTab') },
    { value: 'components', label: 'Components', load: () => import('./TeamComponentsTab') },
  ],
};
