import request from 'supertest';
import { CSRF_COOKIE } from '@contracts';
import type { ReceivedMail, SmtpPeer } from '../../../support/peers/smtp-peer';
import type { SignedInAgent, TestApp } from '../../../support/test-app';

/** The text of a received mail, quoted-printable undone when the sender used it (long lines such as links). */
export function mailText(mail: ReceivedMail): string {
  const qp = /quoted-printable/i.test(mail.headers['content-transfer-encoding'] ?? '');
  if (!qp) return mail.body;
  return mail.body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits (polling, bounded) for a mail to `to` after `since` messages; the flows send some mails after answering. */
export async function mailTo(smtp: SmtpPeer, to: string, since: number, attempts = 100): Promise<ReceivedMail> {
  for (let i = 0; i < attempts; i++) {
    const found = smtp.messages.slice(since).find((m) => m.to.includes(to));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No mail to ${to} arrived`);
}

/** The link of a flow in a mail: its path and token. */
export function linkIn(mail: ReceivedMail, page: 'registration' | 'recovery' | 'verification'): { url: URL; token: string } {
  const match = mailText(mail).match(new RegExp(`https?://\\S+/${page}\\?token=[A-Za-z0-9_%-]+`));
  if (!match) throw new Error(`No /${page} link in:\n${mailText(mail)}`);
  const url = new URL(match[0]);
  return { url, token: url.searchParams.get('token')! };
}

/** A browser that is signed in after a flow answered with its cookies. */
export function agentFrom(agent: request.Agent, res: request.Response, personId: string, email: string): SignedInAgent {
  const csrf =
    ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .find((c) => c.startsWith(`${CSRF_COOKIE}=`))
      ?.split('=')[1] ?? '';
  return { agent, csrf, personId, email };
}

/** Registers the smtp peer as the console's smtp connection (Settings → Connections), as an admin would. */
export async function addSmtpConnection(admin: SignedInAgent, smtp: SmtpPeer): Promise<string> {
  const res = await admin.agent
    .post('/api/connections')
    .set('x-csrf-token', admin.csrf)
    .send({
      name: 'mail',
      type: 'smtp',
      url: `smtp://127.0.0.1:${smtp.port}`,
      username: 'mailer',
      password: 'mail-secret',
      properties: { from: 'console@example.com' },
    })
    .expect(201);
  return res.body.id as string;
}

export const post = (who: SignedInAgent, url: string) => who.agent.post(url).set('x-csrf-token', who.csrf);

export async function sessionCount(t: TestApp, personId: string): Promise<number> {
  const { rows } = await t.pool.query(`select count(*)::int as n from sessions where person_id = $1 and revoked_at is null`, [personId]);
  return rows[0].n as number;
}
