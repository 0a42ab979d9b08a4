import { dataApiPath, http, pg, withQuery } from '@web/core/api';

export const TEAMS_PATH = '/settings/teams';
/** `job_history.resource_type` of a team's runs (spec 03 §9). */
export const TEAM_RESOURCE_TYPE = 'team';

/** A row of `GET /team_members?team_id=eq.{id}&select=*,person_id(*)` (spec 03 §7 Teams). */
export interface TeamMember {
  team_id: string;
  person_id: { id: string; name: string; email?: string | null; avatar: string | null };
  created_at: string;
}

export interface PersonOption {
  id: string;
  name: string;
  email?: string | null;
  avatar: string | null;
}

export interface TeamComponent {
  team_id: string;
  component_id: string;
  selector_id: string;
  role: string | null;
  component: { id: string; name: string; type: string | null; icon: string | null } | null;
}

export const teamMembersKey = (teamId: string) => withQuery(dataApiPath('team_members'), { team_id: pg.eq(teamId), select: '*,person_id(*)' });

/** Active users to pick from (people a viewer may read: names and avatars). */
export const peopleKey = withQuery(dataApiPath('people'), {
  select: 'id,name,avatar',
  type: pg.eq('user'),
  state: pg.eq('active'),
  deleted_at: pg.is('null'),
  order: pg.order('name'),
  limit: 1000,
});

export function addTeamMembers(teamId: string, personIds: readonly string[]): Promise<unknown> {
  return http.post(
    dataApiPath('team_members'),
    personIds.map((personId) => ({ team_id: teamId, person_id: personId })),
  );
}

export function removeTeamMember(teamId: string, personId: string): Promise<unknown> {
  return http.delete(dataApiPath('team_members'), { query: { person_id: pg.eq(personId), team_id: pg.eq(teamId) } });
}

export const teamComponentsKey = (teamId: string) =>
  withQuery(dataApiPath('team_components'), { team_id: pg.eq(teamId), select: '*,component:component_id(id,name,type,icon)', order: pg.order('created_at') });

export const componentSearchKey = (text: string) =>
  withQuery(dataApiPath('components'), {
    select: 'id,name,type,icon',
    deleted_at: pg.is('null'),
    name: text ? pg.ilike(`*${text}*`) : undefined,
    order: pg.order('name'),
    limit: 20,
  });

export function linkComponent(teamId: string, componentId: string): Promise<unknown> {
  return http.post(dataApiPath('team_components'), [{ team_id: teamId, component_id: componentId }]);
}

export function unlinkComponent(teamId: string, componentId: string): Promise<unknown> {
  return http.delete(dataApiPath('team_components'), { query: { team_id: pg.eq(teamId), component_id: pg.eq(componentId), selector_id: pg.eq('manual') } });
}

/** '{names} added to the team successfully' (spec 03 §8). */
export const addedMessage = (names: readonly string[]) => `${names.join(', ')} added to the team successfully`;
export const removedMessage = (name: string) => `${name} removed from team successfully`;
export const NO_MEMBERS = { title: 'Add team members', message: "You haven't added any team members to the team yet." } as const;
