import type { ExtensionPoint } from '../../../gateway/src/core/plugin-host/extension-point';
import { CHECK_RUNNERS } from '../../../gateway/src/core/checks/check-runners';
import { PluginHost } from '@gateway/core/plugin-host/plugin-host.service';
import type { CheckResult, CheckRunner } from '@contracts';
import { TestApp } from '../../support/test-app';

const YAML = (name: string, extra = '') => `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: ${name}
  namespace: prod
  labels: {team: web}
spec:
  schedule: "@every 30s"
  severity: high
  ldap:
    - name: directory
      host: ldap://localhost
  junit:
    - name: suite
      testResults: /tmp/none
${extra}`;

describe('canaries API and Run Now', () => {
  let t: TestApp;
  let editor: Awaited<ReturnType<TestApp['signInAs']>>;
  const fake: CheckRunner & { next: Partial<CheckResult> } = {
    type: 'junit',
    next: {},
    validate: (spec) => (spec.testResults ? [] : ['testResults: required']),
    run: async () => ({ pass: true, invalid: false, duration: 12, message: 'ok', error: null, details: { code: 200, body: 'hello' }, ...fake.next }),
  };
  beforeAll(async () => {
    t = await TestApp.start({ HEALTH_SCHEDULER: 'off' }); // runs here come from Run Now only
    const host = t.app.get(PluginHost);
    const original = host.find.bind(host);
    jest
      .spyOn(host, 'find')
      .mockImplementation(((point: ExtensionPoint<unknown>, id: string) =>
        point === CHECK_RUNNERS && id === 'junit' ? fake : original(point, id)) as unknown as PluginHost['find']);
    editor = await t.signInAs(['editor']);
  });
  afterAll(() => t?.stop());

  const post = (body: object) => editor.agent.post('/api/canaries').set('x-csrf-token', editor.csrf).send(body);
  const count = async (sql: string, params: unknown[] = []) => Number((await t.pool.query(sql, params)).rows[0].n);

  it('creates a canary from YAML with its checks', async () => {
    const res = await post({ yaml: YAML('web') }).expect(201);
    expect(res.body).toMatchObject({ name: 'web', namespace: 'prod', schedule: '@every 30s', labels: { team: 'web' } });
    expect(res.body.checks.map((c: { type: string; name: string }) => `${c.type}/${c.name}`)).toEqual(['junit/suite', 'ldap/directory']);
    const rows = (await t.pool.query(`select type, severity, labels, endpoint, next_runtime from checks where canary_id = $1 order by type`, [res.body.id]))
      .rows;
    expect(rows[1]).toMatchObject({ type: 'ldap', severity: 'high', labels: { team: 'web' }, endpoint: 'ldap://localhost' });
    expect(rows[0].next_runtime).not.toBeNull();
  });

  it('takes a raw YAML body (Content-Type: application/yaml), as kubectl-style clients send it', async () => {
    const res = await editor.agent.post('/api/canaries').set('x-csrf-token', editor.csrf).set('content-type', 'application/yaml').send(YAML('raw')).expect(201);
    expect(res.body).toMatchObject({ name: 'raw', namespace: 'prod' });
    const bad = await editor.agent
      .post('/api/canaries')
      .set('x-csrf-token', editor.csrf)
      .set('content-type', 'application/yaml')
      .send('metadata:\n  name: x\n bad: [')
      .expect(400);
    expect(bad.body.message).toMatch(/^YAML syntax error at line \d+, column \d+/);
  });

  it('creates from {name, namespace, spec}', async () => {
    const res = await post({ name: 'plain', namespace: 'ops', spec: { schedule: '*/5 * * * *', tcp: [{ name: 'port', endpoint: 'localhost:1' }] } }).expect(
      201,
    );
    expect(res.body.checks).toHaveLength(1);
  });

  it('answers 400 with the line, field, schedule or types, and saves nothing', async () => {
    const before = await count(`select count(*) n from canaries`);
    const syntax = await post({ yaml: 'metadata:\n  name: x\n bad: [' }).expect(400);
    expect(syntax.body.message).toMatch(/^YAML syntax error at line 3, column \d+/);
    const field = await post({ yaml: YAML('bad-field').replace('      testResults: /tmp/none\n', '') }).expect(400);
    expect(field.body.message).toBe('spec.junit[0].testResults: required');
    const schedule = await post({ yaml: YAML('bad-schedule').replace('@every 30s', 'every minute') }).expect(400);
    expect(schedule.body.message).toMatch(/^invalid schedule: /);
    const type = await post({ name: 'x', spec: { nosuch: [{ name: 'a' }] } }).expect(400);
    // Every registered type, sorted (whatever other plugin folders are present).
    expect(type.body.message).toMatch(/^unknown check type 'nosuch'; supported types: [a-z0-9, ]+$/);
    const listed = type.body.message.replace(/^.*supported types: /, '').split(', ');
    expect(listed).toEqual([...listed].sort());
    expect(listed).toEqual(expect.arrayContaining(['http', 'tcp', 'exec', 'ldap']));
    expect(await count(`select count(*) n from canaries`)).toBe(before);
  });

  it('updates in place: upserts checks, soft-deletes removed ones; delete is soft', async () => {
    const created = await post({ yaml: YAML('upd') }).expect(201);
    const ids = Object.fromEntries(created.body.checks.map((c: { name: string; id: string }) => [c.name, c.id]));
    const updated = await editor.agent
      .put(`/api/canaries/${created.body.id}`)
      .set('x-csrf-token', editor.csrf)
      .send({ yaml: YAML('upd').replace(/ {2}ldap:\n.*\n.*\n/, '') })
      .expect(200);
    expect(updated.body.checks).toEqual([expect.objectContaining({ id: ids.suite, name: 'suite' })]);
    expect(await count(`select count(*) n from checks where id = $1 and deleted_at is not null`, [ids.directory])).toBe(1);
    // a bad update changes nothing
    await editor.agent.put(`/api/canaries/${created.body.id}`).set('x-csrf-token', editor.csrf).send({ yaml: 'x: [' }).expect(400);
    await editor.agent.delete(`/api/canaries/${created.body.id}`).set('x-csrf-token', editor.csrf).expect(204);
    expect(await count(`select count(*) n from canaries where id = $1 and deleted_at is not null`, [created.body.id])).toBe(1);
    expect(await count(`select count(*) n from checks where canary_id = $1 and deleted_at is null`, [created.body.id])).toBe(0);
    await editor.agent.get(`/api/canaries/${created.body.id}`).expect(404);
  });

  it('needs write on canaries', async () => {
    const viewer = await t.signInAs(['viewer']);
    await viewer.agent
      .post('/api/canaries')
      .set('x-csrf-token', viewer.csrf)
      .send({ yaml: YAML('v') })
      .expect(403);
  });

  it('Run Now stores and returns the result, applying transform → display → test', async () => {
    const created = await post({
      yaml: YAML(
        'run',
        '      transform: {expr: "{\'size\': size(body)}"}\n      display: {expr: "\'size \' + string(size)"}\n      test: {expr: "code == 200 && size == 5"}\n',
      ),
    }).expect(201);
    const suite = created.body.checks.find((c: { name: string }) => c.name === 'suite');
    const responder = await t.signInAs(['responder']);
    const res = await responder.agent.post(`/api/canary/run/check/${suite.id}`).set('x-csrf-token', responder.csrf).expect(200);
    expect(res.body).toMatchObject({ check_id: suite.id, status: true, invalid: false, duration: 12, message: 'size 5', details: { code: 200, size: 5 } });
    expect(res.body.time).toMatch(/\.\d{3}Z$/);
    const check = (await t.pool.query(`select status, last_runtime, last_transition_time from checks where id = $1`, [suite.id])).rows[0];
    expect(check.status).toBe('healthy');
    expect(check.last_transition_time).toEqual(check.last_runtime);

    fake.next = { details: { code: 500, body: 'hello' } };
    const failed = await responder.agent.post(`/api/canary/run/check/${suite.id}`).set('x-csrf-token', responder.csrf).expect(200);
    expect(failed.body).toMatchObject({ status: false, invalid: false });
    expect((await t.pool.query(`select status from checks where id = $1`, [suite.id])).rows[0].status).toBe('unhealthy');
    expect(await count(`select count(*) n from check_statuses where check_id = $1`, [suite.id])).toBe(2);
    fake.next = {};

    const ldap = created.body.checks.find((c: { name: string }) => c.name === 'directory');
    const unsupported = await editor.agent.post(`/api/canary/run/check/${ldap.id}`).set('x-csrf-token', editor.csrf).expect(200);
    expect(unsupported.body).toMatchObject({ status: false, invalid: true, message: 'check type not supported' });
  });

  it('Run Now: a bad test expression is invalid; viewers may not run', async () => {
    const created = await post({ yaml: YAML('badexpr', '      test: {expr: "code +"}\n') }).expect(201);
    const suite = created.body.checks.find((c: { name: string }) => c.name === 'suite');
    const res = await editor.agent.post(`/api/canary/run/check/${suite.id}`).set('x-csrf-token', editor.csrf).expect(200);
    expect(res.body).toMatchObject({ status: false, invalid: true });
    expect(res.body.message).toMatch(/^test: /);
    const viewer = await t.signInAs(['viewer']);
    const refused = await viewer.agent.post(`/api/canary/run/check/${suite.id}`).set('x-csrf-token', viewer.csrf).expect(403);
    expect(refused.body).toMatchObject({ code: 'permission_denied', message: 'Run Now needs the admin, editor, responder or commander role' });
    const commander = await t.signInAs(['commander']);
    await commander.agent.post(`/api/canary/run/check/${suite.id}`).set('x-csrf-token', commander.csrf).expect(200);
  });
});
