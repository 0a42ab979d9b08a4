import { Module } from '@nestjs/common';
import { AlertmanagerCheckRunner } from './alertmanager.runner';

@Module({ providers: [AlertmanagerCheckRunner] })
export class CheckAlertmanagerModule {}
