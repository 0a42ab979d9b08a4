import { Injectable } from '@nestjs/common';
import nodemailer from 'nodemailer';
import { RESPONDER_SETUP_MESSAGES, ResponderSetupError, type ResolvedConnection, type ResponderCreateContext, type ResponderHandler } from '@contracts';
import { ConnectionStore, smtpFrom, smtpTransportOptions } from '@gateway/core/connections';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { incidentFooter } from './email-message';
import { RESPONDER_HANDLERS } from '@gateway/core/responders';

/**
 * `email` responders: one real message through an smtp connection (the responder's, else the first smtp
 * connection). The external id is the message's Message-ID.
 */
@Injectable()
@Extension(RESPONDER_HANDLERS, 'email')
export class EmailResponder implements ResponderHandler {
  readonly type = 'email' as const;
  readonly connectionTypes = ['smtp'] as const;

  constructor(private readonly connections: ConnectionStore) {}

  async create({ incident, fields, connection }: ResponderCreateContext): Promise<{ externalId: string }> {
    const to = fields.to?.trim();
    if (!to) throw new Error('The email responder has no recipient (to)');
    const smtp = connection ?? (await this.connections.firstOfType(this.connectionTypes));
    if (!smtp) {
      throw new ResponderSetupError(
        RESPONDER_SETUP_MESSAGES.emailNotConfigured,
        '/settings/connections',
        'there is no smtp connection (add one in Settings → Connections)',
      );
    }
    return sendMail(smtp, {
      to,
      subject: fields.subject?.trim() || `[${incident.incident_id}] ${incident.title}`,
      text: `${fields.body ?? ''}\n${incidentFooter(incident)}`,
    });
  }
}

export async function sendMail(connection: ResolvedConnection, message: { to: string; subject: string; text: string }): Promise<{ externalId: string }> {
  const transport = nodemailer.createTransport(smtpTransportOptions(connection));
  try {
    const info = await transport.sendMail({ from: smtpFrom(connection), ...message });
    if (info.rejected?.length) throw new Error(`The SMTP server rejected ${info.rejected.join(', ')}`);
    return { externalId: info.messageId };
  } finally {
    transport.close();
  }
}
