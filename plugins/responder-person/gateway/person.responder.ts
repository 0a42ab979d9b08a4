import { Inject, Injectable } from '@nestjs/common';
import nodemailer from 'nodemailer';
import {
  RESPONDER_SETUP_MESSAGES,
  ResponderSetupError,
  type ResolvedConnection,
  type ResponderCreateContext,
  type ResponderHandler,
  type ResponderIncident,
  type ResponderOption,
} from '@contracts';
import { APP_CONFIG, type AppConfig } from '@gateway/core/config/app-config';
import { ConnectionStore, smtpFrom, smtpTransportOptions } from '@gateway/core/connections';
import { Db } from '@gateway/core/database/db.service';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { RESPONDER_HANDLERS } from '@gateway/core/responders';

/**
 * `person` responders: an email to the person (people.email, by the `person` field or the responder's person_id)
 * through the smtp connection named by `NOTIFY_SMTP_CONNECTION`, else the first smtp connection.
 * The external id is the Message-ID. Without a usable smtp connection the responder says, in plain words, that email
 * delivery is not configured (a ResponderSetupError: admins get a link to Settings → Connections).
 */
@Injectable()
@Extension(RESPONDER_HANDLERS, 'person')
export class PersonResponder implements ResponderHandler {
  readonly type = 'person' as const;
  readonly connectionTypes = ['smtp'] as const;

  constructor(
    private readonly db: Db,
    private readonly connections: ConnectionStore,
    @Inject(APP_CONFIG) private readonly config: { notify: Pick<AppConfig['notify'], 'smtpConnection'> },
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
    if (!smtp) throw setupRequired('there is no smtp connection (add one in Settings → Connections, or name one with NOTIFY_SMTP_CONNECTION)');
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
    const named = this.config.notify.smtpConnection;
    if (named) {
      const found = await this.connections.resolve(named);
      if (!found) throw setupRequired(`NOTIFY_SMTP_CONNECTION names ${named}, which does not exist`);
      return found;
    }
    return this.connections.firstOfType(this.connectionTypes);
  }
}

const setupRequired = (reason: string) => new ResponderSetupError(RESPONDER_SETUP_MESSAGES.emailNotConfigured, '/settings/connections', reason);

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
