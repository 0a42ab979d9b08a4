import { Inject, Injectable } from '@nestjs/common';
import { isRole, USER_FORM_MESSAGES, type InviteUserResponse, type Role } from '@contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Db } from '../../database/db.service';
import { badRequest, conflict, forbidden } from '../../http/domain-error';
import type { Principal } from '../principal';
import { CONTROL_CHARACTERS, EMAIL_PATTERN, FLOW_MESSAGES } from './flow-messages';
import { flowLink } from './flow-links';
import { IdentityCodes } from './identity-codes';
import { IdentityMailer, MAILS } from './identity-mailer';
import { grantsMoreThan } from './invite-rules';

export interface InviteInput {
  firstName?: unknown;
  lastName?: unknown;
  email?: unknown;
  role?: unknown;
}

const NAME_MAX = 100;
const EMAIL_MAX = 320;

/**
 * `POST /api/users/invite` (spec 03 Users): the person exists at once (active, no password: "invited" in the users list)
 * with the chosen role, and gets a one-time registration link, emailed when an smtp connection is configured. Inviting
 * someone who was invited but never registered again gives them a new link and voids the old one.
 */
@Injectable()
export class InviteService {
  constructor(
    private readonly db: Db,
    private readonly codes: IdentityCodes,
    private readonly mailer: IdentityMailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async invite(input: InviteInput, inviter: Principal, origin: string, ip: string): Promise<InviteUserResponse> {
    const { firstName, lastName, email, role } = parseInvite(input);
    if (grantsMoreThan(role, inviter.roles)) throw forbidden(FLOW_MESSAGES.inviteRoleNotHeld(role), 'role_not_held');
    const name = `${firstName} ${lastName}`;

    const { id, secret, expiresAt } = await this.db
      .transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string; invited: boolean }>(
          `select id, (state = 'active' and deleted_at is null and password_hash is null and last_login is null) as invited
             from people where lower(email) = lower($1) for update`,
          [email],
        );
        let personId: string;
        if (rows[0]) {
          if (!rows[0].invited) throw conflict(FLOW_MESSAGES.inviteEmailTaken, 'email_taken');
          personId = rows[0].id;
          await tx.query(`update people set name = $2 where id = $1`, [personId, name]);
          await tx.query(`delete from person_roles where person_id = $1`, [personId]);
        } else {
          const created = await tx.query<{ id: string }>(`insert into people (name, email, type, state) values ($1, $2, 'user', 'active') returning id`, [
            name,
            email,
          ]);
          personId = created.rows[0].id;
        }
        await tx.query(`insert into person_roles (person_id, role) values ($1, $2)`, [personId, role]);
        const code = await this.codes.issue(personId, email, 'invite', this.config.identity.inviteTtlHours * 3_600_000, ip, tx);
        return { id: personId, ...code };
      })
      .catch((error: { code?: string }) => {
        // Two invitations of the same new address at once: the second finds the first's row taken.
        if (error?.code === '23505') throw conflict(FLOW_MESSAGES.inviteEmailTaken, 'email_taken');
        throw error;
      });

    const link = flowLink(origin, 'registration', secret);
    const emailed = await this.mailer.send({ to: { name, address: email }, ...MAILS.invite(name, inviter.name, link, expiresAt) });
    return { id, link, expires_at: expiresAt.toISOString(), emailed };
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** The invite form's rules with the spec's own sentences (spec 03 §5). */
export function parseInvite(input: InviteInput): { firstName: string; lastName: string; email: string; role: Role } {
  const firstName = text(input.firstName);
  const lastName = text(input.lastName);
  const email = text(input.email);
  if (!firstName || firstName.length > NAME_MAX || CONTROL_CHARACTERS.test(firstName)) throw badRequest(USER_FORM_MESSAGES.firstName, 'invalid_first_name');
  if (!lastName || lastName.length > NAME_MAX || CONTROL_CHARACTERS.test(lastName)) throw badRequest(USER_FORM_MESSAGES.lastName, 'invalid_last_name');
  if (!email) throw badRequest(USER_FORM_MESSAGES.email, 'invalid_email');
  if (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email)) throw badRequest(USER_FORM_MESSAGES.emailFormat, 'invalid_email');
  if (!isRole(input.role)) throw badRequest(USER_FORM_MESSAGES.role, 'invalid_role');
  return { firstName, lastName, email, role: input.role };
}
