import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { IdentityService } from '@gateway/core/auth/identity.service';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { DATA_API_RESOURCES, type DataApiResourceProvider, type DataApiResourceRegistration } from '@gateway/core/data-api';
import { assertAnAdminRemains } from './admin-guard';
import { assertTeamsValid } from './team-writes';

/** What may be read of a person (an allow-list: credentials such as password_hash and totp_secret are not in it). */
const PERSON_COLUMNS = [
  'id',
  'name',
  'email',
  'avatar',
  'type',
  'state',
  'email_verified_at',
  'totp_enabled_at',
  'properties',
  'last_login',
  'created_at',
  'updated_at',
  'deleted_at',
];
/** Who can be reached and how an account signs in: for readers of identities (admins), not every viewer. */
const PERSON_PRIVATE = { read: 'identities' as const, columns: ['email', 'last_login', 'email_verified_at', 'totp_enabled_at', 'properties'] };
/** Sign-in state is the identity flows' business: the data API may change who a person is, not how they sign in. */
const PERSON_WRITABLE = ['name', 'email', 'avatar', 'type', 'state', 'properties', 'deleted_at'];

export const TEAM_NAME_TAKEN = 'A team with this name already exists';
const TEAM_MEMBER_MESSAGES = {
  team_members_pkey: 'This user is already a member of the team',
  team_members_team_id_fkey: 'The team does not exist',
  team_members_person_id_fkey: 'The user does not exist',
};

/**
 * People and teams (spec 03 Users, Teams). Everybody who can read needs names and avatars (mentions, responders,
 * created-by columns), so reading is `database`, but emails and sign-in state only with `identities`; changing people and teams is `identities` (admins only).
 * Role assignments are `rbac`. Writes to people and roles that would leave no active admin are rolled back (409), as
 * on /api/users; team writes check the spec incidents reads (`responder_clients`).
 */
@Injectable()
@Extension(DATA_API_RESOURCES, 'users')
export class UsersResources implements DataApiResourceProvider {
  constructor(private readonly identity: IdentityService) {}

  /**
   * After a data-API write to people: an admin must remain, and whoever it deactivated or deleted is dropped from this
   * replica's principal cache (the trigger people_revoke_access has revoked their sessions and tokens).
   */
  private readonly afterPeopleWrite = async (tx: PoolClient): Promise<void> => {
    await assertAnAdminRemains(tx);
    const { rows } = await tx.query<{ id: string }>(
      `SELECT id FROM people WHERE xmin = pg_current_xact_id()::xid AND (state <> 'active' OR deleted_at IS NOT NULL)`,
    );
    for (const { id } of rows) this.identity.evictPerson(id);
  };

  resources(): DataApiResourceRegistration[] {
    return [
      {
        name: 'people',
        kind: 'table',
        read: 'database',
        write: 'identities',
        columns: PERSON_COLUMNS,
        restrictedColumns: PERSON_PRIVATE,
        writableColumns: PERSON_WRITABLE,
        softDelete: true,
        afterWrite: this.afterPeopleWrite,
      },
      { name: 'people_roles', kind: 'view', read: 'identities' },
      { name: 'person_roles', kind: 'table', read: 'identities', write: 'rbac', afterWrite: assertAnAdminRemains },
      {
        name: 'teams',
        kind: 'table',
        read: 'database',
        write: 'identities',
        feature: 'settings.teams',
        softDelete: true,
        constraintMessages: { teams_name_key: TEAM_NAME_TAKEN },
        afterWrite: assertTeamsValid,
      },
      { name: 'teams_with_status', kind: 'view', read: 'database', feature: 'settings.teams' },
      { name: 'team_members', kind: 'table', read: 'database', write: 'identities', feature: 'settings.teams', constraintMessages: TEAM_MEMBER_MESSAGES },
    ];
  }
}
