import { Module } from '@nestjs/common';
import { EventQueueController } from './event-queue.controller';
import { EventQueueService } from './event-queue.service';

/** The event queue status endpoints; the Job History page reads the data API only. */
@Module({ controllers: [EventQueueController], providers: [EventQueueService] })
export class EventQueueModule {}
