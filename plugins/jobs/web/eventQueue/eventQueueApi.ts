import { dataApiPath, http, pg, withQuery } from '@web/core/api';
import { EVENT_QUEUE_API, type EventQueueRetryResult } from '../../event-queue';

/** Spec 03 §7: GET event_queue_summary?order=last_failure.desc. */
export const EVENT_QUEUE_SUMMARY_KEY = withQuery(dataApiPath('event_queue_summary'), { order: pg.order('last_failure', 'desc') });
export const EVENT_QUEUE_STATUS_KEY = `${EVENT_QUEUE_API}/status`;

/** Makes the failed events of one name due again. */
export function retryFailedEvents(name: string): Promise<EventQueueRetryResult> {
  return http.post<EventQueueRetryResult>(`${EVENT_QUEUE_API}/${encodeURIComponent(name)}/retry`);
}

/** The toast after a retry: how many events go out again. */
export function retriedMessage({ name, retried }: EventQueueRetryResult): string {
  return `${retried} failed ${name} ${retried === 1 ? 'event is' : 'events are'} queued for delivery again`;
}
