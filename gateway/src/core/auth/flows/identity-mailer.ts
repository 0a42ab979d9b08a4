import { Inject, Injectable, Logger } from '@nestjs/common';
import nodemailer from 'nodemailer';
import type { ResolvedConnection } from '@contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { ConnectionStore, smtpFrom, smtpTransportOptions } from '../../connections';

export interface IdentityMail {
  to: { name: string; address: string };
  subject: string;
  text: string;
}

/**
 * The account flows' emails (invitations, recovery and verification links), sent through the same smtp connection as
 * every other email of the console: the one `NOTIFY_SMTP_CONNECTION` names, else the first smtp connection. Without
 * one nothing is sent and the caller says so (an invitation link is then shared by hand).
 */
@Injectable()
export class IdentityMailer {
  private readonly logger = new Logger('IdentityMailer');

  constructor(
    private readonly connections: ConnectionStore,
    @Inject(APP_CONFIG) private readonly config: { notify: Pick<AppConfig['notify'], 'smtpConnection'> },
  ) {}

  async connection(): Promise<ResolvedConnection | null> {
    const named = this.config.notify.smtpConnection;
    if (named) {
      const found = await this.connections.resolve(named);
      if (!found) this.logger.warn(`NOTIFY_SMTP_CONNECTION names ${named}, which does not exist: account emails are not sent`);
      return found;
    }
    return this.connections.firstOfType(['smtp']);
  }

  /** Sends the mail; false when no smtp connection is configured or the server refused it (logged, never thrown). */
  async send(mail: IdentityMail): Promise<boolean> {
    try {
      const smtp = await this.connection();
      if (!smtp) return false;
      const transport = nodemailer.createTransport(smtpTransportOptions(smtp));
      try {
        await transport.sendMail({ from: smtpFrom(smtp), to: mail.to, subject: mail.subject, text: mail.text });
        return true;
      } finally {
        transport.close();
      }
    } catch (error) {
      this.logger.warn(`Could not send '${mail.subject}': ${(error as Error).message}`);
      return false;
    }
  }
}

const product = 'the operations console';

export const MAILS = {
  invite: (name: string, inviter: string, link: string, expiresAt: Date) => ({
    subject: 'You are invited to the operations console',
    text: [
      `Hello ${name},`,
      '',
      `${inviter} invited you to ${product}. Create your account by choosing a password here:`,
      '',
      link,
      '',
      `The link works once and until ${expiresAt.toISOString()}. If you did not expect this invitation, ignore this email.`,
    ].join('\n'),
  }),
  recovery: (name: string, link: string, expiresAt: Date) => ({
    subject: 'Recover your account',
    text: [
      `Hello ${name},`,
      '',
      `someone (hopefully you) asked to recover your account of ${product}. Choose a new password here:`,
      '',
      link,
      '',
      `The link works once and until ${expiresAt.toISOString()}. If you did not ask for it, ignore this email: your password stays as it is.`,
    ].join('\n'),
  }),
  verification: (name: string, link: string, expiresAt: Date) => ({
    subject: 'Verify your email address',
    text: [
      `Hello ${name},`,
      '',
      `please confirm that this is your email address for ${product}:`,
      '',
      link,
      '',
      `The link works once and until ${expiresAt.toISOString()}.`,
    ].join('\n'),
  }),
};
