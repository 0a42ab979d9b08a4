export { ChannelContexts } from './channel-context';
export { ChannelError, NOTIFICATION_CHANNELS, channelFor, channelScheme } from './channels';
export { NotificationsCoreModule } from './notifications-core.module';
