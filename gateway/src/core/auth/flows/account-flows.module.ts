import { Module } from '@nestjs/common';

/** Self-service account flows: invitation, registration, recovery, verification, password change, sessions. */
@Module({})
export class AccountFlowsModule {}
