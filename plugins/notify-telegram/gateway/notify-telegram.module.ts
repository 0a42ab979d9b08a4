import { Module } from '@nestjs/common';
import { TelegramChannel } from './telegram.channel';

@Module({ providers: [TelegramChannel] })
export class NotifyTelegramModule {}
