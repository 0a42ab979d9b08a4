/** What the event queue endpoints answer (shared by this plugin's gateway and web sides). */

export const EVENT_QUEUE_API = '/api/event-queue';

/** A row of `event_queue_summary` (spec 03 §3): failed events are those whose last delivery left an error. */
export interface EventQueueSummaryRow {
  name: string;
  pending: number;
  failed: number;
  average_attempts: number | null;
  first_failure: string | null;
  last_failure: string | null;
  most_common_error: string | null;
}

/** The consumer's view of the whole queue: `GET /api/event-queue/status`. */
export interface EventQueueStatus {
  /** Waiting for their first delivery or for a retry (no error recorded). */
  pending: number;
  /** Their last delivery failed; retried after a backoff until `maxAttempts`. */
  failed: number;
  /** Failed `maxAttempts` times: not delivered again unless retried from this page. */
  exhausted: number;
  /** Deliveries before the consumer gives up on an event. */
  maxAttempts: number;
  /** Whether this replica runs the consumer (`EVENT_CONSUMER`). */
  consumer: boolean;
}

/** `POST /api/event-queue/{name}/retry`: how many failed events of that name are due again. */
export interface EventQueueRetryResult {
  name: string;
  retried: number;
}

/** Event names are short dotted words (`check.failed`); longer input is refused before any SQL. */
export const EVENT_NAME_MAX_LENGTH = 200;
