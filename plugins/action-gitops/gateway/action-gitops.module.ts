import { Module } from '@nestjs/common';
import { GitopsAction } from './gitops.action';

@Module({ providers: [GitopsAction] })
export class ActionGitopsModule {}
