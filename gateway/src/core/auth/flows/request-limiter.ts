import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db.service';
import { tooManyRequests } from '../../http/domain-error';
import { FLOW_MESSAGES } from './flow-messages';

export type RequestPurpose = 'recovery' | 'verification' | 'registration';

/** Emailed-link requests allowed per hour: per email (a mailbox is not flooded) and per address (nor are many). */
export const REQUEST_LIMITS = { perEmailPerHour: 5, perAddressPerHour: 30 } as const;

/**
 * Counts the requests that send an email (recovery, verification, open registration), whether or not the account
 * exists, so the answer to the next request says nothing about who has an account.
 */
@Injectable()
export class RequestLimiter {
  constructor(private readonly db: Db) {}

  async admit(purpose: RequestPurpose, email: string | null, ip: string): Promise<void> {
    const row = await this.db.one<{ by_email: string; by_ip: string }>(
      `select count(*) filter (where $2::citext is not null and email = $2::citext) as by_email,
              count(*) filter (where ip = $3) as by_ip
         from identity_requests
        where purpose = $1 and created_at > now() - interval '1 hour' and (email = $2::citext or ip = $3)`,
      [purpose, email, ip],
    );
    if (Number(row?.by_email) >= REQUEST_LIMITS.perEmailPerHour || Number(row?.by_ip) >= REQUEST_LIMITS.perAddressPerHour) {
      throw tooManyRequests(FLOW_MESSAGES.tooManyRequests);
    }
    await this.db.query(`insert into identity_requests (purpose, email, ip) values ($1, $2, $3)`, [purpose, email, ip]);
    // Only the last hour matters: what is older goes now, so the table stays small without a job.
    await this.db.query(`delete from identity_requests where created_at < now() - interval '1 day'`);
  }
}
