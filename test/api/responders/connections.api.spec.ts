import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ResponderSetupError } from '@contracts';
import { loadConfig } from '@gateway/core/config/app-config';
import { ConnectionStore } from '@gateway/core/connections';
import { RESPONDER_HANDLERS } from '../../../gateway/src/core/responders';
import { CONNECTION_TESTS } from '../../../gateway/src/core/connections';
import { PluginHost } from '../../../gateway/src/core/plugin-host/plugin-host.service';
import { startJiraPeer, type JiraPeer } from '../../support/peers/jira-peer';
import { startSmtpPeer, type SmtpPeer } from '../../support/peers/smtp-peer';
import { TestApp, type SignedInAgent } from '../../support/test-app';
import { incident } from './fixtures';

describe('connections API', () => {
  let t: TestApp;
  let admin: SignedInAgent;
  let jira: JiraPeer;
  let smtp: SmtpPeer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'connections-'));
    [t, jira, smtp] = await Promise.all([
      TestApp.start({ DATA_DIR: dataDir }),
      startJiraPeer('bot@example.com', 'jira-token'),
      startSmtpPeer({ mailer: 'mail-secret' }),
    ]);
    admin = await t.signInAs(['admin']);
  });
  afterAll(async () => {
    await Promise.all([t?.stop(), jira?.stop(), smtp?.stop()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (who: SignedInAgent, body: object) => who.agent.post('/api/connections').set('x-csrf-token', who.csrf).send(body);
  const patch = (who: SignedInAgent, id: string, body: object) => who.agent.patch(`/api/connections/${id}`).set('x-csrf-token', who.csrf).send(body);
  const testConnection = (who: SignedInAgent, id: string) => who.agent.post(`/api/connection/test/${id}`).set('x-csrf-token', who.csrf).send({});
  const jiraBody = (name: string) => ({ name, type: 'jira', url: jira.url, username: 'bot@example.com', password: 'jira-token' });

  it('creates a connection, never returning its secret, and stores the secret encrypted', async () => {
    const res = await post(admin, jiraBody('jira-main')).expect(201);
    expect(res.body).toMatchObject({
      name: 'jira-main',
      namespace: 'default',
      type: 'jira',
      url: jira.url,
      password_set: true,
      certificate_set: false,
      source: 'UI',
      created_by: admin.personId,
    });
    expect(res.body).not.toHaveProperty('password');
    expect(res.body).not.toHaveProperty('certificate');
    const list = await admin.agent.get('/api/connections').expect(200);
    expect(JSON.stringify(list.body)).not.toContain('jira-token');
    expect(list.body.find((c: { id: string }) => c.id === res.body.id)).toMatchObject({ password_set: true });
    await admin.agent.get(`/api/connections/${res.body.id}`).expect(200);
    const db = await admin.agent.get('/api/db/connections').expect(200);
    expect(JSON.stringify(db.body)).not.toContain('jira-token');

    const stored = await t.pool.query(`select password from connections where id = $1`, [res.body.id]);
    expect(stored.rows[0].password).toMatch(/^-----BEGIN PGP MESSAGE-----/);
    expect(stored.rows[0].password).not.toContain('jira-token');
    const keyFile = path.join(dataDir, 'connection.key');
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
  });

  it('resolves connections with their secrets for handlers only, by id, name or connection:// reference', async () => {
    const created = await post(admin, { ...jiraBody('jira-ref'), namespace: 'ops' }).expect(201);
    const store = t.app.get(ConnectionStore);
    for (const ref of [created.body.id, 'connection://ops/jira-ref', 'ops/jira-ref', 'jira-ref']) {
      expect(await store.resolve(ref)).toMatchObject({ id: created.body.id, password: 'jira-token', type: 'jira', url: jira.url });
    }
    expect(await store.resolve('connection://default/jira-ref')).toBeNull();
  });

  it('validates per type: name, type and the fields the type needs; namespace defaults', async () => {
    expect((await post(admin, { type: 'jira', url: jira.url }).expect(400)).body.message).toBe('Name is required');
    expect((await post(admin, { name: 'x' }).expect(400)).body.message).toBe('Type is required');
    expect((await post(admin, { name: 'x', type: 'carrier_pigeon' }).expect(400)).body.message).toBe("Unknown connection type 'carrier_pigeon'");
    expect((await post(admin, { name: 'x', type: 'jira', username: 'u', password: 'p' }).expect(400)).body.message).toBe(
      'URL is required for a jira connection',
    );
    expect((await post(admin, { name: 'x', type: 'smtp' }).expect(400)).body.message).toBe('URL or host is required for a smtp connection');
    expect((await post(admin, { name: 'x', type: 'jira', url: 'example.com', username: 'u', password: 'p' }).expect(400)).body.message).toBe(
      'URL must include a scheme such as https://',
    );
    await post(admin, jiraBody('dup')).expect(201);
    expect((await post(admin, jiraBody('dup')).expect(409)).body.message).toBe('Connection default/dup already exists');
  });

  it('keeps a secret on update unless a new one or null is sent', async () => {
    const { body } = await post(admin, jiraBody('jira-update')).expect(201);
    const updated = await patch(admin, body.id, { username: 'bot@example.com', url: jira.url + '/' }).expect(200);
    expect(updated.body.password_set).toBe(true);
    await testConnection(admin, body.id).expect(200, { message: 'ok' });
    await patch(admin, body.id, { password: '' }).expect(200);
    await testConnection(admin, body.id).expect(200, { message: 'ok' });

    await patch(admin, body.id, { password: 'wrong' }).expect(200);
    const failed = await testConnection(admin, body.id).expect(400);
    expect(failed.body.message).toBe('You are not authenticated. Authentication required to perform this operation.');

    expect((await patch(admin, body.id, { password: null }).expect(400)).body.message).toBe('Password is required for a jira connection');
    const cleared = await patch(
      admin,
      (await post(admin, { name: 'plain-http', type: 'http', url: 'https://example.com', password: 's' }).expect(201)).body.id,
      {
        password: null,
      },
    ).expect(200);
    expect(cleared.body.password_set).toBe(false);
  });

  it('answers 501 for a type without a test, with the message the web shows', async () => {
    const { body } = await post(admin, { name: 'hook', type: 'webhook', url: 'https://example.com/hook' }).expect(201);
    const res = await testConnection(admin, body.id).expect(501);
    expect(res.body.message).toBe('We currently do not support testing this connection type');
  });

  it('tests an smtp connection against a real SMTP server', async () => {
    const { body } = await post(admin, {
      name: 'mail',
      type: 'smtp',
      url: `smtp://127.0.0.1:${smtp.port}`,
      username: 'mailer',
      password: 'mail-secret',
    }).expect(201);
    await testConnection(admin, body.id).expect(200, { message: 'ok' });
    await patch(admin, body.id, { password: 'nope' }).expect(200);
    expect((await testConnection(admin, body.id).expect(400)).body.message).toMatch(/Invalid username or password/);
    await patch(admin, body.id, { password: 'mail-secret' }).expect(200);
  });

  it('soft-deletes a connection', async () => {
    const { body } = await post(admin, jiraBody('to-delete')).expect(201);
    await admin.agent.delete(`/api/connections/${body.id}`).set('x-csrf-token', admin.csrf).expect(204);
    await admin.agent.get(`/api/connections/${body.id}`).expect(404);
    expect((await admin.agent.get('/api/connections').expect(200)).body.map((c: { id: string }) => c.id)).not.toContain(body.id);
    expect((await t.pool.query('select deleted_at from connections where id = $1', [body.id])).rows[0].deleted_at).not.toBeNull();
    expect(await t.app.get(ConnectionStore).resolve(body.id)).toBeNull();
    await admin.agent.delete(`/api/connections/${body.id}`).set('x-csrf-token', admin.csrf).expect(404);
  });

  it('lets editors read but not write connections; responders, commanders and viewers cannot read them', async () => {
    const { body } = await post(admin, jiraBody('rbac')).expect(201);
    const editor = await t.signInAs(['editor']);
    await editor.agent.get('/api/connections').expect(200);
    await post(editor, jiraBody('by-editor')).expect(403);
    await patch(editor, body.id, { url: 'https://x.example' }).expect(403);
    await editor.agent.delete(`/api/connections/${body.id}`).set('x-csrf-token', editor.csrf).expect(403);
    await testConnection(editor, body.id).expect(403);
    for (const role of ['responder', 'commander', 'viewer'] as const) {
      const who = await t.signInAs([role]);
      await who.agent.get('/api/connections').expect(403);
      await who.agent.get(`/api/connections/${body.id}`).expect(403);
      await post(who, jiraBody(`by-${role}`)).expect(403);
    }
  });

  it('registers every responder handler on the responders extension point', () => {
    const host = t.app.get(PluginHost);
    expect(
      host
        .get(RESPONDER_HANDLERS)
        .map((h) => h.type)
        .sort(),
    ).toEqual(expect.arrayContaining(['email', 'jira', 'ms_planner', 'person', 'service_now']));
    expect(host.find(CONNECTION_TESTS, 'smtp')).toBeDefined();
  });

  it('notifies a person by email through the first smtp connection', async () => {
    const person = await t.createPerson(['responder'], 'alice@example.com');
    const handler = t.app.get(PluginHost).find(RESPONDER_HANDLERS, 'person')!;
    const before = smtp.messages.length;
    const { externalId } = await handler.create({ incident, responderId: 'not-a-row', fields: { person: person.id }, connection: null });
    const mail = smtp.messages[before];
    expect(mail.to).toEqual(['alice@example.com']);
    expect(mail.headers.subject).toBe(`You were added as a responder to incident ${incident.incident_id}: ${incident.title}`);
    expect(mail.body).toContain(incident.url);
    expect(externalId).toBe(mail.headers['message-id']);
  });
});

describe('person responders and NOTIFY_SMTP_CONNECTION (validated with the rest of the config)', () => {
  let smtp: SmtpPeer;
  const apps: TestApp[] = [];
  beforeAll(async () => {
    smtp = await startSmtpPeer({ mailer: 'mail-secret' });
  });
  afterAll(async () => {
    await Promise.all([...apps.map((a) => a.stop()), smtp?.stop()]);
  });
  const start = async (env: Record<string, string>) => {
    const t = await TestApp.start({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'notify-')), ...env });
    apps.push(t);
    const admin = await t.signInAs(['admin']);
    const person = await t.createPerson(['responder'], 'carol@example.com');
    return { t, admin, person, handler: t.app.get(PluginHost).find(RESPONDER_HANDLERS, 'person')! };
  };
  const notifyMail = (port: number) => ({
    name: 'notify-mail',
    namespace: 'ops',
    type: 'smtp',
    properties: { host: '127.0.0.1', port: String(port), from: 'notify@example.com' },
    username: 'mailer',
    password: 'mail-secret',
  });

  it('notifies through the smtp connection it names', async () => {
    const { admin, person, handler } = await start({ NOTIFY_SMTP_CONNECTION: 'connection://ops/notify-mail' });
    await admin.agent
      .post('/api/connections')
      .set('x-csrf-token', admin.csrf)
      .send({ ...notifyMail(smtp.port), name: 'other-mail', namespace: 'default' })
      .expect(201);
    await admin.agent.post('/api/connections').set('x-csrf-token', admin.csrf).send(notifyMail(smtp.port)).expect(201);
    const { externalId } = await handler.create({ incident, responderId: 'x', fields: { person: person.id }, connection: null });
    expect(smtp.messages.find((m) => m.headers['message-id'] === externalId)!.from).toBe('notify@example.com');
  });

  it('says in plain words that email is not set up when the named connection is missing, naming the setting for admins', async () => {
    const { handler, person } = await start({ NOTIFY_SMTP_CONNECTION: 'connection://ops/missing' });
    const failure = handler.create({ incident, responderId: 'x', fields: { person: person.id }, connection: null });
    await expect(failure).rejects.toBeInstanceOf(ResponderSetupError);
    await expect(failure).rejects.toMatchObject({
      message: 'Email delivery is not configured; ask an administrator',
      setting: '/settings/connections',
      reason: 'NOTIFY_SMTP_CONNECTION names connection://ops/missing, which does not exist',
    });
  });

  it('refuses to start with a malformed value, naming the variable', () => {
    expect(() => loadConfig({ NOTIFY_SMTP_CONNECTION: 'smtp://mail:25' })).toThrow(
      "NOTIFY_SMTP_CONNECTION must look like connection://name or connection://namespace/name, got 'smtp://mail:25'",
    );
  });
});
