import { Inject, Injectable } from '@nestjs/common';
import type { SecondFactorMethod } from '@contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Db } from '../../database/db.service';
import { tooManyRequests } from '../../http/domain-error';

/** Wrong second-factor answers a person may give within the sign-in window (LOGIN_WINDOW_SECONDS) before a pause. */
export const SECOND_FACTOR_MAX_FAILURES = 5;
export const SECOND_FACTOR_RATE_LIMITED = 'Too many wrong codes. Please wait a few minutes and try again.';

/**
 * Rate limiting of the sign-in's second step, as `login_attempts` does for passwords: per person (a six-digit code is
 * guessable from many addresses at once), counting the wrong answers since the last right one within the window.
 * An attempt is written as a failure before its answer is checked and marked a success after: concurrent guesses see
 * each other, so no more than SECOND_FACTOR_MAX_FAILURES of them are ever checked.
 */
@Injectable()
export class SecondFactorAttempts {
  constructor(
    private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Records an attempt (a failure until `succeeded`); 429 when it is one too many. Answers its id. */
  async begin(personId: string, ip: string, method: SecondFactorMethod): Promise<string> {
    const { windowSeconds } = this.config.loginRateLimit;
    const attempt = await this.db.one<{ id: string }>(
      'insert into second_factor_attempts (person_id, ip, method, success) values ($1, $2, $3, false) returning id',
      [personId, ip, method],
    );
    const row = await this.db.one<{ failures: string }>(
      `select count(*) as failures from second_factor_attempts a
        where a.person_id = $1 and a.success = false and a.created_at > now() - make_interval(secs => $2) and a.id <= $3
          and a.created_at >= coalesce((select max(created_at) from second_factor_attempts s where s.person_id = $1 and s.success), '-infinity')`,
      [personId, windowSeconds, attempt!.id],
    );
    if (Number(row?.failures) > SECOND_FACTOR_MAX_FAILURES) {
      // Refused unchecked: it does not count, so the pause ends one window after the last wrong answer.
      await this.forget(attempt!.id);
      throw tooManyRequests(SECOND_FACTOR_RATE_LIMITED);
    }
    // Kept only as long as they count (a day at least, for whoever looks into an incident).
    await this.db.query(`delete from second_factor_attempts where created_at < now() - make_interval(secs => greatest($1::int, 86400))`, [windowSeconds]);
    return attempt!.id;
  }

  async succeeded(id: string): Promise<void> {
    await this.db.query('update second_factor_attempts set success = true where id = $1', [id]);
  }

  /** An attempt that was not an answer (the server failed): it does not count. */
  async forget(id: string): Promise<void> {
    await this.db.query('delete from second_factor_attempts where id = $1', [id]);
  }
}
