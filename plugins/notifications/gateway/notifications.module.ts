import { Module } from '@nestjs/common';
import { NotificationsResources } from './notifications.resources';

/** The Notifications area. So far: its tables and views on the data API; domain endpoints and pages come with its issue. */
@Module({ providers: [NotificationsResources] })
export class NotificationsModule {}
