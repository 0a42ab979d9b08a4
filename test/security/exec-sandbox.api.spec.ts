import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TestApp, type SignedInAgent } from '../support/test-app';

/**
 * Issue 8, defect 1: an editor saved an exec check and Run Now ran it as root with the gateway's environment.
 * Now saving a spec that runs code needs write on `exec` (admins) on every write path, and scripts run in the
 * sandbox: another user, an empty environment, no access to DATA_DIR.
 */
const asRoot = process.getuid?.() === 0;
const probe = (name: string, script: string) => ({ name, namespace: 'sec', spec: { exec: [{ name: 'probe', script }] } });

describe('exec checks: who may save them, and what they can reach', () => {
  let t: TestApp;
  let admin: SignedInAgent;
  let editor: SignedInAgent;
  let responder: SignedInAgent;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exec-sec-data-'));
  beforeAll(async () => {
    fs.writeFileSync(path.join(dataDir, 'connection.key'), 'the-connection-key\n', { mode: 0o600 });
    t = await TestApp.start({ HEALTH_SCHEDULER: 'off', DATA_DIR: dataDir });
    [admin, editor, responder] = await Promise.all([t.signInAs(['admin']), t.signInAs(['editor']), t.signInAs(['responder'])]);
  });
  afterAll(async () => {
    await t?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const counts = async () => (await t.pool.query(`select (select count(*) from canaries)::int canaries, (select count(*) from checks)::int checks`)).rows[0];

  it('refuses an editor saving an exec check on the domain route and on the data API, and stores nothing', async () => {
    const before = await counts();
    const res = await editor.agent.post('/api/canaries').set('x-csrf-token', editor.csrf).send(probe('ed-domain', 'id -u')).expect(403);
    expect(res.body.message).toMatch(/Only administrators may save health checks that run scripts/);
    await editor.agent.post('/api/db/canaries').set('x-csrf-token', editor.csrf).send(probe('ed-data', 'id -u')).expect(403);
    const yaml = `apiVersion: canaries.flanksource.com/v1\nkind: Canary\nmetadata:\n  name: ed-yaml\nspec:\n  exec:\n    - name: probe\n      script: id -u\n`;
    await editor.agent.post('/api/canaries').set('x-csrf-token', editor.csrf).send({ yaml }).expect(403);
    expect(await counts()).toEqual(before);
  });

  it("refuses an editor rewriting an administrator's exec check, on either path", async () => {
    const made = await admin.agent.post('/api/canaries').set('x-csrf-token', admin.csrf).send(probe('admin-made', 'echo ok')).expect(201);
    await editor.agent.put(`/api/canaries/${made.body.id}`).set('x-csrf-token', editor.csrf).send(probe('admin-made', 'id -u')).expect(403);
    await editor.agent
      .patch(`/api/db/canaries?id=eq.${made.body.id}`)
      .set('x-csrf-token', editor.csrf)
      .send({ spec: { exec: [{ name: 'probe', script: 'cat /proc/1/environ' }] } })
      .expect(403);
    // replacing the script by another type is a change of the administrator's spec too
    await editor.agent
      .put(`/api/canaries/${made.body.id}`)
      .set('x-csrf-token', editor.csrf)
      .send({ name: 'admin-made', namespace: 'sec', spec: { tcp: [{ name: 't', endpoint: '127.0.0.1:1' }] } })
      .expect(403);
    const stored = await t.pool.query(`select spec->'exec'->0->>'script' script from canaries where id = $1`, [made.body.id]);
    expect(stored.rows[0].script).toBe('echo ok');
  });

  it('lets an editor keep saving canaries without scripts', async () => {
    await editor.agent
      .post('/api/canaries')
      .set('x-csrf-token', editor.csrf)
      .send({ name: 'plain', namespace: 'sec', spec: { tcp: [{ name: 't', endpoint: '127.0.0.1:1' }] } })
      .expect(201);
  });

  (asRoot ? it : it.skip)('runs an administrator’s script for a responder’s Run Now as nobody, away from the gateway’s secrets', async () => {
    const script = [
      'id -u',
      `cat /proc/${process.pid}/environ >/dev/null 2>&1 && echo READ-ENVIRON`,
      `cat ${dataDir}/connection.key 2>/dev/null`,
      'env | grep -c -e DATABASE_URL -e PG -e ADMIN || true',
    ].join('\n');
    const made = await admin.agent.post('/api/canaries').set('x-csrf-token', admin.csrf).send(probe('run-probe', script)).expect(201);
    const res = await responder.agent.post(`/api/canary/run/check/${made.body.checks[0].id}`).set('x-csrf-token', responder.csrf).expect(200);
    expect(res.body.details.stdout).toBe('65534\n0\n');
    expect(JSON.stringify(res.body)).not.toContain('the-connection-key');
  });
});

describe('exec checks with EXEC_ENABLED=false', () => {
  let t: TestApp;
  let admin: SignedInAgent;
  beforeAll(async () => {
    t = await TestApp.start({ HEALTH_SCHEDULER: 'off', EXEC_ENABLED: 'false' });
    admin = await t.signInAs(['admin']);
  });
  afterAll(() => t?.stop());

  it('refuses saving an exec check even for an administrator, and a stored one reports invalid without running', async () => {
    const res = await admin.agent.post('/api/canaries').set('x-csrf-token', admin.csrf).send(probe('off', 'touch /tmp/should-not-exist')).expect(400);
    expect(res.body.message).toBe('Checks that run scripts (exec) are turned off on this console');
    // one stored before scripts were turned off (written directly, as an older version would have)
    const canary = await t.pool.query(`insert into canaries (name, namespace, spec) values ('old', 'sec', '{}') returning id`);
    const check = await t.pool.query(`insert into checks (canary_id, type, name, spec) values ($1, 'exec', 'old', $2) returning id`, [
      canary.rows[0].id,
      { name: 'old', script: 'echo ran' },
    ]);
    const run = await admin.agent.post(`/api/canary/run/check/${check.rows[0].id}`).set('x-csrf-token', admin.csrf).expect(200);
    expect(run.body).toMatchObject({ status: false, invalid: true, message: 'Running scripts is turned off on this console.' });
  });
});
