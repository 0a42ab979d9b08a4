import { Module } from '@nestjs/common';
import { SlackChannel } from './slack.channel';

@Module({ providers: [SlackChannel] })
export class NotifySlackModule {}
