import { Module } from '@nestjs/common';
import { OpsgenieChannel } from './opsgenie.channel';

@Module({ providers: [OpsgenieChannel] })
export class NotifyOpsgenieModule {}
