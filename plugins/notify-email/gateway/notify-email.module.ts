import { Module } from '@nestjs/common';
import { EmailChannel } from './email.channel';

@Module({ providers: [EmailChannel] })
export class NotifyEmailModule {}
