import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { ROLES, USER_FORM_MESSAGES, isRole, type Role, type UserRow } from '@contracts';
import { IdentityService } from '@gateway/core/auth/identity.service';
import type { Principal } from '@gateway/core/auth/principal';
import { Db } from '@gateway/core/database/db.service';
import { badRequest, conflict, forbidden, notFound } from '@gateway/core/http/domain-error';
import { LAST_ADMIN_MESSAGE, activeAdmins, lockAdmins } from './admin-guard';

export const USER_MESSAGES = {
  invalidId: 'The user id must be a UUID',
  notFound: 'User not found',
  nothingToChange: 'Nothing to change: send firstName, lastName or roles',
  rolesList: 'roles must be a list of role names',
  unknownRole: (role: string) => `Unknown role '${role}': one of ${ROLES.join(', ')}`,
  selfEscalation: (roles: string[]) => `You cannot give yourself a role you do not hold (${roles.join(', ')})`,
  selfDelete: 'You cannot delete your own user',
  inactive: 'This user has been deleted: their roles and name cannot be changed',
  lastAdmin: LAST_ADMIN_MESSAGE,
} as const;

export interface UpdateUserInput {
  firstName?: unknown;
  lastName?: unknown;
  roles?: unknown;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NAME_MAX = 100;
/** A name goes into emails' text (invitations name their inviter): no line breaks or other control characters. */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** A user row of `/settings/users`: roles as stored (none means viewer on the server; the web shows the highest). */
const USER_SELECT = `
  SELECT p.id, p.name, p.email, p.avatar, p.state, p.created_at, p.last_login,
    coalesce(array(SELECT r.role FROM person_roles r WHERE r.person_id = p.id ORDER BY r.role), '{}') AS roles,
    (p.password_hash IS NULL AND p.last_login IS NULL) AS invited,
    (p.totp_enabled_at IS NOT NULL OR EXISTS (SELECT 1 FROM webauthn_credentials w WHERE w.person_id = p.id)) AS second_factor
  FROM people p
  WHERE p.type = 'user' AND p.deleted_at IS NULL`;

/** The roles in the matrix's order (admin first), so "highest" is the first. */
const ordered = (roles: Iterable<Role>): Role[] => ROLES.filter((r) => new Set(roles).has(r));

/**
 * Users (spec 03 Users): the list, edits of names and roles, and deactivation. The two rules that protect the console,
 * no last admin removed and no one raising their own role, are checked in the transaction that makes the change, with
 * the person's row locked and the admins counted under `lockAdmins`.
 */
@Injectable()
export class UsersService {
  constructor(
    private readonly db: Db,
    private readonly identity: IdentityService,
  ) {}

  async list(): Promise<UserRow[]> {
    const rows = await this.db.query<UserRow>(`${USER_SELECT} ORDER BY lower(p.name), p.id`);
    return rows.map((row) => ({ ...row, roles: ordered(row.roles) }));
  }

  async update(id: string, input: UpdateUserInput, actor: Principal): Promise<UserRow> {
    this.assertId(id);
    const name = this.parseName(input);
    const roles = this.parseRoles(input.roles);
    if (name === undefined && roles === undefined) throw badRequest(USER_MESSAGES.nothingToChange, 'nothing_to_change');

    await this.db.transaction(async (tx) => {
      const person = await this.lockPerson(tx, id);
      if (person.state !== 'active') throw conflict(USER_MESSAGES.inactive, 'inactive_user');
      if (roles) {
        const held = await this.rolesOf(tx, id);
        if (id === actor.personId) {
          const raised = roles.filter((r) => !held.includes(r));
          if (raised.length) throw forbidden(USER_MESSAGES.selfEscalation(raised), 'self_escalation');
        }
        await lockAdmins(tx);
        await tx.query(`DELETE FROM person_roles WHERE person_id = $1 AND NOT (role = ANY($2::text[]))`, [id, roles]);
        await tx.query(`INSERT INTO person_roles (person_id, role) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`, [id, roles]);
        if (held.includes('admin') && !roles.includes('admin') && (await activeAdmins(tx)) === 0) {
          throw conflict(USER_MESSAGES.lastAdmin, 'last_admin');
        }
      }
      if (name !== undefined) await tx.query(`UPDATE people SET name = $2 WHERE id = $1`, [id, name]);
    });
    // A principal cached for AUTH_CACHE_MS would keep the old roles until then.
    if (roles) this.identity.evictPerson(id);
    return this.get(id);
  }

  /** Deactivation: the person stays (history, incidents, comments keep their name); sessions and tokens end at once. */
  async deactivate(id: string, actor: Principal): Promise<void> {
    this.assertId(id);
    if (id === actor.personId) throw forbidden(USER_MESSAGES.selfDelete, 'self_delete');
    await this.db.transaction(async (tx) => {
      const person = await this.lockPerson(tx, id);
      if (person.state !== 'active') return;
      await lockAdmins(tx);
      // The trigger people_revoke_access revokes every session and deletes every access token in this transaction.
      await tx.query(`UPDATE people SET state = 'inactive' WHERE id = $1`, [id]);
      if ((await activeAdmins(tx)) === 0) throw conflict(USER_MESSAGES.lastAdmin, 'last_admin');
    });
    this.identity.evictPerson(id);
  }

  private async get(id: string): Promise<UserRow> {
    const row = await this.db.one<UserRow>(`${USER_SELECT} AND p.id = $1`, [id]);
    if (!row) throw notFound(USER_MESSAGES.notFound);
    return { ...row, roles: ordered(row.roles) };
  }

  private assertId(id: string): void {
    if (!UUID.test(id)) throw badRequest(USER_MESSAGES.invalidId, 'invalid_id');
  }

  private async lockPerson(tx: PoolClient, id: string): Promise<{ state: string }> {
    const { rows } = await tx.query<{ state: string }>(`SELECT state FROM people WHERE id = $1 AND type = 'user' AND deleted_at IS NULL FOR UPDATE`, [id]);
    if (!rows[0]) throw notFound(USER_MESSAGES.notFound);
    return rows[0];
  }

  private async rolesOf(tx: PoolClient, id: string): Promise<Role[]> {
    const { rows } = await tx.query<{ role: string }>(`SELECT role FROM person_roles WHERE person_id = $1 FOR UPDATE`, [id]);
    return rows.map((r) => r.role).filter(isRole);
  }

  /** firstName and lastName come together (the name is stored as one); each must hold something (spec 03 §5). */
  private parseName(input: UpdateUserInput): string | undefined {
    if (input.firstName === undefined && input.lastName === undefined) return undefined;
    const first = typeof input.firstName === 'string' ? input.firstName.trim() : '';
    const last = typeof input.lastName === 'string' ? input.lastName.trim() : '';
    if (!first || first.length > NAME_MAX || CONTROL_CHARACTERS.test(first)) throw badRequest(USER_FORM_MESSAGES.firstName, 'invalid_first_name');
    if (!last || last.length > NAME_MAX || CONTROL_CHARACTERS.test(last)) throw badRequest(USER_FORM_MESSAGES.lastName, 'invalid_last_name');
    return `${first} ${last}`;
  }

  private parseRoles(value: unknown): Role[] | undefined {
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) throw badRequest(USER_MESSAGES.rolesList, 'invalid_roles');
    if (value.length === 0) throw badRequest(USER_FORM_MESSAGES.role, 'invalid_roles');
    for (const role of value) if (!isRole(role)) throw badRequest(USER_MESSAGES.unknownRole(String(role)), 'unknown_role');
    return ordered(value as Role[]);
  }
}
