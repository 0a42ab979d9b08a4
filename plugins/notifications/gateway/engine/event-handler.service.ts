import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { NOTIFICATION_EVENTS, type NotificationChannel, type NotificationResourceType, type SendStatus } from '@contracts';
import { ExpressionEvaluator } from '@gateway/core/cel';
import { APP_CONFIG, type AppConfig } from '@gateway/core/config/app-config';
import { ConnectionStore } from '@gateway/core/connections';
import { Db } from '@gateway/core/database/db.service';
import { EVENT_HANDLERS, type EventHandler, type QueuedEvent } from '@gateway/core/events';
import { ChannelContexts, NOTIFICATION_CHANNELS, channelFor, channelScheme } from '@gateway/core/notifications';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { PluginHost } from '@gateway/core/plugin-host/plugin-host.service';
import { parseDuration, waitForMs, withinRepeatInterval } from './decisions';
import { groupKey, messageOf } from './message';
import { NotificationDeliverer } from './deliverer.service';
import { passesFilter } from './filter';
import { renderMessage } from './render';
import { RulesCache, type EngineRule } from './rules-cache';
import { SilencesCache } from './silences';
import { loadVariables } from './variables';

/** A send history row the handler writes (see INSERT_SQL). */
export interface NewRow {
  notification_id: string;
  status: SendStatus;
  source_event: string;
  event_id: string;
  resource_id: string | null;
  resource_type: NotificationResourceType | null;
  person_id: string | null;
  recipient: string | null;
  channel: string | null;
  title: string | null;
  body: string | null;
  error: string | null;
  payload: unknown;
  group_key: string | null;
  parent_id: string | null;
  /** next_attempt_at = now() + delay_ms; null: no next attempt. */
  delay_ms: number | null;
  first_observed: string | null;
}

/** What a waiting row keeps to decide and render when wait-for has passed (`payload.waiting`). */
export interface WaitingPayload {
  waiting: { event: { id: string; name: string; properties: Record<string, unknown>; created_at: string } };
}

/** The history's key of a recipient. */
export const personKey = (id: string) => `person:${id}`;
export const customKey = (name: string) => `custom:${name}`;

const INSERT_SQL = `
  WITH ins AS (
    INSERT INTO notification_send_history
      (notification_id, status, source_event, event_id, resource_id, resource_type, person_id, recipient, channel, title,
       body, error, payload, group_key, parent_id, next_attempt_at, first_observed)
    SELECT r.notification_id, r.status, r.source_event, r.event_id, r.resource_id, r.resource_type, r.person_id,
           r.recipient, r.channel, r.title, r.body, r.error, r.payload, r.group_key, r.parent_id,
           CASE WHEN r.delay_ms IS NULL THEN NULL ELSE now() + make_interval(secs => r.delay_ms / 1000.0) END,
           coalesce(r.first_observed, now())
      FROM jsonb_to_recordset($1::jsonb) AS r(notification_id uuid, status text, source_event text, event_id uuid,
           resource_id uuid, resource_type text, person_id uuid, recipient text, channel text, title text, body text,
           error text, payload jsonb, group_key text, parent_id uuid, delay_ms double precision, first_observed timestamptz)
    ON CONFLICT (event_id, notification_id, recipient) WHERE event_id IS NOT NULL DO NOTHING
    RETURNING id, parent_id, status),
  grouped AS (
    UPDATE notification_send_history h SET count = h.count + 1 FROM ins WHERE h.id = ins.parent_id RETURNING h.id)
  SELECT (SELECT count(*) FROM ins WHERE status = 'pending')::int AS due, (SELECT count(*) FROM grouped)::int AS grouped`;

/** How long the smtp connection's presence and connection types are remembered. */
const LOOKUP_TTL_MS = 5000;

/**
 * The event queue's `notifications` handler (docs/notifications.md "How an event becomes notifications"): for each
 * rule naming the event, in order: its filter (an error is an `error` row and the rule's `error`), silences
 * (`silenced`), wait-for (`evaluating-waitfor`, or folded into a message already waiting for the same rule, resource,
 * event and recipient), repeat interval (`repeat-interval`); else the message is rendered and one `pending` row per
 * recipient is written (bell-only person rows are `sent` at once). Every row is inserted before anything is sent,
 * with ON CONFLICT on (event, rule, recipient), so a redelivered event writes nothing twice.
 */
@Injectable()
@Extension(EVENT_HANDLERS, 'notifications')
export class NotificationEventHandler implements EventHandler {
  readonly events: readonly string[] = NOTIFICATION_EVENTS;
  private readonly logger = new Logger(NotificationEventHandler.name);
  private smtp: { at: number; available: Promise<boolean> } | null = null;
  private readonly connectionTypes = new Map<string, { at: number; type: Promise<string | null> }>();
  /** For tests: the clock. */
  now: () => Date = () => new Date();

  constructor(
    private readonly db: Db,
    private readonly rules: RulesCache,
    private readonly silences: SilencesCache,
    private readonly evaluator: ExpressionEvaluator,
    private readonly plugins: PluginHost,
    private readonly contexts: ChannelContexts,
    private readonly connections: ConnectionStore,
    private readonly deliverer: NotificationDeliverer,
    @Optional() @Inject(APP_CONFIG) private readonly config?: Pick<AppConfig, 'publicUrl'>,
  ) {}

  /** Forget the remembered smtp presence and connection types (after a connection changed; tests). */
  forgetLookups(): void {
    this.smtp = null;
    this.connectionTypes.clear();
  }

  async handle(event: QueuedEvent): Promise<void> {
    const rules = await this.rules.forEvent(event.name);
    if (!rules.length) return;
    const loaded = await loadVariables(this.db, event, this.config?.publicUrl ?? null);
    if (!loaded) return; // the resource is gone: nothing to say about it
    let candidates = rules;
    if (event.attempts > 1) {
      // Redelivered: a rule with a row for this event was decided (all its rows of an event are written in one
      // statement), including rows without a recipient (a silenced one), which the unique key does not cover.
      const done = await this.db.query<{ notification_id: string }>(`SELECT DISTINCT notification_id FROM notification_send_history WHERE event_id = $1`, [
        event.id,
      ]);
      const ids = new Set(done.map((d) => d.notification_id));
      candidates = rules.filter((r) => !ids.has(r.id));
      if (!candidates.length) return;
    }
    const now = this.now();
    const rows: NewRow[] = [];
    const passing: EngineRule[] = [];
    const base = (rule: EngineRule): Omit<NewRow, 'status' | 'error'> => ({
      notification_id: rule.id,
      source_event: event.name,
      event_id: event.id,
      resource_id: loaded.resourceId,
      resource_type: loaded.resourceType,
      person_id: null,
      recipient: null,
      channel: null,
      title: null,
      body: null,
      payload: null,
      group_key: groupKey(rule.id, loaded.resourceId),
      parent_id: null,
      delay_ms: null,
      first_observed: null,
    });

    // Filters (in parallel: each is a worker round trip).
    const filtered = await Promise.all(
      candidates.map(async (rule) => {
        try {
          return { rule, passes: await passesFilter(rule.filter ?? '', loaded.variables, this.evaluator) };
        } catch (error) {
          return { rule, passes: false, error: (error as Error).message };
        }
      }),
    );
    const ruleErrors: { id: string; error: string | null }[] = [];
    for (const f of filtered) {
      if (f.error !== undefined) {
        const error = `filter: ${f.error}`;
        rows.push({ ...base(f.rule), status: 'error', error });
        ruleErrors.push({ id: f.rule.id, error });
      } else if (f.passes) {
        passing.push(f.rule);
        if (f.rule.error?.startsWith('filter: ')) ruleErrors.push({ id: f.rule.id, error: null });
      }
    }
    if (ruleErrors.length) await this.recordRuleErrors(ruleErrors);
    if (!passing.length) return this.write(rows);

    // Silences.
    const silence = await this.silences.covering(loaded, now, this.evaluator);
    if (silence) {
      for (const rule of passing) rows.push({ ...base(rule), status: 'silenced', error: `silenced by ${silence}` });
      return this.write(rows);
    }

    // Repeat interval and messages already waiting for this resource and event.
    const recent = await this.recent(passing, loaded.resourceId, event.name, now);
    const channels = this.plugins.contributions(NOTIFICATION_CHANNELS).map((c) => c.instance);
    const smtp = passing.some((r) => r.people.length) ? await this.smtpAvailable() : false;
    await Promise.all(
      passing.map(async (rule) => {
        const waitMs = waitForMs(rule.wait_for);
        const waiting = recent.waiting.get(rule.id);
        const recipients = await this.recipients(rule, channels, smtp);
        if (waitMs > 0 && waiting) {
          // Folded into the message already waiting (same rule, resource and event): one message, counted.
          for (const r of recipients) {
            const carrier = waiting.get(r.recipient);
            if (!carrier) continue;
            rows.push({
              ...base(rule),
              status: 'evaluating-waitfor',
              error: null,
              person_id: r.person_id,
              recipient: r.recipient,
              channel: r.channel,
              parent_id: carrier.id,
              // A fold racing with its carrier's send is settled by the deliverer after this.
              delay_ms: Math.max(0, carrier.due.getTime() - now.getTime()) + 30_000,
            });
          }
          return;
        }
        if (withinRepeatInterval(rule.repeat_interval, recent.lastSent.get(rule.id) ?? null, now)) {
          rows.push({ ...base(rule), status: 'repeat-interval', error: null });
          return;
        }
        if (waitMs > 0) {
          const payload: WaitingPayload = {
            waiting: { event: { id: event.id, name: event.name, properties: event.properties, created_at: toIso(event.created_at) } },
          };
          for (const r of recipients) {
            rows.push({
              ...base(rule),
              status: r.error ? 'error' : 'evaluating-waitfor',
              error: r.error,
              person_id: r.person_id,
              recipient: r.recipient,
              channel: r.channel,
              payload: r.error ? null : payload,
              delay_ms: r.error ? null : waitMs,
            });
          }
          return;
        }
        let rendered: { title: string; body: string };
        try {
          rendered = await renderMessage(rule, event.name, loaded.variables, this.evaluator);
        } catch (error) {
          rows.push({ ...base(rule), status: 'error', error: (error as Error).message });
          return;
        }
        const message = messageOf(rule, event.name, loaded, rendered);
        for (const r of recipients) {
          const bellOnly = r.channel === 'console';
          rows.push({
            ...base(rule),
            status: r.error ? 'error' : bellOnly ? 'sent' : 'pending',
            error: r.error,
            person_id: r.person_id,
            recipient: r.recipient,
            channel: r.channel,
            title: rendered.title,
            body: rendered.body,
            payload: { ...message, properties: { ...message.properties, ...r.properties } },
            delay_ms: r.error || bellOnly ? null : 0,
          });
        }
      }),
    );
    return this.write(rows);
  }

  private async write(rows: NewRow[]): Promise<void> {
    if (!rows.length) return;
    const [result] = await this.db.query<{ due: number }>(INSERT_SQL, [JSON.stringify(rows)]);
    if (result?.due) void this.deliverer.wake();
  }

  private async recordRuleErrors(errors: { id: string; error: string | null }[]): Promise<void> {
    await this.db
      .query(
        `UPDATE notifications n SET error = e.error FROM jsonb_to_recordset($1::jsonb) AS e(id uuid, error text)
          WHERE n.id = e.id AND n.error IS DISTINCT FROM e.error`,
        [JSON.stringify(errors)],
      )
      .catch((error) => this.logger.warn(`Recording a rule's error failed: ${(error as Error).message}`));
  }

  /**
   * One query for the rules that need it: when each last sent (or queued) a message about this resource and event
   * (repeat interval), and the messages of rules with wait-for still waiting (carriers, by recipient).
   */
  private async recent(
    rules: EngineRule[],
    resourceId: string,
    event: string,
    now: Date,
  ): Promise<{ lastSent: Map<string, Date>; waiting: Map<string, Map<string, { id: string; due: Date }>> }> {
    const lastSent = new Map<string, Date>();
    const waiting = new Map<string, Map<string, { id: string; due: Date }>>();
    const asking = rules.filter((r) => r.repeat_interval || waitForMs(r.wait_for) > 0);
    if (!asking.length) return { lastSent, waiting };
    const rows = await this.db.query<{
      notification_id: string;
      id: string;
      status: string;
      recipient: string | null;
      created_at: Date;
      next_attempt_at: Date | null;
    }>(
      `SELECT notification_id, id, status, recipient, created_at, next_attempt_at FROM notification_send_history
        WHERE notification_id = ANY($1::uuid[]) AND resource_id = $2 AND source_event = $3
          AND status IN ('sent', 'pending', 'evaluating-waitfor') AND parent_id IS NULL
          AND (status = 'evaluating-waitfor' OR created_at > $4::timestamptz - make_interval(secs => $5 / 1000.0))`,
      [asking.map((r) => r.id), resourceId, event, now.toISOString(), Math.max(0, ...asking.map((r) => repeatMs(r.repeat_interval)))],
    );
    for (const row of rows) {
      if (row.status === 'evaluating-waitfor') {
        if (!row.recipient || !row.next_attempt_at || row.next_attempt_at.getTime() <= now.getTime()) continue;
        const byRecipient = waiting.get(row.notification_id) ?? new Map<string, { id: string; due: Date }>();
        byRecipient.set(row.recipient, { id: row.id, due: row.next_attempt_at });
        waiting.set(row.notification_id, byRecipient);
      } else {
        const last = lastSent.get(row.notification_id);
        if (!last || last < row.created_at) lastSent.set(row.notification_id, row.created_at);
      }
    }
    return { lastSent, waiting };
  }

  /**
   * A rule's recipients with their channel: each person (`email` when an smtp connection exists and they have an
   * address, else `console`: the bell only), each custom service (the channel taking its URL's scheme or its
   * connection's type). A service no channel takes is an `error` row.
   */
  private async recipients(
    rule: EngineRule,
    channels: readonly NotificationChannel[],
    smtp: boolean,
  ): Promise<{ recipient: string; person_id: string | null; channel: string | null; properties: Record<string, string>; error: string | null }[]> {
    const out: { recipient: string; person_id: string | null; channel: string | null; properties: Record<string, string>; error: string | null }[] = [];
    for (const person of rule.people) {
      out.push({ recipient: personKey(person.id), person_id: person.id, channel: smtp && person.email ? 'email' : 'console', properties: {}, error: null });
    }
    for (const [i, service] of (rule.custom_services ?? []).entries()) {
      const name = service.name || `service ${i + 1}`;
      const properties = stringMap(service.properties);
      let channel: NotificationChannel | null = null;
      let error: string | null = null;
      if (service.url) {
        channel = channelFor(channels, { url: service.url });
        if (!channel) error = `custom_services[${i}].url: no channel takes the scheme '${channelScheme(service.url) ?? ''}'`;
      } else if (service.connection) {
        const type = await this.connectionType(service.connection);
        channel = type ? channelFor(channels, { connectionType: type }) : null;
        if (!type) error = `custom_services[${i}].connection: connection not found`;
        else if (!channel) error = `custom_services[${i}].connection: no channel takes connections of type '${type}'`;
      } else {
        error = `custom_services[${i}]: neither url nor connection`;
      }
      out.push({ recipient: customKey(name), person_id: null, channel: channel?.type ?? null, properties, error });
    }
    return out;
  }

  private smtpAvailable(): Promise<boolean> {
    if (!this.smtp || Date.now() - this.smtp.at > LOOKUP_TTL_MS) {
      const available = this.contexts
        .create({ connection: null })
        .defaultSmtp()
        .then((c) => c !== null)
        .catch(() => false);
      this.smtp = { at: Date.now(), available };
    }
    return this.smtp.available;
  }

  private connectionType(ref: string): Promise<string | null> {
    const cached = this.connectionTypes.get(ref);
    if (cached && Date.now() - cached.at < LOOKUP_TTL_MS) return cached.type;
    const type = this.connections
      .resolve(ref)
      .then((c) => c?.type ?? null)
      .catch(() => null);
    this.connectionTypes.set(ref, { at: Date.now(), type });
    return type;
  }
}

const repeatMs = (interval: string | null) => parseDuration(interval) ?? 0;

const toIso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

function stringMap(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
}
