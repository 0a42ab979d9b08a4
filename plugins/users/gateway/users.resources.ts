import { Injectable } from '@nestjs/common';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { DATA_API_RESOURCES, type DataApiResourceProvider, type DataApiResourceRegistration } from '@gateway/core/data-api';

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

/**
 * People and teams (spec 03 Users, Teams). Everybody who can read needs names and avatars (mentions, responders,
 * created-by columns), so reading is `database`, but emails and sign-in state only with `identities`; changing people and teams is `identities` (admins only).
 * Role assignments are `rbac`.
 */
@Injectable()
@Extension(DATA_API_RESOURCES, 'users')
export class UsersResources implements DataApiResourceProvider {
  resources(): DataApiResourceRegistration[] {
    return [
      { name: 'people', kind: 'table', read: 'database', write: 'identities', columns: PERSON_COLUMNS, restrictedColumns: PERSON_PRIVATE, softDelete: true },
      { name: 'people_roles', kind: 'view', read: 'identities' },
      { name: 'person_roles', kind: 'table', read: 'identities', write: 'rbac' },
      { name: 'teams', kind: 'table', read: 'database', write: 'identities', feature: 'settings.teams', softDelete: true },
      { name: 'teams_with_status', kind: 'view', read: 'database', feature: 'settings.teams' },
      { name: 'team_members', kind: 'table', read: 'database', write: 'identities', feature: 'settings.teams' },
    ];
  }
}
