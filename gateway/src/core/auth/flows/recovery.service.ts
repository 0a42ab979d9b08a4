import { Inject, Injectable, Logger } from '@nestjs/common';
import { USER_FORM_MESSAGES } from '@contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Db } from '../../database/db.service';
import { badRequest } from '../../http/domain-error';
import { IdentityService } from '../identity.service';
import { hashPassword } from '../password';
import { EMAIL_PATTERN, FLOW_MESSAGES, flowExpired, passwordProblem } from './flow-messages';
import { flowLink } from './flow-links';
import { IdentityCodes } from './identity-codes';
import { IdentityMailer, MAILS } from './identity-mailer';
import { RequestLimiter } from './request-limiter';

/**
 * `/recovery` (spec 03 §2 'Recover account'): a single-use, expiring link by email, then a new password. The request
 * is answered the same way, and as fast, whether or not the account exists: the lookup and the email happen after the
 * answer. Requests are limited per email and per address whether or not the account exists.
 */
@Injectable()
export class RecoveryService {
  private readonly logger = new Logger('Recovery');

  constructor(
    private readonly db: Db,
    private readonly identity: IdentityService,
    private readonly codes: IdentityCodes,
    private readonly mailer: IdentityMailer,
    private readonly limiter: RequestLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async request(email: unknown, origin: string, ip: string): Promise<{ message: string }> {
    const address = typeof email === 'string' ? email.trim() : '';
    if (!address) throw badRequest(USER_FORM_MESSAGES.email, 'invalid_email');
    if (address.length > 320 || !EMAIL_PATTERN.test(address)) throw badRequest(USER_FORM_MESSAGES.emailFormat, 'invalid_email');
    await this.limiter.admit('recovery', address, ip);
    setImmediate(() => {
      this.deliver(address, origin, ip).catch((error: Error) => this.logger.warn(`Recovery email not sent: ${error.message}`));
    });
    return { message: FLOW_MESSAGES.recoverySent };
  }

  private async deliver(email: string, origin: string, ip: string): Promise<void> {
    const person = await this.db.one<{ id: string; name: string; email: string }>(
      `select id, name, email from people where lower(email) = lower($1) and type = 'user' and state = 'active' and deleted_at is null`,
      [email],
    );
    if (!person) return;
    const { secret, expiresAt } = await this.codes.issue(person.id, person.email, 'recovery', this.config.identity.recoveryTtlMinutes * 60_000, ip);
    const link = flowLink(origin, 'recovery', secret);
    await this.mailer.send({ to: { name: person.name, address: person.email }, ...MAILS.recovery(person.name, link, expiresAt) });
  }

  /**
   * Sets the new password and ends every session of the person (whoever had their password is out); the link proved
   * the address, so it counts as verified. Returns the person, whom the caller signs in afresh.
   */
  async complete(token: unknown, password: unknown): Promise<string> {
    const problem = passwordProblem(password);
    if (problem) throw badRequest(problem, 'invalid_password');
    await this.codes.assertLive(token, 'recovery', FLOW_MESSAGES.recoveryExpired);
    const hash = await hashPassword(password as string);
    const personId = await this.db.transaction(async (tx) => {
      const code = await this.codes.consume(token, 'recovery', FLOW_MESSAGES.recoveryExpired, tx);
      const { rows } = await tx.query<{ id: string }>(
        `update people set password_hash = $2, email_verified_at = coalesce(email_verified_at, now())
          where id = $1 and lower(email) = lower($3) and state = 'active' and deleted_at is null returning id`,
        [code.person_id, hash, code.email],
      );
      if (!rows[0]) throw flowExpired(FLOW_MESSAGES.recoveryExpired);
      await tx.query(`update sessions set revoked_at = now() where person_id = $1 and revoked_at is null`, [code.person_id]);
      return rows[0].id;
    });
    this.identity.evictPerson(personId);
    return personId;
  }
}
