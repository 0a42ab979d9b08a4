import { Injectable } from '@nestjs/common';
import { DataApiResources, type DataApiResourceProvider, type DataApiResourceRegistration } from '@gateway/core/data-api';

/** Credentials never leave the gateway, whoever asks. */
const PERSON_SECRETS = ['password_hash', 'totp_secret'];

/**
 * People and teams (spec 03 Users, Teams). Everybody who can read needs names and avatars (mentions, responders,
 * created-by columns), so reading is `database`; changing people and teams is `identities` (admins only).
 * Role assignments are `rbac`.
 */
@Injectable()
@DataApiResources()
export class UsersResources implements DataApiResourceProvider {
  resources(): DataApiResourceRegistration[] {
    return [
      { name: 'people', kind: 'table', read: 'database', write: 'identities', hiddenColumns: PERSON_SECRETS, softDelete: true },
      { name: 'people_roles', kind: 'view', read: 'identities' },
      { name: 'person_roles', kind: 'table', read: 'identities', write: 'rbac' },
      { name: 'teams', kind: 'table', read: 'database', write: 'identities', feature: 'settings.teams', softDelete: true },
      { name: 'teams_with_status', kind: 'view', read: 'database', feature: 'settings.teams' },
      { name: 'team_members', kind: 'table', read: 'database', write: 'identities', feature: 'settings.teams' },
    ];
  }
}
