import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { ChannelReceipt, ChannelTarget, NotificationMessage, NotificationResourceType, ResolvedConnection } from '@contracts';
import { ExpressionEvaluator } from '@gateway/core/cel';
import { APP_CONFIG, type AppConfig } from '@gateway/core/config/app-config';
import { ConnectionStore } from '@gateway/core/connections';
import { Db } from '@gateway/core/database/db.service';
import { PgListener } from '@gateway/core/database/pg-listener';
import { ChannelContexts, ChannelError, NOTIFICATION_CHANNELS, withDefaultUrl } from '@gateway/core/notifications';
import { CredentialLedger, redactUrlPasswords } from '@gateway/core/outbound';
import { OutboundRefused } from '@gateway/core/outbound/address-policy';
import { PluginHost } from '@gateway/core/plugin-host/plugin-host.service';
import { afterFailure, groupNote, nextAttemptDelayMs, waitForOutcome } from './decisions';
import { FilterError, passesFilter } from './filter';
import { renderMessage } from './render';
import { messageOf } from './message';
import { RulesCache, type EngineRule } from './rules-cache';
import { SilencesCache } from './silences';
import { loadVariables } from './variables';

/** A claimed row. */
interface Claimed {
  id: string;
  notification_id: string;
  status: 'pending' | 'evaluating-waitfor';
  source_event: string;
  event_id: string | null;
  resource_id: string | null;
  resource_type: NotificationResourceType | null;
  person_id: string | null;
  recipient: string | null;
  channel: string | null;
  title: string | null;
  body: string | null;
  payload:
    | (NotificationMessage & { waiting?: undefined })
    | { waiting: { event: { id: string; name: string; properties: Record<string, unknown>; created_at: string } } }
    | null;
  attempts: number;
  parent_id: string | null;
  count: number;
  first_observed: Date;
}

/** What a delivery ended with (written in batches). */
interface Outcome {
  id: string;
  status: 'sent' | 'error' | 'pending' | 'skipped' | 'cancelled' | 'silenced';
  error: string | null;
  duration_millis: number | null;
  receipt: string | null;
  /** A retry: its delay. */
  retry_ms?: number;
}

/** Rows claimed at most at once (within NOTIFY_CONCURRENCY's free slots). */
const BATCH = 100;
/** How long a claimed waiting row is left alone (a replica that died while deciding it hands it over after this). */
const WAIT_LEASE_SECONDS = 60;
const SHUTDOWN_WAIT_MS = 3000;

const CLAIM_SQL = `
  WITH due AS (
    SELECT id FROM notification_send_history
     WHERE status IN ('pending', 'evaluating-waitfor') AND next_attempt_at <= now()
     ORDER BY next_attempt_at
     LIMIT $1
     FOR UPDATE SKIP LOCKED)
  UPDATE notification_send_history h
     SET attempts = h.attempts + CASE WHEN h.status = 'pending' THEN 1 ELSE 0 END,
         next_attempt_at = now() + CASE WHEN h.status = 'pending'
           THEN make_interval(secs => greatest($3::float8, least(3600, $2::float8 * power(2, h.attempts) / 1000.0)))
           ELSE make_interval(secs => ${WAIT_LEASE_SECONDS}) END
    FROM due WHERE h.id = due.id
  RETURNING h.id, h.notification_id, h.status, h.source_event, h.event_id, h.resource_id, h.resource_type, h.person_id,
            h.recipient, h.channel, h.title, h.body, h.payload, h.attempts, h.parent_id, h.count, h.first_observed`;

/** Final outcomes, and the events folded into a carrier settled with it. */
const RECORD_SQL = `
  WITH r AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb)
      AS r(id uuid, status text, error text, duration_millis integer, receipt text, retry_ms double precision)),
  done AS (
    UPDATE notification_send_history h
       SET status = r.status, error = r.error,
           duration_millis = coalesce(r.duration_millis, h.duration_millis),
           receipt = coalesce(r.receipt, h.receipt),
           next_attempt_at = CASE WHEN r.status = 'pending' THEN now() + make_interval(secs => r.retry_ms / 1000.0) END
      FROM r WHERE h.id = r.id
    RETURNING h.id, h.status, h.title, h.body, h.error)
  UPDATE notification_send_history c
     SET status = done.status, title = done.title,
         body = '_Grouped into the message of ' || done.id || '._' || coalesce(E'\\n\\n' || done.body, ''),
         error = CASE WHEN done.status = 'sent' THEN NULL ELSE done.error END,
         next_attempt_at = NULL
    FROM done
   WHERE c.parent_id = done.id AND c.status = 'evaluating-waitfor' AND done.status <> 'pending'`;

/**
 * The deliverer (docs/notifications.md "Delivery"): claims due rows (`pending`, and `evaluating-waitfor` whose wait
 * has passed) with FOR UPDATE SKIP LOCKED, at most NOTIFY_CONCURRENCY in flight. A pending row's attempt is counted
 * and its next attempt set (backoff) in the claiming statement, committed before anything is sent: a crash between
 * send and record resends once after the backoff (at least once), normal operation never sends twice. Then the
 * channel sends in a guard-railed ChannelContext; `sent` with its duration, or `error` with the peer's message
 * (redacted) once the channel says it will not work or NOTIFY_MAX_ATTEMPTS are spent; else it stays pending until
 * its next attempt. Woken by `pg_notify('notification_send')`, by the handler on this replica, and every second.
 */
@Injectable()
export class NotificationDeliverer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(NotificationDeliverer.name);
  private listener: PgListener | null = null;
  private timer: NodeJS.Timeout | null = null;
  private pumping: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private started = false;
  private readonly inFlight = new Set<Promise<void>>();
  /** The last claim filled every free slot: more may be due. */
  private moreDue = false;
  private pending: Outcome[] = [];
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly rules: RulesCache,
    private readonly silences: SilencesCache,
    private readonly evaluator: ExpressionEvaluator,
    private readonly plugins: PluginHost,
    private readonly contexts: ChannelContexts,
    private readonly connections: ConnectionStore,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'notify' | 'publicUrl'>,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.notify.worker) return;
    this.started = true;
    this.listener = new PgListener(this.db.pool, ['notification_send'], () => void this.wake(), this.logger);
    void this.listener.start().catch((error) => this.logger.warn(`LISTEN notification_send failed: ${(error as Error).message}`));
    this.timer = setInterval(() => void this.wake(), 1000);
    this.timer.unref();
    void this.wake();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.listener?.close();
    const all = Promise.all([this.pumping, ...this.inFlight]).then(() => this.flush());
    await Promise.race([all, new Promise((resolve) => setTimeout(resolve, SHUTDOWN_WAIT_MS).unref())]);
  }

  /** Claims what is due into the free slots (no-op when the worker is off). */
  wake(): Promise<void> {
    if (this.stopped || !this.started) return Promise.resolve();
    if (this.pumping) {
      this.again = true;
      return this.pumping;
    }
    this.pumping = (async () => {
      // Never finish synchronously: with every slot busy the loop ends before its first await, and `finally` would clear
      // `pumping` before this assignment stores the settled promise; every later wake() would then return it unclaimed.
      await Promise.resolve();
      try {
        do {
          this.again = false;
          while (!this.stopped) {
            const free = this.config.notify.concurrency - this.inFlight.size;
            if (free <= 0) {
              this.moreDue = true;
              break;
            }
            const want = Math.min(free, BATCH);
            const rows = await this.db.query<Claimed>(CLAIM_SQL, [want, this.config.notify.retryBaseMs, this.leaseSeconds()]);
            this.moreDue = rows.length === want;
            for (const row of rows) this.start(row);
            if (rows.length < want) break;
          }
        } while (this.again && !this.stopped);
      } catch (error) {
        this.logger.warn(`Notification delivery pass failed: ${(error as Error).message}`);
      } finally {
        this.pumping = null;
      }
    })();
    return this.pumping;
  }

  /**
   * How long a claimed row is not claimed again: its send's deadline and a margin, so a slow peer is never sent the
   * same message by a second pass; a failed attempt then sets the real backoff.
   */
  private leaseSeconds(): number {
    return (this.config.notify.sendTimeoutMs + 1000) / 1000 + 5;
  }

  /** Everything due now delivered and recorded (tests). */
  async drain(): Promise<void> {
    for (let i = 0; i < 1000; i++) {
      await this.wake();
      if (!this.inFlight.size && !this.pending.length && !this.flushing) {
        await this.wake();
        if (!this.inFlight.size && !this.pending.length && !this.flushing) return;
      }
      await Promise.all([...this.inFlight, this.flushing]);
      await this.flush();
    }
  }

  private start(row: Claimed): void {
    const work: Promise<void> = this.process(row)
      .then((outcome) => {
        if (outcome) this.record(outcome);
      })
      .catch((error) => this.logger.warn(`Notification ${row.id}: ${(error as Error).message}`))
      .finally(() => {
        this.inFlight.delete(work);
        if (this.moreDue) void this.wake();
      });
    this.inFlight.add(work);
  }

  private async process(row: Claimed): Promise<Outcome | null> {
    if (row.status === 'evaluating-waitfor') return row.parent_id ? this.settleFolded(row) : this.afterWait(row);
    const rule = await this.rules.get(row.notification_id);
    if (!rule) return { id: row.id, status: 'cancelled', error: 'the rule was deleted', duration_millis: null, receipt: null };
    if (row.channel === 'console') return { id: row.id, status: 'sent', error: null, duration_millis: 0, receipt: null };
    return this.send(row, rule);
  }

  /** One attempt through the row's channel. */
  private async send(row: Claimed, rule: EngineRule): Promise<Outcome> {
    const message = row.payload as NotificationMessage | null;
    const fail = (error: string, retryable: boolean, retryAfterMs?: number): Outcome => ({
      id: row.id,
      status: afterFailure(row.attempts, this.config.notify.maxAttempts, retryable) === 'error' ? 'error' : 'pending',
      error,
      duration_millis: null,
      receipt: null,
      retry_ms: nextAttemptDelayMs(row.attempts, this.config.notify.retryBaseMs, retryAfterMs),
    });
    if (!message?.title && message?.title !== '') return fail('the message was not rendered', false);
    const channel = this.plugins
      .contributions(NOTIFICATION_CHANNELS)
      .map((c) => c.instance)
      .find((c) => c.type === row.channel);
    if (!channel) return fail(`no channel '${row.channel ?? ''}' is installed`, false);

    const urlSecrets = new CredentialLedger();
    let target: ChannelTarget;
    let connection: ResolvedConnection | null = null;
    const abort = new AbortController();
    // A connection without a URL sends to the channel's documented address, its secrets bound there.
    const ctxFor = (c: ResolvedConnection | null) => this.contexts.create({ connection: c, defaultUrl: channel.defaultUrl, signal: abort.signal });
    let ctx = ctxFor(null);
    if (row.person_id) {
      const email = rule.people.find((p) => p.id === row.person_id)?.email ?? (await this.personEmail(row.person_id));
      if (!email) return fail('the person has no email address', false);
      const smtp = await ctx.defaultSmtp();
      if (!smtp) return fail('no smtp connection to send email with', true);
      target = { url: null, connection: smtp, to: [email], properties: message.properties ?? {} };
    } else {
      const name = row.recipient?.replace(/^custom:/, '') ?? '';
      const service = (rule.custom_services ?? []).find((s, i) => (s.name || `service ${i + 1}`) === name);
      if (!service) return { id: row.id, status: 'cancelled', error: `the rule no longer has the recipient '${name}'`, duration_millis: null, receipt: null };
      if (service.connection) {
        connection = withDefaultUrl(await this.connections.resolve(service.connection), channel.defaultUrl);
        if (!connection) return fail(`connection ${service.connection} not found`, true);
        ctx = ctxFor(connection);
      }
      if (service.url) recordUrlSecrets(urlSecrets, service.url);
      if (connection?.username && connection.password) recordBasic(urlSecrets, connection.username, connection.password);
      target = { url: service.url ?? null, connection, properties: message.properties ?? {} };
    }
    const redact = (text: string) => redactUrlPasswords(urlSecrets.redact(ctx.ledger.redact(text)));
    const started = Date.now();
    const deadline = this.config.notify.sendTimeoutMs + 1000;
    let timer: NodeJS.Timeout | undefined;
    try {
      const receipt = await Promise.race([
        channel.send(message, target, ctx),
        new Promise<ChannelReceipt>((_, reject) => {
          timer = setTimeout(() => {
            abort.abort();
            reject(new ChannelError(`no answer within ${deadline} ms`));
          }, deadline);
        }),
      ]);
      return {
        id: row.id,
        status: 'sent',
        error: null,
        duration_millis: Date.now() - started,
        receipt: receipt?.id ? redact(String(receipt.id)).slice(0, 500) : null,
      };
    } catch (error) {
      const retryable = error instanceof ChannelError ? error.retryable : !(error instanceof OutboundRefused);
      const text = redact((error as Error)?.message || String(error)).slice(0, 2000);
      return { ...fail(text, retryable, error instanceof ChannelError ? error.retryAfterMs : undefined), duration_millis: Date.now() - started };
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Wait-for has passed: the resource is read again. Recovered (or gone), no longer passing the filter, or silenced
   * meanwhile → not sent (`skipped`, `silenced`), with why; else rendered now (with the count of events folded into
   * it) and queued as `pending`.
   */
  private async afterWait(row: Claimed): Promise<Outcome | null> {
    const rule = await this.rules.get(row.notification_id);
    const done = (status: Outcome['status'], error: string | null): Outcome => ({ id: row.id, status, error, duration_millis: null, receipt: null });
    if (!rule) return done('cancelled', 'the rule was deleted');
    const event = row.payload && 'waiting' in row.payload && row.payload.waiting ? row.payload.waiting.event : null;
    if (!event || !row.resource_type) return done('error', 'the waiting message lost its event');
    const loaded = await loadVariables(this.db, event, this.config.publicUrl ?? null);
    const outcome = waitForOutcome(event.name, row.resource_type, loaded?.variables ?? null);
    if (!outcome.send || !loaded) return done('skipped', outcome.send ? 'the resource was deleted within wait-for' : outcome.reason);
    try {
      if (!(await passesFilter(rule.filter ?? '', loaded.variables, this.evaluator))) return done('skipped', 'the filter no longer matches after wait-for');
    } catch (error) {
      return done('error', `filter: ${(error as FilterError).message}`);
    }
    const silence = await this.silences.covering(loaded, new Date(), this.evaluator);
    if (silence) return done('silenced', `silenced by ${silence}`);
    let rendered: { title: string; body: string };
    try {
      rendered = await renderMessage(rule, event.name, loaded.variables, this.evaluator);
    } catch (error) {
      return done('error', (error as Error).message);
    }
    const note = groupNote(row.count, new Date(row.first_observed), new Date());
    if (note) rendered = { title: rendered.title, body: `${rendered.body}\n\n_${note}._` };
    const message = messageOf(rule, event.name, loaded, rendered, row.count);
    const service = (rule.custom_services ?? []).find((s, i) => `custom:${s.name || `service ${i + 1}`}` === row.recipient);
    message.properties = { ...message.properties, ...stringMap(service?.properties) };
    const bellOnly = row.channel === 'console';
    await this.db.query(
      `UPDATE notification_send_history SET status = $2, title = $3, body = $4, payload = $5, error = NULL,
              next_attempt_at = CASE WHEN $2 = 'pending' THEN now() END
        WHERE id = $1 AND status = 'evaluating-waitfor'`,
      [row.id, bellOnly ? 'sent' : 'pending', rendered.title, rendered.body, JSON.stringify(message)],
    );
    if (bellOnly) {
      // Its folded events are settled with it.
      return { id: row.id, status: 'sent', error: null, duration_millis: 0, receipt: null };
    }
    this.moreDue = true;
    return null;
  }

  /** An event folded into a waiting message whose carrier has finished (a fold that raced with the send). */
  private async settleFolded(row: Claimed): Promise<Outcome | null> {
    const carrier = await this.db.one<{ status: string }>(`SELECT status FROM notification_send_history WHERE id = $1`, [row.parent_id]);
    if (carrier && (carrier.status === 'evaluating-waitfor' || carrier.status === 'pending')) return null; // after its lease
    await this.db.query(
      `UPDATE notification_send_history c
          SET status = coalesce(p.status, 'cancelled'), title = p.title,
              body = '_Grouped into the message of ' || p.id || '._' || coalesce(E'\\n\\n' || p.body, ''),
              error = CASE WHEN p.status = 'sent' THEN NULL ELSE p.error END, next_attempt_at = NULL
         FROM notification_send_history p WHERE c.id = $1 AND p.id = c.parent_id AND c.status = 'evaluating-waitfor'`,
      [row.id],
    );
    return null;
  }

  private async personEmail(id: string): Promise<string | null> {
    const row = await this.db.one<{ email: string | null }>(`SELECT email FROM people WHERE id = $1 AND deleted_at IS NULL`, [id]);
    return row?.email ?? null;
  }

  /** Outcomes are written in batches: one statement for what finished in the same turn. */
  private record(outcome: Outcome): void {
    this.pending.push(outcome);
    if (!this.flushing) this.flushing = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.flush());
  }

  private async flush(): Promise<void> {
    try {
      while (this.pending.length) {
        const batch = this.pending.splice(0, 500);
        await this.db
          .query(RECORD_SQL, [JSON.stringify(batch)])
          .catch((error) => this.logger.warn(`Recording ${batch.length} notification outcomes failed: ${(error as Error).message}`));
      }
    } finally {
      this.flushing = null;
    }
  }
}

/** A channel URL's credentials (user, password, query values, path segments that look like tokens), for redaction only. */
function recordUrlSecrets(ledger: CredentialLedger, url: string): void {
  const source = { name: 'channel url', url: null };
  try {
    const u = new URL(url);
    const username = decodeURIComponent(u.username);
    const password = decodeURIComponent(u.password);
    ledger.record(username, source);
    ledger.record(password, source);
    // A peer that repeats its request's Authorization header (base64) or a header's token without its scheme word.
    if (username || password) recordBasic(ledger, username, password);
    for (const [, value] of u.searchParams) {
      if (value.length < 8) continue;
      ledger.record(value, source);
      const token = /^(?:bearer|basic|token|genieKey|key)\s+(\S{8,})$/i.exec(value.trim())?.[1];
      if (token) ledger.record(token, source);
    }
    for (const part of u.pathname.split('/')) if (part.length >= 16) ledger.record(decodeURIComponent(part), source);
  } catch {
    // not a URL the WHATWG parser reads: nothing to add
  }
}

/** `user:password` as Basic authorization carries it (base64), for redaction only. */
function recordBasic(ledger: CredentialLedger, username: string, password: string): void {
  ledger.record(Buffer.from(`${username}:${password}`).toString('base64'), { name: 'basic authorization', url: null });
}

function stringMap(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
}
