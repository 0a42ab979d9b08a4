import { Inject, Injectable, Logger } from '@nestjs/common';
import { USER_FORM_MESSAGES } from '@contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Db } from '../../database/db.service';
import { badRequest } from '../../http/domain-error';
import type { Principal } from '../principal';
import { EMAIL_PATTERN, FLOW_MESSAGES, flowExpired } from './flow-messages';
import { flowLink } from './flow-links';
import { IdentityCodes } from './identity-codes';
import { IdentityMailer, MAILS } from './identity-mailer';
import { RequestLimiter } from './request-limiter';

export interface VerificationStatus {
  email: string | null;
  verified: boolean;
}

/**
 * `/verification` (spec 03 §2 'Verify your account'): a link emailed to the person's address sets `email_verified_at`.
 * Asked for by someone signed in, it goes to their own address; asked for by email, the answer is the same whether or
 * not such an account exists, and the email is sent after answering.
 */
@Injectable()
export class VerificationService {
  private readonly logger = new Logger('Verification');

  constructor(
    private readonly db: Db,
    private readonly codes: IdentityCodes,
    private readonly mailer: IdentityMailer,
    private readonly limiter: RequestLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async status(principal: Principal | undefined): Promise<VerificationStatus> {
    if (!principal) return { email: null, verified: false };
    const me = await this.db.one<VerificationStatus>(`select email, email_verified_at is not null as verified from people where id = $1`, [principal.personId]);
    return me ?? { email: null, verified: false };
  }

  async request(email: unknown, principal: Principal | undefined, origin: string, ip: string): Promise<{ message: string }> {
    if (principal) {
      const me = await this.db.one<{ email: string | null; verified: boolean }>(
        `select email, email_verified_at is not null as verified from people where id = $1`,
        [principal.personId],
      );
      if (!me?.email) throw badRequest(USER_FORM_MESSAGES.email, 'no_email');
      if (me.verified) return { message: FLOW_MESSAGES.alreadyVerified };
      await this.limiter.admit('verification', me.email, ip);
      await this.sendFor(principal.personId, origin, ip);
      return { message: FLOW_MESSAGES.verificationSentToSelf(me.email) };
    }
    const address = typeof email === 'string' ? email.trim() : '';
    if (!address) throw badRequest(USER_FORM_MESSAGES.email, 'invalid_email');
    if (address.length > 320 || !EMAIL_PATTERN.test(address)) throw badRequest(USER_FORM_MESSAGES.emailFormat, 'invalid_email');
    await this.limiter.admit('verification', address, ip);
    setImmediate(() => {
      this.sendTo(address, origin, ip).catch((error: Error) => this.logger.warn(`Verification email not sent: ${error.message}`));
    });
    return { message: FLOW_MESSAGES.verificationSent };
  }

  /** Emails a new verification link to the person (voiding earlier ones); false when it could not be sent. */
  async sendFor(personId: string, origin: string, ip: string): Promise<boolean> {
    const person = await this.db.one<{ name: string; email: string }>(`select name, email from people where id = $1 and email is not null`, [personId]);
    if (!person) return false;
    const { secret, expiresAt } = await this.codes.issue(personId, person.email, 'verification', this.config.identity.verificationTtlHours * 3_600_000, ip);
    const link = flowLink(origin, 'verification', secret);
    return this.mailer.send({ to: { name: person.name, address: person.email }, ...MAILS.verification(person.name, link, expiresAt) });
  }

  private async sendTo(email: string, origin: string, ip: string): Promise<void> {
    const person = await this.db.one<{ id: string }>(
      `select id from people where lower(email) = lower($1) and state = 'active' and deleted_at is null and email_verified_at is null`,
      [email],
    );
    if (person) await this.sendFor(person.id, origin, ip);
  }

  /** The link was opened: the address it was sent to is verified (if it is still the person's). */
  async complete(token: unknown): Promise<{ email: string }> {
    const code = await this.codes.consume(token, 'verification', FLOW_MESSAGES.verificationExpired);
    const row = await this.db.one<{ email: string }>(
      `update people set email_verified_at = coalesce(email_verified_at, now())
        where id = $1 and lower(email) = lower($2) and state = 'active' and deleted_at is null returning email`,
      [code.person_id, code.email],
    );
    if (!row) throw flowExpired(FLOW_MESSAGES.verificationExpired);
    return { email: row.email };
  }
}
