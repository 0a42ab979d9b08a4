import { startGraphPeer, type GraphPeer } from '../../support/peers/graph-peer';
import { startJiraPeer, type JiraPeer } from '../../support/peers/jira-peer';
import { startServiceNowPeer, type ServiceNowPeer } from '../../support/peers/service-now-peer';
import { startSmtpPeer, type SmtpPeer } from '../../support/peers/smtp-peer';
import { TestApp, type SignedInAgent } from '../../support/test-app';

/** Polls until `probe` returns something truthy (the responder job runs asynchronously). */
async function eventually<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Issue 3, end to end: a responder added to an incident is delivered by the durable job to the real handler of
 * its type, which talks to the (local) peer through the stored connection; the external id lands on the row.
 */
describe('responder delivery through connections to the peers', () => {
  let t: TestApp;
  let admin: SignedInAgent;
  let responder: SignedInAgent;
  let jira: JiraPeer;
  let snow: ServiceNowPeer;
  let graph: GraphPeer;
  let smtp: SmtpPeer;
  let incident: string;
  let team: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    [t, jira, snow, graph, smtp] = await Promise.all([TestApp.start(), startJiraPeer(), startServiceNowPeer(), startGraphPeer(), startSmtpPeer()]);
    admin = await t.signInAs(['admin']);
    responder = await t.signInAs(['responder']);
    const add = async (body: object) => (await admin.agent.post('/api/connections').set('x-csrf-token', admin.csrf).send(body).expect(201)).body.id as string;
    ids.jira = await add({ name: 'jira', type: 'jira', url: jira.url, username: 'bot@example.com', password: 'jira-token' });
    ids.snow = await add({ name: 'snow', type: 'service_now', url: snow.url, username: 'console', password: 'snow-secret' });
    ids.planner = await add({ name: 'planner', type: 'ms_planner', url: graph.url, password: graph.userToken });
    ids.smtp = await add({ name: 'mail', type: 'smtp', url: `smtp://127.0.0.1:${smtp.port}`, username: 'mailer', password: 'mail-secret' });
    incident = (await t.pool.query(`insert into incidents (title, description, severity) values ('Checkout down', 'd', 'high') returning id`)).rows[0].id;
    team = (
      await t.pool.query(`insert into teams (name, spec) values ('SRE', $1) returning id`, [
        JSON.stringify({ responder_clients: { service_now: { connection: 'connection://default/snow' } } }),
      ])
    ).rows[0].id;
  });
  afterAll(() => Promise.all([t?.stop(), jira?.stop(), snow?.stop(), graph?.stop(), smtp?.stop()]));

  const addResponder = async (body: object) =>
    (await responder.agent.post(`/api/incidents/${incident}/responders`).set('x-csrf-token', responder.csrf).send(body).expect(201)).body.id as string;
  const delivered = (id: string) =>
    eventually(async () => {
      const row = (await t.pool.query('select * from responders where id = $1', [id])).rows[0];
      return row.external_id || row.status === 'no_integration' || row.status === 'failed' ? row : null;
    });

  it('creates a Jira issue on the chosen instance', async () => {
    const id = await addResponder({
      team_id: team,
      properties: { responderType: 'jira', instance: ids.jira, project: 'OPS', issueType: 'Bug', priority: 'High', summary: 'Checkout down', description: 'd' },
    });
    const row = await delivered(id);
    expect(row.external_id).toBe(jira.issues.at(-1)!.key);
    expect(row.external_id).toMatch(/^OPS-\d+$/);
  });

  it('creates a ServiceNow incident through the connection named in the team spec', async () => {
    const row = await delivered(
      await addResponder({ team_id: team, properties: { responderType: 'service_now', category: 'network', description: 'Checkout', body: 'b' } }),
    );
    expect(row.external_id).toBe((snow.incidents.at(-1) as { number: string }).number);
  });

  it('creates a Planner task', async () => {
    const row = await delivered(
      await addResponder({
        team_id: team,
        properties: {
          responderType: 'ms_planner',
          connection: ids.planner,
          plan_id: 'plan-1',
          bucket_id: 'bucket-1',
          priority: 'important',
          title: 'Checkout',
          description: 'd',
        },
      }),
    );
    expect(graph.tasks.find((x) => x.id === row.external_id)).toMatchObject({ priority: 3, title: 'Checkout' });
  });

  it('sends an email and notifies a person', async () => {
    const email = await delivered(
      await addResponder({ team_id: team, properties: { responderType: 'email', to: 'ops@example.com', subject: 'Help', body: 'b' } }),
    );
    expect(smtp.messages.find((m) => m.headers['message-id'] === email.external_id)!.to).toEqual(['ops@example.com']);
    const person = await t.createPerson(['responder'], 'bob@example.com');
    const notified = await delivered(await addResponder({ person_id: person.id }));
    expect(smtp.messages.find((m) => m.headers['message-id'] === notified.external_id)!.to).toEqual(['bob@example.com']);
  });

  it('reports no integration for the types without a handler', async () => {
    const row = await delivered(await addResponder({ team_id: team, properties: { responderType: 'ca', category: 'c', description: 'd', body: 'b' } }));
    expect(row).toMatchObject({ status: 'no_integration', external_id: null });
  });

  it('shows the peer error on the responder when Jira refuses the issue', async () => {
    const id = await addResponder({
      team_id: team,
      properties: { responderType: 'jira', instance: ids.jira, project: 'NOPE', issueType: 'Bug', priority: 'High', summary: 's', description: 'd' },
    });
    const row = await eventually(async () => {
      const current = (await t.pool.query('select * from responders where id = $1', [id])).rows[0];
      return current.error ? current : null;
    });
    expect(row.error).toBe('project: Specify a valid project ID or key');
    expect(row.error_setting).toBeNull();
  });

  it('records a plain sentence and the setting that fixes it when email is not set up, and clears both once delivered', async () => {
    await admin.agent
      .delete(`/api/connections/${ids.smtp}`)
      .set('x-csrf-token', admin.csrf)
      .expect((res) => expect(res.status).toBeLessThan(300));
    try {
      const person = await t.createPerson(['viewer'], `nomail-${Date.now()}@example.com`);
      const id = await addResponder({ person_id: person.id });
      const row = await eventually(async () => {
        const current = (await t.pool.query('select * from responders where id = $1', [id])).rows[0];
        return current.error ? current : null;
      });
      expect(row).toMatchObject({ error: 'Email delivery is not configured; ask an administrator', error_setting: '/settings/connections' });
      const read = await responder.agent.get(`/api/db/responders?id=eq.${id}&select=error,error_setting`).expect(200);
      expect(JSON.stringify(read.body)).not.toMatch(/smtp|NOTIFY_SMTP_CONNECTION/i);
    } finally {
      ids.smtp = (
        await admin.agent
          .post('/api/connections')
          .set('x-csrf-token', admin.csrf)
          .send({ name: 'mail', type: 'smtp', url: `smtp://127.0.0.1:${smtp.port}`, username: 'mailer', password: 'mail-secret' })
          .expect(201)
      ).body.id;
    }
  });

  it('offers Jira projects and Planner buckets through the options endpoint', async () => {
    const projects = await responder.agent.get('/api/incidents/responder-options/jira/jira.projects').query({ connection: ids.jira }).expect(200);
    expect(projects.body).toEqual([
      { value: 'OPS', label: 'Operations' },
      { value: 'WEB', label: 'Website' },
    ]);
    const buckets = await responder.agent
      .get('/api/incidents/responder-options/ms_planner/planner.buckets')
      .query({ connection: ids.planner, plan_id: 'plan-1' })
      .expect(200);
    expect(buckets.body.map((b: { value: string }) => b.value)).toEqual(['bucket-1', 'bucket-2']);
  });
});
