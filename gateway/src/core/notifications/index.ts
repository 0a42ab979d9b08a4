export { ChannelContexts } from './channel-context';
export {
  ANSWER_CHARS,
  HOST_PORT,
  answerError,
  answeredOk,
  channelCall,
  cut,
  decode,
  httpUrl,
  overrideBase,
  parseJson,
  problemsOf,
  propertyNotOneOf,
  refusalError,
  retryAfterMs,
  retryableStatus,
  routeOrRefuse,
  routeProblems,
  scrub,
  withDefaultUrl,
} from './channel-kit';
export { ChannelError, NOTIFICATION_CHANNELS, channelFor, channelScheme } from './channels';
export { NotificationsCoreModule } from './notifications-core.module';
