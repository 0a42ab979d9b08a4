import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { TestApp, type SignedInAgent } from '../../../test/support/test-app';

/**
 * The real kubectl (Debian's kubernetes-client, /usr/bin/kubectl) against the console's /api/k8s, with kubeconfigs the
 * console made (POST /api/kubeconfig, as its Download button does). kubectl sends credentials over TLS only, so the
 * app is served over HTTPS with a certificate made for this run.
 */
interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

const run = (file: string, args: string[]): Promise<void> =>
  new Promise((resolve, reject) => execFile(file, args, (error) => (error ? reject(error) : resolve())));

const canaryYaml = (name: string, schedule: string, http: string) => `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: ${name}
  labels:
    team: web
spec:
  schedule: "${schedule}"
  http:
${http}
`;
const HTTP_CHECK = `    - name: home
      url: https://example.com`;

describe('kubectl against /api/k8s', () => {
  let t: TestApp;
  let dir: string;
  let cert: Buffer;
  let https: Server;
  let editor: SignedInAgent;
  let editorConfig: string;
  let viewerConfig: string;

  const kubectl = (config: string, args: string[], input?: string): Promise<Run> =>
    new Promise((resolve) => {
      const child = execFile(
        '/usr/bin/kubectl',
        ['--kubeconfig', config, '--cache-dir', join(dir, 'cache'), ...args],
        { env: { PATH: process.env.PATH ?? '/usr/bin', HOME: dir }, timeout: 20_000 },
        (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
      if (input !== undefined) child.stdin?.end(input);
    });

  const kubeconfigFor = async (who: SignedInAgent, file: string): Promise<string> => {
    const res = await who.agent.post('/api/kubeconfig').set('x-csrf-token', who.csrf).expect(200);
    const config = parse(res.text) as { clusters: { cluster: Record<string, string> }[]; users: { user: { token: string } }[] };
    expect(config.clusters[0].cluster.server).toMatch(/\/api\/k8s$/);
    expect(config.users[0].user.token).toMatch(/^oc_/);
    config.clusters[0].cluster = {
      server: `https://127.0.0.1:${(https.address() as AddressInfo).port}/api/k8s`,
      'certificate-authority-data': cert.toString('base64'),
    };
    const path = join(dir, file);
    await writeFile(path, JSON.stringify(config));
    return path;
  };

  const canaryRow = async (name: string) =>
    (
      await t.pool.query<{ id: string; spec: { schedule: string }; labels: Record<string, string>; deleted_at: Date | null; checks: number }>(
        `SELECT c.id, c.spec, c.labels, c.deleted_at,
                (SELECT count(*)::int FROM checks k WHERE k.canary_id = c.id AND k.deleted_at IS NULL) AS checks
           FROM canaries c WHERE c.name = $1 ORDER BY c.created_at DESC LIMIT 1`,
        [name],
      )
    ).rows[0];

  beforeAll(async () => {
    t = await TestApp.start();
    dir = await mkdtemp(join(tmpdir(), 'k8s-api-'));
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ]);
    cert = await readFile(join(dir, 'cert.pem'));
    https = createServer({ key: await readFile(join(dir, 'key.pem')), cert }, t.app.getHttpAdapter().getInstance());
    await new Promise<void>((resolve) => https.listen(0, '127.0.0.1', resolve));
    editor = await t.signInAs(['editor']);
    editorConfig = await kubeconfigFor(editor, 'editor.yaml');
    viewerConfig = await kubeconfigFor(await t.signInAs(['viewer']), 'viewer.yaml');
  });

  afterAll(async () => {
    https?.closeAllConnections();
    await new Promise((resolve) => (https ? https.close(resolve) : resolve(undefined)));
    await t?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('applies a canary (create, then change), shows it as a table and as YAML, and deletes it', async () => {
    const created = await kubectl(editorConfig, ['apply', '-f', '-'], canaryYaml('web', '@every 5m', HTTP_CHECK));
    expect(created).toMatchObject({ code: 0, stdout: 'canary.canaries.flanksource.com/web created\n' });
    const first = await canaryRow('web');
    // Health's own write path ran: the checks of the spec exist.
    expect(first).toMatchObject({ spec: { schedule: '@every 5m' }, labels: { team: 'web' }, checks: 1 });

    const changed = await kubectl(
      editorConfig,
      ['apply', '-f', '-'],
      canaryYaml('web', '@every 10m', `${HTTP_CHECK}\n    - name: docs\n      url: https://example.org`),
    );
    expect(changed).toMatchObject({ code: 0, stdout: 'canary.canaries.flanksource.com/web configured\n' });
    expect(changed.stderr).not.toMatch(/missing the kubectl.kubernetes.io\/last-applied-configuration/);
    expect(await canaryRow('web')).toMatchObject({ id: first.id, spec: { schedule: '@every 10m' }, checks: 2 });

    // The checks' results, fixed: a later last_runtime keeps the runner's results (of these unreachable URLs) out.
    await t.pool.query(
      `UPDATE checks SET status = CASE WHEN name = 'home' THEN 'healthy' ELSE 'unhealthy' END, last_runtime = now() + interval '1 day' WHERE canary_id = $1`,
      [first.id],
    );
    const table = await kubectl(editorConfig, ['get', 'canaries']);
    expect(table.code).toBe(0);
    const [header, row] = table.stdout.trim().split('\n');
    expect(header.split(/\s+/)).toEqual(['NAME', 'CHECKS', 'STATUS', 'AGE']);
    expect(row.split(/\s+/).slice(0, 3)).toEqual(['web', '2', 'Unhealthy']);
    expect((await kubectl(editorConfig, ['get', 'canaries', '-l', 'team=db'])).stderr).toMatch(/No resources found in default namespace/);

    const yaml = await kubectl(editorConfig, ['get', 'canary', 'web', '-o', 'yaml']);
    expect(yaml.code).toBe(0);
    const object = parse(yaml.stdout) as {
      apiVersion: string;
      kind: string;
      metadata: Record<string, unknown>;
      spec: Record<string, unknown>;
      status: unknown;
    };
    expect(object).toMatchObject({
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: 'web', namespace: 'default', uid: first.id, labels: { team: 'web' } },
      spec: { schedule: '@every 10m', http: [{ name: 'home' }, { name: 'docs' }] },
    });
    expect(object.metadata.resourceVersion).toMatch(/^\d+$/);
    expect(object).toMatchObject({ status: { checks: 2, healthy: 1, unhealthy: 1, status: 'Unhealthy' } });

    const deleted = await kubectl(editorConfig, ['delete', 'canary', 'web']);
    expect(deleted).toMatchObject({ code: 0, stdout: 'canary.canaries.flanksource.com "web" deleted\n' });
    const gone = await canaryRow('web');
    expect(gone.deleted_at).not.toBeNull();
    expect(gone.checks).toBe(0);
    expect((await kubectl(editorConfig, ['get', 'canary', 'web'])).stderr).toBe(
      'Error from server (NotFound): canaries.canaries.flanksource.com "web" not found\n',
    );
  });

  it('refuses an invalid spec with the console editor’s message, and a viewer’s apply as Forbidden', async () => {
    const broken = canaryYaml('broken', '@every 5m', '    - name: home');
    const console = await editor.agent.post('/api/canaries').set('x-csrf-token', editor.csrf).set('content-type', 'application/yaml').send(broken).expect(400);
    const invalid = await kubectl(editorConfig, ['apply', '-f', '-'], broken);
    expect(invalid.code).toBe(1);
    expect(console.body.message).toMatch(/url/);
    const problems = (console.body.message as string).split('; ');
    expect(invalid.stderr).toBe(
      problems.length === 1
        ? `The Canary "broken" is invalid: ${problems[0]}\n`
        : `The Canary "broken" is invalid: \n${problems.map((p) => `* ${p}`).join('\n')}\n`,
    );
    expect(await canaryRow('broken')).toBeUndefined();

    const viewer = await kubectl(viewerConfig, ['apply', '-f', '-'], canaryYaml('mine', '@every 5m', HTTP_CHECK));
    expect(viewer.code).toBe(1);
    expect(viewer.stderr).toMatch(
      /^Error from server \(Forbidden\): error when creating "STDIN": canaries\.canaries\.flanksource\.com "mine" is forbidden: User "viewer-[^"]+" cannot create resource "canaries" in API group "canaries\.flanksource\.com" in the namespace "default": You do not have write permission on canaries\n$/,
    );
    expect(await canaryRow('mine')).toBeUndefined();
    // Reading is the viewer's right.
    expect((await kubectl(viewerConfig, ['get', 'canaries'])).code).toBe(0);
  });

  it('lists playbooks written through kubectl, validated by the playbooks area', async () => {
    const playbook = (actions: string) => `apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: restart
spec:
  title: Restart the pod
  category: Kubernetes
  actions:
${actions}
`;
    const refused = await kubectl(editorConfig, ['apply', '-f', '-'], playbook('    []'));
    expect(refused.stderr).toMatch(/^The Playbook "restart" is invalid: [^]*spec\.actions: add at least one action/);
    const applied = await kubectl(editorConfig, ['apply', '-f', '-'], playbook('    - name: call\n      http:\n        url: https://example.com/restart'));
    expect(applied).toMatchObject({ code: 0, stdout: 'playbook.mission-control.flanksource.com/restart created\n' });
    const listed = await kubectl(viewerConfig, ['get', 'playbooks']);
    const [header, row] = listed.stdout.trim().split('\n');
    expect(header.split(/\s{2,}/)).toEqual(['NAME', 'TITLE', 'CATEGORY', 'AGE']);
    expect(row.split(/\s{2,}/).slice(0, 3)).toEqual(['restart', 'Restart the pod', 'Kubernetes']);
    const stored = await t.pool.query(`SELECT title, category FROM playbooks WHERE name = 'restart' AND deleted_at IS NULL`);
    expect(stored.rows).toEqual([{ title: 'Restart the pod', category: 'Kubernetes' }]);
  });

  it('writes connections through the connections plugin: apply, change, its refusals, secrets never read back, soft delete', async () => {
    const adminUser = await t.signInAs(['admin']);
    const admin = await kubeconfigFor(adminUser, 'admin.yaml');
    const connection = (url: string, extra = '') => `apiVersion: mission-control.flanksource.com/v1
kind: Connection
metadata:
  name: api
  labels:
    team: web
spec:
  type: http
  url:
    value: ${url}
  password:
    value: s3cret-password
${extra}`;
    const connections = async () =>
      ((await adminUser.agent.get('/api/connections').expect(200)).body as Record<string, unknown>[]).filter((c) => c.name === 'api');

    // Only admins write connections.
    const forbidden = await kubectl(editorConfig, ['apply', '-f', '-'], connection('https://api.example.com'));
    expect(forbidden.code).toBe(1);
    expect(forbidden.stderr).toMatch(
      /Error from server \(Forbidden\): [^]*"api" is forbidden: User "editor-[^"]+" cannot create resource "connections" in API group "mission-control\.flanksource\.com" in the namespace "default": You do not have write permission on connections\n$/,
    );
    expect(await connections()).toEqual([]);

    const created = await kubectl(admin, ['apply', '-f', '-'], connection('https://api.example.com'));
    expect(created).toMatchObject({ code: 0, stdout: 'connection.mission-control.flanksource.com/api created\n' });
    const [first] = await connections();
    expect(first).toMatchObject({ namespace: 'default', type: 'http', url: 'https://api.example.com', password_set: true, certificate_set: false });

    const changed = await kubectl(admin, ['apply', '-f', '-'], connection('https://api2.example.com', '  properties:\n    region: eu\n'));
    expect(changed).toMatchObject({ code: 0, stdout: 'connection.mission-control.flanksource.com/api configured\n' });
    expect(changed.stderr).not.toMatch(/last-applied-configuration/);
    expect(await connections()).toEqual([
      expect.objectContaining({ id: first.id, url: 'https://api2.example.com', properties: { region: 'eu' }, password_set: true }),
    ]);
    const stored = await t.pool.query(`SELECT password, annotations::text AS annotations FROM connections WHERE id = $1`, [first.id]);
    expect(stored.rows[0].password).toMatch(/BEGIN PGP MESSAGE/);
    expect(stored.rows[0].annotations).toContain('last-applied-configuration');
    expect(stored.rows[0].annotations).not.toContain('s3cret-password');

    const yaml = await kubectl(admin, ['get', 'connection', 'api', '-o', 'yaml']);
    expect(yaml.code).toBe(0);
    expect(yaml.stdout).not.toContain('s3cret-password');
    expect(parse(yaml.stdout)).toMatchObject({
      metadata: { uid: first.id, labels: { team: 'web' } },
      spec: { type: 'http', url: { value: 'https://api2.example.com' }, properties: { region: 'eu' } },
      status: { passwordSet: true, certificateSet: false },
    });

    // A field the type requires, missing: the Connections page's message, as Invalid; nothing changes.
    const missing = { name: 'keys', type: 'aws', password: 'x' };
    const console = await adminUser.agent.post('/api/connections').set('x-csrf-token', adminUser.csrf).send(missing).expect(400);
    expect(console.body.message).toBe('Username is required for a aws connection');
    const invalid = await kubectl(admin, ['apply', '-f', '-'], connection('https://api2.example.com').replace('type: http', 'type: aws'));
    // kubectl prints each cause as `<field>: <message>`; a message naming no field is the spec's.
    expect(invalid).toMatchObject({ code: 1, stderr: `The Connection "api" is invalid: spec: ${console.body.message}\n` });
    expect(await connections()).toEqual([expect.objectContaining({ type: 'http', url: 'https://api2.example.com' })]);

    const deleted = await kubectl(admin, ['delete', 'connection', 'api']);
    expect(deleted).toMatchObject({ code: 0, stdout: 'connection.mission-control.flanksource.com "api" deleted\n' });
    expect(await connections()).toEqual([]);
    const row = await t.pool.query(`SELECT deleted_at FROM connections WHERE id = $1`, [first.id]);
    expect(row.rows[0].deleted_at).not.toBeNull();
  });

  it('writes notification rules through the notifications plugin: apply, change, its refusals, masked reads, soft delete', async () => {
    const notification = (filter: string, extra = '') => `apiVersion: mission-control.flanksource.com/v1
kind: Notification
metadata:
  name: failing-checks
  labels:
    team: web
spec:
  events: [check.failed]
  title: "{{ .check.name }} failed"
  filter: ${JSON.stringify(filter)}
  to:
    person: ${editor.email}
    url: generic+https://hooks.example.com/s3cret-path
${extra}`;
    const rules = async () =>
      ((await editor.agent.get('/api/notifications/rules').expect(200)).body as { data: Record<string, unknown>[] }).data.filter(
        (r) => r.name === 'failing-checks',
      );

    const created = await kubectl(editorConfig, ['apply', '-f', '-'], notification('check.status == "unhealthy"'));
    expect(created).toMatchObject({ code: 0, stdout: 'notification.mission-control.flanksource.com/failing-checks created\n' });
    const [rule] = await rules();
    expect(rule).toMatchObject({
      namespace: 'default',
      events: ['check.failed'],
      title: '{{ .check.name }} failed',
      filter: 'check.status == "unhealthy"',
      person_id: editor.personId,
      custom_services: [{ name: 'generic', url: 'generic+https://hooks.example.com/s3cret-path', connection: null, properties: {} }],
      wait_for: null,
    });

    const changed = await kubectl(editorConfig, ['apply', '-f', '-'], notification('check.status != "healthy"', '  repeatInterval: 1h\n  waitFor: 5m\n'));
    expect(changed).toMatchObject({ code: 0, stdout: 'notification.mission-control.flanksource.com/failing-checks configured\n' });
    expect(changed.stderr).not.toMatch(/last-applied-configuration/);
    expect(await rules()).toEqual([
      expect.objectContaining({ id: rule.id, filter: 'check.status != "healthy"', repeat_interval: '1h', wait_for: 300_000_000_000 }),
    ]);
    const yaml = parse((await kubectl(editorConfig, ['get', 'notification', 'failing-checks', '-o', 'yaml'])).stdout) as Record<string, unknown>;
    expect(yaml).toMatchObject({
      metadata: { uid: rule.id, labels: { team: 'web' } },
      spec: {
        events: ['check.failed'],
        filter: 'check.status != "healthy"',
        to: { person: editor.personId, url: 'generic+https://hooks.example.com/s3cret-path' },
        repeatInterval: '1h',
        waitFor: '5m',
      },
      status: { sent: 0, failed: 0, pending: 0 },
    });

    // The rules API's validation and message, as Invalid; nothing changes.
    const bad = { name: 'bad', events: ['check.failed'], filter: 'check.status ==', person_id: editor.personId };
    const console = await editor.agent.post('/api/notifications/rules').set('x-csrf-token', editor.csrf).send(bad).expect(400);
    expect(console.body.message).toMatch(/^filter: /);
    expect(console.body.message).not.toContain('; ');
    const invalid = await kubectl(editorConfig, ['apply', '-f', '-'], notification('check.status =='));
    expect(invalid).toMatchObject({ code: 1, stderr: `The Notification "failing-checks" is invalid: ${console.body.message}\n` });
    expect(await rules()).toEqual([expect.objectContaining({ filter: 'check.status != "healthy"' })]);

    // Viewers: Forbidden to write (kubectl first warns of the last-applied copy they are not shown); they read the
    // rule with its credentials masked and without the applied copy.
    const viewer = await kubectl(viewerConfig, ['apply', '-f', '-'], notification('true'));
    expect(viewer.code).toBe(1);
    expect(viewer.stderr).toMatch(
      /Error from server \(Forbidden\): [^]*"failing-checks" is forbidden: User "viewer-[^"]+" cannot patch resource "notifications" in API group "mission-control\.flanksource\.com" in the namespace "default": You do not have write permission on notifications\n$/,
    );
    const seen = await kubectl(viewerConfig, ['get', 'notification', 'failing-checks', '-o', 'json']);
    expect(seen.code).toBe(0);
    expect(seen.stdout).not.toContain('s3cret-path');
    expect(JSON.parse(seen.stdout)).toMatchObject({ spec: { to: { url: 'generic+https://hooks.example.com/***' }, filter: 'check.status != "healthy"' } });
    expect(JSON.parse(seen.stdout).metadata.annotations ?? {}).toEqual({});

    const deleted = await kubectl(editorConfig, ['delete', 'notification', 'failing-checks']);
    expect(deleted).toMatchObject({ code: 0, stdout: 'notification.mission-control.flanksource.com "failing-checks" deleted\n' });
    expect(await rules()).toEqual([]);
    const row = await t.pool.query(`SELECT deleted_at FROM notifications WHERE id = $1`, [rule.id]);
    expect(row.rows[0].deleted_at).not.toBeNull();
  });

  it('watches: kubectl get --watch sees a canary added through the console', async () => {
    const child = spawn(
      '/usr/bin/kubectl',
      ['--kubeconfig', editorConfig, '--cache-dir', join(dir, 'cache'), 'get', 'canaries', '--watch-only', '-o', 'name', '-v=6'],
      {
        env: { PATH: process.env.PATH ?? '/usr/bin', HOME: dir },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const until = async (test: () => boolean) => {
      while (!test()) {
        if (child.exitCode !== null) throw new Error(`kubectl ended: ${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    try {
      await until(() => /watch=true.* 200 OK/.test(stderr));
      await editor.agent
        .post('/api/canaries')
        .set('x-csrf-token', editor.csrf)
        .set('content-type', 'application/yaml')
        .send(canaryYaml('watched', '@every 5m', HTTP_CHECK))
        .expect(201);
      await until(() => stdout.includes('canary.canaries.flanksource.com/watched'));
      expect(stdout.trim().split('\n')).toEqual(['canary.canaries.flanksource.com/watched']);
    } finally {
      child.kill();
    }
  });
});
