import { Inject, Injectable } from '@nestjs/common';
import nodemailer from 'nodemailer';
import type { ActionContext, ActionOutcome, ActionSpec, ActionType, ResolvedConnection } from '@contracts';
import { abortedBy, httpCall, httpUrl, isConnectionRef } from '@gateway/core/checks/runner-kit';
import { APP_CONFIG, type AppConfig } from '@gateway/core/config/app-config';
import { ConnectionStore, smtpFrom, smtpTransportOptions } from '@gateway/core/connections';
import { ACTION_TYPES, failureMessage, judgedLater } from '@gateway/core/playbooks';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { emailParts } from './notification-message';

/** An address, alone or as `Name <address>`. */
const EMAIL = /^(?:[^<>]*<\s*)?[^\s@<>]+@[^\s@<>]+(?:\s*>)?$/;
/** What the webhook's answer may say in the error (its body is not stored). */
const WEBHOOK_ANSWER_CHARS = 300;

type Smtp = Pick<ConnectionStore, 'resolve' | 'firstOfType'>;

/**
 * Action type `notification`: `{title?, message, properties?}` sent either by email (`to`, through an smtp
 * connection: `connection`, else NOTIFY_SMTP_CONNECTION, else the first smtp connection) or as a JSON POST to a
 * webhook (`url`). The message is Markdown: the email carries it as text and as HTML.
 */
@Injectable()
@Extension(ACTION_TYPES, 'notification')
export class NotificationAction implements ActionType {
  readonly type = 'notification';
  // Resumed after an interruption, it would notify twice.
  readonly retrySafe = false;

  constructor(
    @Inject(ConnectionStore) private readonly connections: Smtp,
    @Inject(APP_CONFIG) private readonly config: { notify: Pick<AppConfig['notify'], 'smtpConnection'> },
  ) {}

  /** At save time, a field written as a template (`{{ .params.to }}`, `$(…)`) is judged when the action runs. */
  validate(body: ActionSpec): string[] {
    return this.problems(body, false);
  }

  private problems(body: ActionSpec, atRun: boolean): string[] {
    const errors: string[] = [];
    const later = judgedLater(atRun);
    const { title, message, to, url, connection, properties } = body;
    if (typeof message !== 'string' || !message.trim()) errors.push('message: required');
    if (title !== undefined && title !== null && typeof title !== 'string') errors.push('title: must be text');
    const hasTo = to !== undefined && to !== null && to !== '';
    const hasUrl = url !== undefined && url !== null && url !== '';
    if (hasTo && hasUrl) errors.push('to: give either to (email) or url (webhook), not both');
    else if (!hasTo && !hasUrl) errors.push('to: required (email addresses), or url for a webhook');
    if (hasTo) {
      const list = recipients(to);
      if (!list) errors.push('to: must be an email address or a list of them');
      else if (!list.length) errors.push('to: required (email addresses), or url for a webhook');
      else for (const address of list) if (!later(address) && !EMAIL.test(address)) errors.push(`to: '${address}' is not an email address`);
    }
    if (hasUrl && (typeof url !== 'string' || (!later(url) && !httpUrl(url)))) errors.push('url: must be an http:// or https:// URL');
    if (connection !== undefined && connection !== null && connection !== '') {
      if (typeof connection !== 'string' || (!later(connection) && !isConnectionRef(connection))) {
        errors.push('connection: must be a connection:// reference to an smtp connection');
      } else if (hasUrl && !hasTo) errors.push('connection: only applies to email (to)');
    }
    if (properties !== undefined && properties !== null && (typeof properties !== 'object' || Array.isArray(properties))) {
      errors.push('properties: must be a map');
    }
    return errors;
  }

  async run(body: ActionSpec, ctx: ActionContext): Promise<ActionOutcome> {
    const problems = this.problems(body, true);
    if (problems.length) return { error: problems.join('; '), result: {} };
    const properties = (body.properties ?? {}) as Record<string, unknown>;
    const title = typeof body.title === 'string' && body.title.trim() ? body.title.trim() : null;
    const message = body.message as string;
    if (typeof body.url === 'string' && body.url) return this.webhook(body.url, { title, message, properties }, ctx);
    return this.email(recipients(body.to)!, body.connection as string | undefined, { title, message, properties }, ctx);
  }

  private async email(to: string[], ref: string | undefined, note: Note, ctx: ActionContext): Promise<ActionOutcome> {
    let smtp: ResolvedConnection;
    try {
      smtp = await this.smtpConnection(ref);
    } catch (error) {
      return { error: (error as Error).message, result: { to } };
    }
    const subject = note.title ?? `Playbook ${ctx.scope.playbook.title ?? ctx.scope.playbook.name}`;
    const { text, html } = emailParts(note.message, note.properties);
    let transport: ReturnType<typeof nodemailer.createTransport> | null = null;
    try {
      const options = smtpTransportOptions(smtp);
      const from = smtpFrom(smtp);
      // The address policy, and no credential of another connection in what is sent.
      await ctx.outbound.check({ protocol: 'smtp:', host: options.host, port: options.port }, { from, to, subject, text });
      ctx.log(`sending email to ${to.join(', ')} through ${smtp.name} (${options.host}:${options.port})`);
      transport = nodemailer.createTransport(options);
      const info = await Promise.race([transport.sendMail({ from, to, subject, text, html }), abortedBy(ctx.signal)]);
      if (info.rejected?.length) return { error: `the SMTP server rejected ${info.rejected.map(String).join(', ')}`, result: { to } };
      ctx.log(`sent, message id ${info.messageId}`);
      return { result: { sent: 'email', to, messageId: info.messageId } };
    } catch (error) {
      return { error: `could not send the email through ${smtp.name}: ${failureMessage(ctx, error)}`, result: { to } };
    } finally {
      transport?.close();
    }
  }

  private async webhook(url: string, note: Note, ctx: ActionContext): Promise<ActionOutcome> {
    const payload = { title: note.title, message: note.message, properties: note.properties, playbook: ctx.scope.playbook, run: ctx.scope.run };
    ctx.log(`posting to ${new URL(url).origin}`);
    try {
      const res = await httpCall(new URL(url), {
        outbound: ctx.outbound,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
        signal: ctx.signal,
        timeoutMs: ctx.timeoutMs,
        maxBytes: 64 * 1024,
      });
      ctx.log(`the webhook answered HTTP ${res.code}`);
      if (res.code < 200 || res.code > 299) {
        const said = res.body.trim().slice(0, WEBHOOK_ANSWER_CHARS);
        return { error: `the webhook answered HTTP ${res.code}${said ? `: ${said}` : ''}`, result: { url, code: res.code } };
      }
      return { result: { sent: 'webhook', url, code: res.code } };
    } catch (error) {
      return { error: `could not call the webhook: ${failureMessage(ctx, error)}`, result: { url } };
    }
  }

  /** The named connection (it must be an smtp one), else NOTIFY_SMTP_CONNECTION's, else the first smtp connection. */
  private async smtpConnection(ref: string | undefined): Promise<ResolvedConnection> {
    if (ref) {
      const named = await this.connections.resolve(ref);
      if (!named) throw new Error(`connection: ${ref} not found`);
      if (named.type !== 'smtp') throw new Error(`connection: ${named.name} is not an smtp connection (it is ${named.type})`);
      return named;
    }
    const configured = this.config.notify.smtpConnection;
    if (configured) {
      const found = await this.connections.resolve(configured);
      if (!found) throw new Error(`NOTIFY_SMTP_CONNECTION names ${configured}, which does not exist`);
      return found;
    }
    const first = await this.connections.firstOfType(['smtp']);
    if (!first) throw new Error('there is no smtp connection to send email with (add one in Settings → Connections, or name one with NOTIFY_SMTP_CONNECTION)');
    return first;
  }
}

interface Note {
  title: string | null;
  message: string;
  properties: Record<string, unknown>;
}

/** `to` as a list: a string is split at commas and semicolons; null when it is neither text nor a list of text. */
function recipients(to: unknown): string[] | null {
  if (typeof to === 'string')
    return to
      .split(/[,;]/)
      .map((a) => a.trim())
      .filter(Boolean);
  if (Array.isArray(to) && to.every((a) => typeof a === 'string')) return to.map((a: string) => a.trim()).filter(Boolean);
  return null;
}
