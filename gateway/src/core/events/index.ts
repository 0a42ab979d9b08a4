export { EVENT_HANDLERS, eventMatches, type EventHandler, type QueuedEvent } from './event-handlers';
export { EventQueueConsumer } from './event-queue-consumer';
