import { Module } from '@nestjs/common';
import { TeamsChannel } from './teams.channel';

@Module({ providers: [TeamsChannel] })
export class NotifyTeamsModule {}
