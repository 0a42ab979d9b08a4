import { Module } from '@nestjs/common';
import { WebhookChannel } from './webhook.channel';

@Module({ providers: [WebhookChannel] })
export class NotifyWebhookModule {}
