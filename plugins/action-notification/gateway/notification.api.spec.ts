import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ACTION_TYPES } from '@gateway/core/playbooks';
import { PluginHost } from '@gateway/core/plugin-host/plugin-host.service';
import { actionContext } from '../../../test/support/action-context';
import { startSmtpPeer, type SmtpPeer } from '../../../test/support/peers/smtp-peer';
import { TestApp } from '../../../test/support/test-app';

/** The action as the running console has it: its stored connections (secrets encrypted at rest) and its settings. */
describe('notification action in the console', () => {
  let smtp: SmtpPeer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpPeer({ mailer: 'mail-secret' });
    t = await TestApp.start({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'notification-action-')) });
  });
  afterAll(async () => {
    await t?.stop();
    await smtp?.stop();
  });

  it('is an action type of the console and mails through a stored smtp connection named connection://namespace/name', async () => {
    const action = t.app.get(PluginHost).find(ACTION_TYPES, 'notification');
    expect(action).toBeDefined();
    const admin = await t.signInAs(['admin']);
    await admin.agent
      .post('/api/connections')
      .set('x-csrf-token', admin.csrf)
      .send({
        name: 'ops-mail',
        namespace: 'ops',
        type: 'smtp',
        properties: { host: '127.0.0.1', port: String(smtp.port), from: 'ops@example.com' },
        username: 'mailer',
        password: 'mail-secret',
      })
      .expect(201);
    const outcome = await action!.run(
      { title: 'Done', message: 'All *good*', to: ['oncall@example.com'], connection: 'connection://ops/ops-mail' },
      actionContext(),
    );
    expect(outcome.error).toBeUndefined();
    const mail = smtp.messages.find((m) => m.headers['message-id'] === outcome.result.messageId)!;
    expect(mail).toMatchObject({ from: 'ops@example.com', to: ['oncall@example.com'], user: 'mailer' });
    expect(mail.headers.subject).toBe('Done');
  });
});
