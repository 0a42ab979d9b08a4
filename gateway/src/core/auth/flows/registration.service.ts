import { Inject, Injectable } from '@nestjs/common';
import { USER_FORM_MESSAGES } from '@contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Db } from '../../database/db.service';
import { badRequest, conflict, forbidden } from '../../http/domain-error';
import { hashPassword } from '../password';
import { CONTROL_CHARACTERS, EMAIL_PATTERN, FLOW_MESSAGES, flowExpired, passwordProblem } from './flow-messages';
import { IdentityCodes } from './identity-codes';
import { VerificationService } from './verification.service';

export interface Invitation {
  email: string;
  firstName: string;
  lastName: string;
}

export interface RegisterInput {
  token?: unknown;
  email?: unknown;
  firstName?: unknown;
  lastName?: unknown;
  password?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * `/registration` (spec 03 §2 'Create account'): an invitation link always works; anyone else may create an account
 * only when REGISTRATION_OPEN is set, as REGISTRATION_ROLE, and is sent a verification link.
 */
@Injectable()
export class RegistrationService {
  constructor(
    private readonly db: Db,
    private readonly codes: IdentityCodes,
    private readonly verification: VerificationService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get open(): boolean {
    return this.config.identity.registrationOpen;
  }

  /** Who an invitation link is for (the page shows it); 410 once it was used, voided or expired. */
  async invitation(token: string): Promise<Invitation> {
    const code = await this.codes.peek(token, 'invite', FLOW_MESSAGES.inviteExpired);
    const person = await this.invitedPerson(code.person_id);
    if (!person) throw flowExpired(FLOW_MESSAGES.inviteExpired);
    const [firstName, ...rest] = person.name.split(' ');
    return { email: code.email, firstName, lastName: rest.join(' ') };
  }

  /** Sets the invitee's password; the invitation proved the address, so it counts as verified. Returns the person. */
  async acceptInvitation(token: unknown, password: unknown): Promise<string> {
    const problem = passwordProblem(password);
    if (problem) throw badRequest(problem, 'invalid_password');
    await this.codes.assertLive(token, 'invite', FLOW_MESSAGES.inviteExpired);
    const hash = await hashPassword(password as string);
    return this.db.transaction(async (tx) => {
      const code = await this.codes.consume(token, 'invite', FLOW_MESSAGES.inviteExpired, tx);
      const { rows } = await tx.query<{ id: string }>(
        `update people set password_hash = $2, email_verified_at = now()
          where id = $1 and state = 'active' and deleted_at is null and password_hash is null and lower(email) = lower($3)
          returning id`,
        [code.person_id, hash, code.email],
      );
      // Deactivated, or the address changed, or a password was set some other way since: the link no longer applies.
      if (!rows[0]) throw flowExpired(FLOW_MESSAGES.inviteExpired);
      return rows[0].id;
    });
  }

  /** Open registration (off unless REGISTRATION_OPEN): a new person with REGISTRATION_ROLE and a verification link. */
  async registerOpenly(input: RegisterInput, origin: string, ip: string): Promise<string> {
    if (!this.open) throw forbidden(FLOW_MESSAGES.registrationClosed, 'registration_closed');
    const firstName = text(input.firstName);
    const lastName = text(input.lastName);
    const email = text(input.email);
    if (!firstName || firstName.length > 100 || CONTROL_CHARACTERS.test(firstName)) throw badRequest(USER_FORM_MESSAGES.firstName, 'invalid_first_name');
    if (!lastName || lastName.length > 100 || CONTROL_CHARACTERS.test(lastName)) throw badRequest(USER_FORM_MESSAGES.lastName, 'invalid_last_name');
    if (!email) throw badRequest(USER_FORM_MESSAGES.email, 'invalid_email');
    if (email.length > 320 || !EMAIL_PATTERN.test(email)) throw badRequest(USER_FORM_MESSAGES.emailFormat, 'invalid_email');
    const problem = passwordProblem(input.password);
    if (problem) throw badRequest(problem, 'invalid_password');
    const hash = await hashPassword(input.password as string);
    const personId = await this.db
      .transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string }>(
          `insert into people (name, email, type, state, password_hash) values ($1, $2, 'user', 'active', $3) returning id`,
          [`${firstName} ${lastName}`, email, hash],
        );
        await tx.query(`insert into person_roles (person_id, role) values ($1, $2)`, [rows[0].id, this.config.identity.registrationRole]);
        return rows[0].id;
      })
      .catch((error: { code?: string }) => {
        if (error?.code === '23505') throw conflict(FLOW_MESSAGES.emailTaken, 'email_taken');
        throw error;
      });
    await this.verification.sendFor(personId, origin, ip);
    return personId;
  }

  private invitedPerson(personId: string): Promise<{ name: string } | undefined> {
    return this.db.one(`select name from people where id = $1 and state = 'active' and deleted_at is null and password_hash is null`, [personId]);
  }
}
