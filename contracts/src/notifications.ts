import type { OutboundGuard } from './checks';
import type { ResolvedConnection } from './responders';

/**
 * Notifications (spec 03 Notifications, §3, §4, §5, §8, §9): rules over the event queue, silences, the send history,
 * the header bell, and the channel contract each `plugins/notify-<channel>/` implements.
 */

// --- Value sets -------------------------------------------------------------------------------------------------

/**
 * Events a rule may name (spec 03 §4, plus incidents and playbook run failures, which also flow through here). The
 * queue's names are written by triggers (migration 1732300000006 and the playbook engine's).
 */
export const NOTIFICATION_EVENTS = [
  'check.failed',
  'check.passed',
  'component.healthy',
  'component.unhealthy',
  'component.unknown',
  'component.warning',
  'config.created',
  'config.deleted',
  'config.healthy',
  'config.unhealthy',
  'config.unknown',
  'config.updated',
  'config.warning',
  'playbook.approval.inserted',
  'playbook.spec.approval.updated',
  'incident.created',
  'incident.status.updated',
  'playbook.run.failed',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/**
 * A send history row's status. The spec's six (§4) and the engine's own: `skipped` (the resource recovered within
 * wait-for, or the filter said no after a wait) and `evaluating-waitfor` (held until wait-for has passed).
 */
export const SEND_STATUSES = ['sent', 'error', 'pending', 'cancelled', 'repeat-interval', 'silenced', 'skipped', 'evaluating-waitfor'] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];

/** How each status reads in the UI (§4: repeat-interval is shown as Repeated). */
export const SEND_STATUS_LABELS: Record<SendStatus, string> = {
  sent: 'Sent',
  error: 'Error',
  pending: 'Pending',
  cancelled: 'Cancelled',
  'repeat-interval': 'Repeated',
  silenced: 'Silenced',
  skipped: 'Skipped',
  'evaluating-waitfor': 'Waiting',
};

/** What a send history row is about (§3 names the first four; incidents and playbook runs also notify). */
export const NOTIFICATION_RESOURCE_TYPES = ['canary', 'check', 'component', 'config', 'incident', 'playbook_run', 'playbook'] as const;
export type NotificationResourceType = (typeof NOTIFICATION_RESOURCE_TYPES)[number];

/** Repeat interval choices of the rule form (§9). Stored as written (`1h`, `1d`, `1w`; `1m` is one minute). */
export const REPEAT_INTERVAL_OPTIONS = ['1h', '2h', '3h', '6h', '1d', '1w', '1m'] as const;

/** Duration presets (§5) for Wait For and silences. Stored in nanoseconds. */
export const DURATION_PRESETS = ['3m', '5m', '10m', '15m', '30m', '1h', '4h', '8h', '1d', '3d', '7d'] as const;

export const NANOS_PER_MILLI = 1_000_000;

// --- Messages (spec 03 §5, §8; literal) -------------------------------------------------------------------------

export const NOTIFICATION_MESSAGES = {
  required: 'This field is required',
  durationTooShort: 'Duration must be greater than 1 minute',
  ruleUpdated: 'Notification updated successfully',
  eventsRequired: 'Events are required',
  silenceResourceRequired: 'This field is required',
  noNotifications: 'No data available',
} as const;

// --- Rules ------------------------------------------------------------------------------------------------------

/**
 * One recipient of the "Others" kind on a rule (`custom_services`): a channel reached by a URL users know
 * (`slack://…`, `ntfy://…`, `generic+https://…`, `smtp://…`) or through a stored connection
 * (`connection://[namespace/]name`), with the channel's own properties (a Slack channel, a priority).
 */
export interface CustomService {
  name: string;
  url?: string | null;
  connection?: string | null;
  properties?: Record<string, string>;
}

/** A rule as the API answers it (`notifications` plus the counts of `notifications_with_status`). */
export interface NotificationRule {
  id: string;
  name: string;
  namespace: string;
  title: string | null;
  events: string[];
  /** CEL over the event's variables (docs/notifications.md); empty: every event of the named kinds. */
  filter: string | null;
  /** Go template (Markdown); empty: the engine's default for the event. */
  template: string | null;
  properties: Record<string, string>;
  person_id: string | null;
  team_id: string | null;
  custom_services: CustomService[] | null;
  /** `1h`, `1d`…: at most one message per rule, resource and event name within it. */
  repeat_interval: string | null;
  /** Nanoseconds to hold a message and re-read the resource before sending. */
  wait_for: number | null;
  source: string;
  error: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  /** From notifications_with_status. */
  pending?: number;
  failed?: number;
  sent?: number;
  avg_duration_ms?: number | null;
  most_common_error?: string | null;
}

/** The rule form's body (POST creates, PATCH changes the fields given). */
export interface NotificationRuleInput {
  name: string;
  namespace?: string;
  title?: string | null;
  events: string[];
  filter?: string | null;
  template?: string | null;
  properties?: Record<string, string>;
  person_id?: string | null;
  team_id?: string | null;
  custom_services?: CustomService[] | null;
  repeat_interval?: string | null;
  wait_for?: number | null;
}

/** `POST /api/notifications/rules/validate-filter`: whether a CEL filter compiles and runs on a sample event. */
export interface FilterCheck {
  ok: boolean;
  error?: string;
}

/** `POST /api/notifications/rules/preview`: the title and body rendered against a sample event of the first event. */
export interface TemplatePreviewRequest {
  event: string;
  title?: string | null;
  template?: string | null;
}
export interface TemplatePreview {
  title: string;
  /** Markdown. */
  body: string;
  /** The Markdown rendered to HTML (sanitized), as the email channel sends it. */
  html: string;
}

// --- Send history -----------------------------------------------------------------------------------------------

/** A row of `notification_send_history_summary`. */
export interface SendHistoryRow {
  id: string;
  notification_id: string;
  status: SendStatus;
  source_event: string;
  event_id: string | null;
  resource_id: string | null;
  resource_type: NotificationResourceType | null;
  resource: { id: string; name: string; type?: string | null; icon?: string | null; namespace?: string | null } | null;
  person_id: string | null;
  /** `person:<id>`, `custom:<name>`. */
  recipient: string | null;
  /** The channel type that delivered it (`email`, `slack`, `console` for the bell only). */
  channel: string | null;
  title: string | null;
  body: string | null;
  error: string | null;
  attempts: number;
  duration_millis: number | null;
  count: number;
  first_observed: string;
  created_at: string;
  updated_at: string;
}

// --- Silences ---------------------------------------------------------------------------------------------------

export interface NotificationSilence {
  id: string;
  namespace: string;
  /** The reason. */
  description: string | null;
  from: string;
  until: string;
  recursive: boolean;
  source: string;
  canary_id: string | null;
  check_id: string | null;
  component_id: string | null;
  config_id: string | null;
  /** Label selectors (`env=prod,team=payments`) matched against the resource's labels. */
  selectors: string | null;
  /** CEL over the same variables as a rule's filter. */
  filter: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface NotificationSilenceInput {
  description?: string | null;
  from?: string | null;
  until: string;
  recursive?: boolean;
  canary_id?: string | null;
  check_id?: string | null;
  component_id?: string | null;
  config_id?: string | null;
  selectors?: string | null;
  filter?: string | null;
}

// --- The bell ---------------------------------------------------------------------------------------------------

export interface InboxItem {
  id: string;
  notification_id: string;
  title: string;
  status: SendStatus;
  source_event: string;
  resource_type: NotificationResourceType | null;
  resource_id: string | null;
  created_at: string;
  read: boolean;
}

/** `GET /api/notifications/inbox`: the signed-in person's latest notifications, newest first. */
export interface Inbox {
  unread: number;
  items: InboxItem[];
}

// --- Channels ---------------------------------------------------------------------------------------------------

/** What every channel delivers: the rendered title and Markdown body, and what it is about. */
export interface NotificationMessage {
  title: string;
  /** Markdown. */
  body: string;
  event: string;
  resource: {
    id: string;
    type: NotificationResourceType;
    name: string;
    health: string | null;
    status: string | null;
  } | null;
  /** The resource's page in the console (absolute when PUBLIC_URL is set). */
  url: string | null;
  /** The rule's and the recipient's properties merged (recipient wins). */
  properties: Record<string, string>;
  /** Stable per rule and resource: an Opsgenie alias, a PagerDuty dedup_key, a thread key. */
  groupKey: string;
  /** The resource is healthy again (`check.passed`, `*.healthy`): channels with incidents of their own resolve them. */
  resolved: boolean;
  /** How many events this message stands for (grouped while waiting). */
  count: number;
}

/**
 * Where to: a channel URL users know (`slack://token@channel`), a stored connection with its secrets resolved, or
 * email addresses (Person and Team recipients go through the `email` channel with `to`).
 */
export interface ChannelTarget {
  url: string | null;
  connection: ResolvedConnection | null;
  to?: string[];
  properties: Record<string, string>;
}

export interface ChannelHttpRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
}
export interface ChannelHttpResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface ChannelContext {
  /**
   * HTTP through the console's one outbound client: address policy, credential binding (a connection's secret goes
   * only to its own origin), timeout and size cap. Never answers for a refused or failed call: it throws.
   */
  http(url: string | URL, request: ChannelHttpRequest): Promise<ChannelHttpResponse>;
  /** For protocols other than HTTP (SMTP): call before connecting, with everything sent. */
  guard: OutboundGuard;
  signal: AbortSignal;
  timeoutMs: number;
  /** From SMTP's `smtpConnection` setting: the smtp connection Person and Team emails go through. */
  defaultSmtp(): Promise<ResolvedConnection | null>;
}

export interface ChannelReceipt {
  /** The peer's id for what it made (a Slack ts, an Opsgenie request id), kept in the history's error-free row. */
  id?: string | null;
}

/**
 * What a channel's gateway plugin implements, registered with `@Extension(NOTIFICATION_CHANNELS, '<type>')`
 * (gateway/src/core/notifications). A rule's "Others" recipient picks its channel by the URL's scheme (`schemes`) or
 * by its connection's type (`connectionTypes`). `send` throws a `ChannelError` (gateway core) saying what the peer
 * answered; `retryable: false` ends the delivery at once (a 4xx that will not change), anything else is retried (not
 * before the error's `retryAfterMs` when the peer said when to come back).
 */
export interface NotificationChannel {
  readonly type: string;
  readonly label: string;
  /** URL schemes it accepts (`slack`, `generic+https`…), without `://`. */
  readonly schemes: readonly string[];
  readonly connectionTypes: readonly string[];
  /**
   * The service's documented address (`https://slack.com`), where a connection without a URL sends: its secrets are
   * bound to this origin and the engine hands the channel the connection with `url` set to it. A connection's own
   * url overrides it (another region, a proxy, a test peer). Absent for self-hosted services (webhook, Mattermost).
   */
  readonly defaultUrl?: string;
  /** Problems with a target at save time (`url: …`, `connection: …`); empty when it can be used. */
  validate(target: ChannelTarget): string[];
  send(message: NotificationMessage, target: ChannelTarget, ctx: ChannelContext): Promise<ChannelReceipt>;
}

/** Who may write rules and silences (spec 03 §6). */
export const NOTIFICATIONS_WRITE = { resource: 'notifications', action: 'write' } as const;
export const NOTIFICATIONS_READ = { resource: 'notifications', action: 'read' } as const;
