import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ResolvedConnection } from '@contracts';
import { AddressPolicy, CredentialLedger, RunGuard } from '@gateway/core/outbound';
import { ACTION_TYPES } from '@gateway/core/playbooks';
import { extensionsOf } from '@gateway/core/plugin-host/extension-point';
import { actionContext } from '../../../test/support/action-context';
import { startSmtpPeer, type SmtpPeer } from '../../../test/support/peers/smtp-peer';
import { NotificationAction } from './notification.action';

/** The stored connections the action may look up, by id, `connection://name` or name. */
function store(connections: ResolvedConnection[]) {
  const find = (ref: string) => connections.find((c) => c.id === ref || c.name === ref.replace(/^connection:\/\//, '')) ?? null;
  return {
    resolve: async (ref: string | null | undefined) => (ref ? find(ref) : null),
    firstOfType: async (types: readonly string[]) => connections.find((c) => types.includes(c.type)) ?? null,
  };
}

const smtpConnection = (name: string, port: number, password = 'mail-secret'): ResolvedConnection => ({
  id: `00000000-0000-4000-8000-00000000000${name.length}`,
  name,
  type: 'smtp',
  url: `smtp://127.0.0.1:${port}`,
  username: 'mailer',
  password,
  certificate: null,
  insecure_tls: false,
  properties: { from: `${name}@console.example`, encryption: 'None' },
});

/** A MIME body as sent (quoted-printable soft breaks and escapes undone). */
const decoded = (raw: string) => raw.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local webhook receiver answering `status` (and `answer`) to every request it records. */
async function startWebhook(status = 200, answer = '{"ok":true}') {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(status, { 'content-type': 'application/json' }).end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, port, received, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const noNamed = { notify: { smtpConnection: null } };

describe('notification action', () => {
  let smtp: SmtpPeer;
  beforeAll(async () => {
    smtp = await startSmtpPeer({ mailer: 'mail-secret' });
  });
  afterAll(() => smtp.stop());

  it('is the notification type of the action types, and not safe to run twice', () => {
    const action = new NotificationAction(store([]), noNamed);
    expect(extensionsOf(NotificationAction)).toEqual([{ point: ACTION_TYPES.id, id: 'notification' }]);
    expect(action.retrySafe).toBe(false);
  });

  describe('email', () => {
    it('sends the Markdown message as text and HTML through the first smtp connection', async () => {
      const action = new NotificationAction(store([smtpConnection('relay', smtp.port)]), noNamed);
      const ctx = actionContext();
      const before = smtp.messages.length;
      const outcome = await action.run(
        {
          title: 'Disk almost full on db-1',
          message: '**Disk** at 93%\n\n- cleaned /tmp\n- see [runbook](https://runbooks.example/disk)\n\n<script>alert(1)</script>',
          to: 'oncall@example.com, lead@example.com',
          properties: { host: 'db-1', usage: 93 },
        },
        ctx,
      );
      expect(outcome.error).toBeUndefined();
      expect(outcome.result).toEqual({ sent: 'email', to: ['oncall@example.com', 'lead@example.com'], messageId: expect.stringMatching(/^<.+@.+>$/) });
      expect(smtp.messages).toHaveLength(before + 1);
      const mail = smtp.messages.at(-1)!;
      expect(mail).toMatchObject({ from: 'relay@console.example', to: ['oncall@example.com', 'lead@example.com'], user: 'mailer' });
      expect(mail.headers.subject).toBe('Disk almost full on db-1');
      expect(mail.headers['message-id']).toBe(outcome.result.messageId);
      const [text, html] = decoded(mail.body).split('Content-Type: text/html; charset=utf-8');
      expect(text).toContain('Content-Type: text/plain; charset=utf-8');
      expect(text).toContain('**Disk** at 93%');
      expect(text).toContain('host: db-1\r\nusage: 93');
      expect(html).toContain('<p><strong>Disk</strong> at 93%</p>');
      expect(html).toContain('<a href="https://runbooks.example/disk">runbook</a>');
      expect(html).toContain('<th align="left">usage</th><td>93</td>');
      // Raw HTML in a message is shown as text, never sent as markup.
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).not.toContain('<script>');
      expect(ctx.lines[0]).toBe(`sending email to oncall@example.com, lead@example.com through relay (127.0.0.1:${smtp.port})`);
    });

    it('uses the named connection, else NOTIFY_SMTP_CONNECTION, before the first one; the subject defaults to the playbook', async () => {
      const first = smtpConnection('first', smtp.port);
      const ops = smtpConnection('ops-mail', smtp.port);
      const named = smtpConnection('named-mail', smtp.port);
      const connections = store([first, ops, named]);

      await new NotificationAction(connections, noNamed).run({ message: 'a', to: ['x@example.com'], connection: 'connection://named-mail' }, actionContext());
      expect(smtp.messages.at(-1)!.from).toBe('named-mail@console.example');

      const ctx = actionContext({ scope: { playbook: { id: 'p', name: 'restart-pod', title: 'Restart pod' } } });
      await new NotificationAction(connections, { notify: { smtpConnection: 'connection://ops-mail' } }).run({ message: 'b', to: 'x@example.com' }, ctx);
      expect(smtp.messages.at(-1)!.from).toBe('ops-mail@console.example');
      expect(smtp.messages.at(-1)!.headers.subject).toBe('Playbook Restart pod');
    });

    it('fails with the reason when there is no smtp connection, a named one is missing or is not smtp', async () => {
      const none = await new NotificationAction(store([]), noNamed).run({ message: 'm', to: 'x@example.com' }, actionContext());
      expect(none.error).toBe('there is no smtp connection to send email with (add one in Settings → Connections, or name one with NOTIFY_SMTP_CONNECTION)');

      const jira: ResolvedConnection = { ...smtpConnection('jira', 1), type: 'jira' };
      const action = new NotificationAction(store([jira]), { notify: { smtpConnection: 'connection://gone' } });
      expect((await action.run({ message: 'm', to: 'x@example.com', connection: 'connection://missing' }, actionContext())).error).toBe(
        'connection: connection://missing not found',
      );
      expect((await action.run({ message: 'm', to: 'x@example.com', connection: 'connection://jira' }, actionContext())).error).toBe(
        'connection: jira is not an smtp connection (it is jira)',
      );
      expect((await action.run({ message: 'm', to: 'x@example.com' }, actionContext())).error).toBe(
        'NOTIFY_SMTP_CONNECTION names connection://gone, which does not exist',
      );
    });

    it('fails with the server’s answer when the smtp credentials are wrong', async () => {
      const before = smtp.messages.length;
      const action = new NotificationAction(store([smtpConnection('relay', smtp.port, 'wrong')]), noNamed);
      const outcome = await action.run({ message: 'm', to: 'x@example.com' }, actionContext());
      expect(outcome.error).toMatch(/^could not send the email through relay: .*Invalid username or password/);
      expect(smtp.messages).toHaveLength(before);
    });

    it('does not connect where the outbound policy refuses, nor send another connection’s credential in the message', async () => {
      const before = smtp.messages.length;
      const action = new NotificationAction(store([smtpConnection('relay', smtp.port)]), noNamed);
      // The smtp peer's port stands for the console's own.
      const policy = new AddressPolicy({ listenPort: smtp.port, database: null, allow: [] });
      const refused = await action.run({ message: 'm', to: 'x@example.com' }, actionContext({ outbound: new RunGuard(policy) }));
      expect(refused.error).toBe(
        `could not send the email through relay: 127.0.0.1:${smtp.port} is not reachable from checks: it is this console. An administrator can allow it.`,
      );

      const ledger = new CredentialLedger();
      ledger.record('vault-token-123', { name: 'vault', url: 'https://vault.example' });
      const guard = new RunGuard(new AddressPolicy({ listenPort: -1, database: null, allow: [] }), ledger);
      const leaked = await action.run({ message: 'the token is vault-token-123', to: 'x@example.com' }, actionContext({ outbound: guard }));
      expect(leaked.error).toBe(
        `could not send the email through relay: the credential from connection 'vault' may only be sent to https://vault.example:443, not smtp://127.0.0.1:${smtp.port}`,
      );
      expect(smtp.messages).toHaveLength(before);
    });
  });

  describe('webhook', () => {
    it('posts the notification as JSON with the playbook and the run, and answers the status', async () => {
      const hook = await startWebhook(202);
      try {
        const action = new NotificationAction(store([]), noNamed);
        const ctx = actionContext({ scope: { playbook: { id: 'p-1', name: 'restart-pod', title: 'Restart pod' }, run: { id: 'r-1', created_by: 'u-1' } } });
        const outcome = await action.run(
          { title: 'Restarted', message: 'web-1 restarted', url: `${hook.url}/hooks/ops?x=1`, properties: { pod: 'web-1' } },
          ctx,
        );
        expect(outcome).toEqual({ result: { sent: 'webhook', url: `${hook.url}/hooks/ops?x=1`, code: 202 } });
        expect(hook.received).toHaveLength(1);
        expect(hook.received[0]).toMatchObject({ method: 'POST', url: '/hooks/ops?x=1', headers: { 'content-type': 'application/json' } });
        expect(JSON.parse(hook.received[0].body)).toEqual({
          title: 'Restarted',
          message: 'web-1 restarted',
          properties: { pod: 'web-1' },
          playbook: { id: 'p-1', name: 'restart-pod', title: 'Restart pod' },
          run: { id: 'r-1', created_by: 'u-1' },
        });
      } finally {
        await hook.stop();
      }
    });

    it('fails with the status and what the webhook said when it does not accept', async () => {
      const hook = await startWebhook(500, 'channel archived');
      try {
        const outcome = await new NotificationAction(store([]), noNamed).run({ message: 'm', url: hook.url }, actionContext());
        expect(outcome).toEqual({ error: 'the webhook answered HTTP 500: channel archived', result: { url: hook.url, code: 500 } });
      } finally {
        await hook.stop();
      }
    });

    it('does not call a webhook the outbound policy refuses', async () => {
      const hook = await startWebhook();
      try {
        const policy = new AddressPolicy({ listenPort: hook.port, database: null, allow: [] });
        const outcome = await new NotificationAction(store([]), noNamed).run(
          { message: 'm', url: hook.url },
          actionContext({ outbound: new RunGuard(policy) }),
        );
        expect(outcome.error).toBe(
          `could not call the webhook: 127.0.0.1:${hook.port} is not reachable from checks: it is this console. An administrator can allow it.`,
        );
        expect(hook.received).toHaveLength(0);
      } finally {
        await hook.stop();
      }
    });
  });

  it('names each problem of the body by its field', () => {
    const action = new NotificationAction(store([]), noNamed);
    expect(action.validate({})).toEqual(['message: required', 'to: required (email addresses), or url for a webhook']);
    expect(action.validate({ message: 'm', to: 'a@example.com', url: 'https://hooks.example' })).toEqual([
      'to: give either to (email) or url (webhook), not both',
    ]);
    expect(action.validate({ message: 'm', to: ['a@example.com', 'nobody'] })).toEqual(["to: 'nobody' is not an email address"]);
    expect(action.validate({ message: 'm', to: { a: 1 } })).toEqual(['to: must be an email address or a list of them']);
    expect(action.validate({ message: 'm', to: [] })).toEqual(['to: required (email addresses), or url for a webhook']);
    expect(action.validate({ message: 'm', url: 'ftp://files.example', connection: 'connection://mail' })).toEqual([
      'url: must be an http:// or https:// URL',
      'connection: only applies to email (to)',
    ]);
    expect(action.validate({ message: 'm', to: 'Ops <ops@example.com>', connection: 'mail', title: 3, properties: [] })).toEqual([
      'title: must be text',
      'connection: must be a connection:// reference to an smtp connection',
      'properties: must be a map',
    ]);
    // Filled in when the run starts.
    expect(action.validate({ message: '{{ .params.text }}', to: '{{ .params.email }}', connection: '{{ .params.mail }}' })).toEqual([]);
    expect(action.validate({ message: 'm', url: '$(params.hook)' })).toEqual([]);
    // A `$(` inside other text is not rendered by the engine: it is judged as written.
    expect(action.validate({ message: 'm', url: 'ftp://$(params.host)/hook' })).toEqual(['url: must be an http:// or https:// URL']);
  });

  it('judges at run time what templates filled in, even when it still looks like a template', async () => {
    const action = new NotificationAction(store([]), noNamed);
    const ctx = actionContext();
    const outcome = await action.run({ message: 'm', url: 'file:///{{ x }}' }, ctx);
    expect(outcome).toEqual({ error: 'url: must be an http:// or https:// URL', result: {} });
    expect(ctx.lines).toEqual([]);
  });
});
