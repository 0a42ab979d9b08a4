import { TestApp } from '../../support/test-app';

/** Run Now through the real app for check types that need the app's own services (catalog reads the database). */
describe('Run Now with the registered check types', () => {
  let t: TestApp;
  let editor: Awaited<ReturnType<TestApp['signInAs']>>;
  beforeAll(async () => {
    // The postgres peer of these checks is the server that also holds the console's own test database, which the
    // outbound policy refuses unless allowed (test/security/secrets-and-outbound proves the refusal).
    t = await TestApp.start({ HEALTH_SCHEDULER: 'off', OUTBOUND_ALLOW: '127.0.0.1:5432' });
    editor = await t.signInAs(['editor']);
  });
  afterAll(() => t?.stop());

  const create = async (spec: object) =>
    (
      await editor.agent
        .post('/api/canaries')
        .set('x-csrf-token', editor.csrf)
        .send({ name: `c${Date.now()}`, spec })
        .expect(201)
    ).body.checks[0].id as string;
  const runNow = (id: string) => editor.agent.post(`/api/canary/run/check/${id}`).set('x-csrf-token', editor.csrf).send({}).expect(200);

  it('catalog: counts the selected config items, and fails when the selection is empty', async () => {
    await t.pool.query(
      `insert into config_items (name, type, health) values ('run-now-a', 'Kubernetes::Pod', 'healthy'), ('run-now-b', 'Kubernetes::Pod', 'unhealthy')`,
    );
    const found = await runNow(await create({ catalog: [{ name: 'pods', selector: { types: ['Kubernetes::Pod'], name: 'run-now-*' } }] }));
    expect(found.body).toMatchObject({ status: true, invalid: false });
    expect(found.body.details.count).toBe(2);
    const none = await runNow(await create({ catalog: [{ name: 'nothing', selector: { types: ['No::Such'] } }] }));
    expect(none.body).toMatchObject({ status: false, invalid: false });
  });

  it('a type the editor offers but no runner implements saves and reports invalid, never a pass', async () => {
    const result = await runNow(await create({ ldap: [{ name: 'dir', host: 'ldap://127.0.0.1' }] }));
    expect(result.body).toMatchObject({ status: false, invalid: true, message: expect.stringContaining('check type not supported') });
  });

  it('takes a connection string and credentials from stored connections (connection:// and secretKeyRef)', async () => {
    const admin = await t.signInAs(['admin']);
    await admin.agent
      .post('/api/connections')
      .set('x-csrf-token', admin.csrf)
      .send({ name: 'local-pg', type: 'postgres', url: 'postgres://127.0.0.1:5432/postgres', username: 'postgres', password: 'unused-with-trust' })
      .expect(201);
    const viaUrl = await runNow(
      await create({ postgres: [{ name: 'by-connection', connection: 'connection://local-pg', query: 'SELECT current_user AS who' }] }),
    );
    expect(viaUrl.body).toMatchObject({ status: true, invalid: false, details: { rows: [{ who: 'postgres' }] } });
    const username = { valueFrom: { secretKeyRef: { name: 'local-pg', key: 'username' } } };
    const viaRef = await runNow(
      await create({ postgres: [{ name: 'by-ref', connection: 'postgres://127.0.0.1:5432/postgres', username, query: 'SELECT current_user AS who' }] }),
    );
    expect(viaRef.body).toMatchObject({ status: true, details: { rows: [{ who: 'postgres' }] } });
    const missing = await runNow(await create({ postgres: [{ name: 'no-such', connection: 'connection://nope' }] }));
    expect(missing.body).toMatchObject({ status: false, invalid: true, message: 'connection: could not be resolved' });
  });
});
