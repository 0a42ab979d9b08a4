import { Injectable } from '@nestjs/common';
import nodemailer from 'nodemailer';
import type { ResolvedConnection, ResponderCreateContext, ResponderHandler, ResponderIncident, ResponderOption } from '@contracts';
import { ConnectionStore, smtpFrom, smtpTransportOptions } from '@gateway/core/connections';
import { Db } from '@gateway/core/database/db.service';
import { Extension } from '@gateway/core/plugin-host/extension-point';

/**
 * `person` responders: an email to the person (people.email, by the `person` field or the responder's person_id)
 * through the smtp connection named by `NOTIFY_SMTP_CONNECTION`, else the first smtp connection.
 * The external id is the Message-ID.
 */
@Injectable()
@Extension('responders', 'person')
export class PersonResponder implements ResponderHandler {
  readonly type = 'person' as const;
  readonly connectionTypes = ['smtp'] as const;

  constructor(
    private readonly db: Db,
    private readonly connections: ConnectionStore,
  ) {}

  async create({ incident, fields, responderId, connection }: ResponderCreateContext): Promise<{ externalId: string }> {
    const person = await this.db.one<{ name: string; email: string | null }>(
      `select p.name, p.email from people p
        where p.id = coalesce(nullif($1, '')::uuid, (select person_id from responders where id = $2::uuid))`,
      [uuidOrEmpty(fields.person), uuidOrNull(responderId)],
    );
    if (!person) throw new Error('The responder names no person');
    if (!person.email) throw new Error(`${person.name} has no email address`);
    const smtp = connection ?? (await this.smtpConnection());
    if (!smtp) throw new Error('No smtp connection is configured to notify people (set NOTIFY_SMTP_CONNECTION or add one)');
    const transport = nodemailer.createTransport(smtpTransportOptions(smtp));
    try {
      const info = await transport.sendMail({
        from: smtpFrom(smtp),
        to: { name: person.name, address: person.email },
        subject: `You were added as a responder to incident ${incident.incident_id}: ${incident.title}`,
        text: notification(person.name, incident),
      });
      return { externalId: info.messageId };
    } finally {
      transport.close();
    }
  }

  /** `person.people`: people who can be emailed. */
  async options(key: string): Promise<ResponderOption[]> {
    if (key !== 'person.people') throw new Error(`Unknown person option list '${key}'`);
    return this.db.query<ResponderOption>(`select id::text as value, name as label from people where email is not null order by name`);
  }

  private async smtpConnection(): Promise<ResolvedConnection | null> {
    const named = process.env.NOTIFY_SMTP_CONNECTION?.trim();
    if (named) {
      const found = await this.connections.resolve(named);
      if (!found) throw new Error(`NOTIFY_SMTP_CONNECTION names ${named}, which does not exist`);
      return found;
    }
    return this.connections.firstOfType(this.connectionTypes);
  }
}

function notification(name: string, incident: ResponderIncident): string {
  return [
    `Hello ${name},`,
    '',
    `you were added as a responder to incident ${incident.incident_id}.`,
    '',
    `Title: ${incident.title}`,
    `Severity: ${incident.severity}`,
    `Status: ${incident.status}`,
    ...(incident.description ? ['', incident.description] : []),
    '',
    incident.url,
  ].join('\n');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidOrEmpty = (v: string | undefined) => (v && UUID.test(v.trim()) ? v.trim() : '');
const uuidOrNull = (v: string | undefined) => (v && UUID.test(v) ? v : null);
