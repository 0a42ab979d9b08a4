import { Module } from '@nestjs/common';
import { DiscordChannel } from './discord.channel';

@Module({ providers: [DiscordChannel] })
export class NotifyDiscordModule {}
