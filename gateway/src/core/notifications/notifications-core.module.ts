import { Module } from '@nestjs/common';
import { ConnectionsCoreModule } from '../connections/connections-core.module';
import { ChannelContexts } from './channel-context';

/** What the notifications engine and channel plugins share: the channel contexts (guard rails for every delivery). */
@Module({ imports: [ConnectionsCoreModule], providers: [ChannelContexts], exports: [ChannelContexts] })
export class NotificationsCoreModule {}
