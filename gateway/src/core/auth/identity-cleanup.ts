import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { JobsService } from '../jobs/jobs.service';
import { IdentityService } from './identity.service';

export const IDENTITY_CLEANUP_JOB = 'identity.cleanup';

/** Every hour, on one replica (a pg-boss schedule): old sign-in attempts, ended sessions, expired tokens and emailed links go. */
@Injectable()
export class IdentityCleanup implements OnModuleInit {
  private readonly logger = new Logger('IdentityCleanup');

  constructor(
    private readonly jobs: JobsService,
    private readonly identity: IdentityService,
  ) {}

  onModuleInit(): void {
    this.jobs.work(IDENTITY_CLEANUP_JOB, async () => {
      const removed = await this.identity.pruneExpired();
      this.logger.log(
        `Removed ${removed.attempts} sign-in attempts, ${removed.sessions} sessions, ${removed.tokens} tokens, ${removed.codes} emailed links and ${removed.requests} link requests`,
      );
    });
    this.jobs.schedule(IDENTITY_CLEANUP_JOB, '17 * * * *');
  }
}
