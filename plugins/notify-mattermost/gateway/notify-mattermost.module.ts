import { Module } from '@nestjs/common';
import { MattermostChannel } from './mattermost.channel';

@Module({ providers: [MattermostChannel] })
export class NotifyMattermostModule {}
