import { Injectable } from '@nestjs/common';
import MarkdownIt from 'markdown-it';
import nodemailer from 'nodemailer';
import type { ChannelContext, ChannelReceipt, ChannelTarget, NotificationChannel, NotificationMessage, ResolvedConnection } from '@contracts';
import { smtpFrom, smtpTransportOptions, type SmtpEncryption, type SmtpTransportOptions } from '@gateway/core/connections';
import { ANSWER_CHARS, ChannelError, NOTIFICATION_CHANNELS, refusalError } from '@gateway/core/notifications';
import { Extension } from '@gateway/core/plugin-host/extension-point';

/** An address, alone or as `Name <address>`. */
const EMAIL = /^(?:[^<>]*<\s*)?[^\s@<>,;]+@[^\s@<>,;]+(?:\s*>)?$/;

/** `encryption=` of an `smtp://` URL (shoutrrr's names) → the smtp connection's. */
const URL_ENCRYPTION: Record<string, SmtpEncryption> = { none: 'None', auto: 'Auto', explicittls: 'StartTLS', implicittls: 'SSL' };

/** Raw HTML in a message (which templates fill with a resource's data) is shown as text; unsafe link schemes are dropped. */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

/** What an `smtp://` URL says. */
export interface SmtpUrl {
  connection: ResolvedConnection;
  to: string[];
}

/**
 * `smtp://[user:password@]host[:port]/?from=a@b&to=c@d,e@f[&encryption=None|Auto|ExplicitTLS|ImplicitTLS][&fromname=…]`
 * (the URL format of shoutrrr) as an smtp connection and its recipients. Throws with the problem.
 */
export function parseSmtpUrl(raw: string): SmtpUrl {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new Error('not a valid smtp:// URL');
  }
  if (url.protocol !== 'smtp:') throw new Error(`the scheme must be smtp://, not ${url.protocol}//`);
  if (!url.hostname) throw new Error('no host (smtp://host:port/?from=…&to=…)');
  const encryptionName = url.searchParams.get('encryption');
  const encryption = encryptionName ? URL_ENCRYPTION[encryptionName.toLowerCase()] : 'Auto';
  if (!encryption) throw new Error(`encryption must be None, Auto, ExplicitTLS or ImplicitTLS, not '${encryptionName}'`);
  const from = url.searchParams.get('from')?.trim() ?? '';
  if (from && !EMAIL.test(from)) throw new Error(`from: '${from}' is not an email address`);
  const fromName = url.searchParams.get('fromname')?.trim();
  const to = addresses(url.searchParams.getAll('to').join(','));
  const bad = to.find((a) => !EMAIL.test(a));
  if (bad) throw new Error(`to: '${bad}' is not an email address`);
  const properties: Record<string, string> = { encryption };
  if (from) properties.from = fromName ? `"${fromName.replace(/["\\\r\n]/g, '')}" <${from}>` : from;
  return {
    connection: {
      id: '',
      name: `smtp://${url.host}`,
      type: 'smtp',
      url: `smtp://${url.host}`,
      username: url.username ? decodeURIComponent(url.username) : null,
      password: url.password ? decodeURIComponent(url.password) : null,
      certificate: null,
      insecure_tls: false,
      properties,
    },
    to,
  };
}

/** A list of addresses written with commas, semicolons or line breaks. */
function addresses(text: string | undefined | null): string[] {
  return (text ?? '')
    .split(/[,;\n]/)
    .map((a) => a.trim())
    .filter(Boolean);
}

/** The email's parts: subject = title (one line), text = the Markdown, html = the Markdown rendered. */
export function emailContent(message: NotificationMessage): { subject: string; text: string; html: string } {
  return {
    subject: message.title.replace(/[\r\n]+/g, ' ').trim() || message.event,
    text: message.body,
    html: `<!doctype html><html><body>${markdown.render(message.body)}</body></html>`,
  };
}

/**
 * Channel `email`: SMTP through nodemailer. A target is an `smtp://` URL (its `to=`), an smtp connection (recipients in
 * `to`, the recipient's `to` property, or the connection's), or just `to` (Person and Team recipients) through the
 * console's smtp connection (NOTIFY_SMTP_CONNECTION, else the first one). The server's own answer is the error; a 5xx
 * (permanent) is not retried.
 */
@Injectable()
@Extension(NOTIFICATION_CHANNELS, 'email')
export class EmailChannel implements NotificationChannel {
  readonly type = 'email';
  readonly label = 'Email';
  readonly schemes = ['smtp'] as const;
  readonly connectionTypes = ['smtp'] as const;

  validate(target: ChannelTarget): string[] {
    const problems: string[] = [];
    if (target.url && target.connection) return ['url: give either a url or a connection, not both'];
    const extra = [...(target.to ?? []), ...addresses(target.properties.to)];
    for (const address of extra) if (!EMAIL.test(address)) problems.push(`to: '${address}' is not an email address`);
    if (target.url) {
      try {
        const parsed = parseSmtpUrl(target.url);
        if (!parsed.to.length && !extra.length) problems.push('url: to= is required (smtp://host/?from=…&to=a@example.com,b@example.com)');
      } catch (error) {
        problems.push(`url: ${(error as Error).message}`);
      }
      return problems;
    }
    if (target.connection) {
      const c = target.connection;
      if (c.type !== 'smtp') return [`connection: ${c.name} is a ${c.type} connection, not smtp`];
      try {
        smtpTransportOptions(c);
      } catch (error) {
        problems.push(`connection: ${(error as Error).message}`);
      }
      const own = addresses(c.properties.to);
      for (const address of own) if (!EMAIL.test(address)) problems.push(`connection: to '${address}' is not an email address`);
      if (!extra.length && !own.length) problems.push('to: required (the recipients, as the property to)');
      return problems;
    }
    if (!extra.length) problems.push('to: required');
    return problems;
  }

  async send(message: NotificationMessage, target: ChannelTarget, ctx: ChannelContext): Promise<ChannelReceipt> {
    const problems = this.validate(target);
    if (problems.length) throw new ChannelError(problems.join('; '), false);
    const { connection, to } = await this.route(target, ctx);
    let options: SmtpTransportOptions;
    try {
      options = smtpTransportOptions(connection);
    } catch (error) {
      throw new ChannelError(`connection: ${(error as Error).message}`, false);
    }
    const from = smtpFrom(connection);
    const { subject, text, html } = emailContent(message);
    const where = `${options.host}:${options.port}`;
    try {
      // The address policy, and no credential of another connection in what is sent.
      await ctx.guard.check({ protocol: 'smtp:', host: options.host, port: options.port }, { from, to, subject, text, html });
    } catch (error) {
      throw refusalError(error);
    }
    const transport = nodemailer.createTransport({
      ...options,
      connectionTimeout: Math.min(options.connectionTimeout, ctx.timeoutMs),
      greetingTimeout: Math.min(options.greetingTimeout, ctx.timeoutMs),
      socketTimeout: Math.min(options.socketTimeout, ctx.timeoutMs),
    });
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const stopped = new Promise<never>((_resolve, reject) => {
      const stop = (why: string) => reject(new ChannelError(why));
      timer = setTimeout(() => stop(`${where} did not take the email within ${ctx.timeoutMs} ms`), ctx.timeoutMs);
      onAbort = () => stop('the delivery was cancelled');
      if (ctx.signal.aborted) onAbort();
      else ctx.signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      const info = await Promise.race([transport.sendMail({ from, to, subject, text, html }), stopped]);
      const rejected = (info.rejected ?? []).map(String);
      // Some recipients took it: sending again would mail them twice.
      if (rejected.length) throw new ChannelError(`the SMTP server at ${where} rejected ${rejected.join(', ')}`, false);
      return { id: info.messageId ?? null };
    } catch (error) {
      if (error instanceof ChannelError) throw error;
      throw smtpFailure(error, where);
    } finally {
      clearTimeout(timer);
      if (onAbort) ctx.signal.removeEventListener('abort', onAbort);
      transport.close();
    }
  }

  /** The connection and recipients a target sends through. */
  private async route(target: ChannelTarget, ctx: ChannelContext): Promise<{ connection: ResolvedConnection; to: string[] }> {
    const extra = [...(target.to ?? []), ...addresses(target.properties.to)];
    if (target.url) {
      const parsed = parseSmtpUrl(target.url);
      return { connection: parsed.connection, to: unique(extra.length ? extra : parsed.to) };
    }
    if (target.connection) return { connection: target.connection, to: unique(extra.length ? extra : addresses(target.connection.properties.to)) };
    const smtp = await ctx.defaultSmtp();
    if (!smtp) {
      throw new ChannelError(
        'there is no smtp connection to send email with (add one in Settings → Connections, or name one with NOTIFY_SMTP_CONNECTION)',
        false,
      );
    }
    return { connection: smtp, to: unique(extra) };
  }
}

function unique(list: string[]): string[] {
  return [...new Set(list)];
}

/** What nodemailer's failure says: the server's answer when it gave one (5xx: permanent), else why it could not talk. */
function smtpFailure(error: unknown, where: string): ChannelError {
  const e = error as Error & { responseCode?: number; response?: string; code?: string };
  if (typeof e.responseCode === 'number') {
    const said = (e.response ?? e.message).trim().slice(0, ANSWER_CHARS);
    return new ChannelError(`the SMTP server at ${where} answered: ${said}`, !(e.responseCode >= 500 && e.responseCode < 600));
  }
  if (e.code === 'EENVELOPE' || e.code === 'EMESSAGE') return new ChannelError(`could not send through ${where}: ${e.message}`, false);
  return new ChannelError(`could not send through ${where}: ${e.message}`);
}
