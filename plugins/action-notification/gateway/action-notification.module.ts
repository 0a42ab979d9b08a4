import { Module } from '@nestjs/common';
import { ConnectionsCoreModule } from '@gateway/core/connections';
import { NotificationAction } from './notification.action';

@Module({ imports: [ConnectionsCoreModule], providers: [NotificationAction] })
export class ActionNotificationModule {}
