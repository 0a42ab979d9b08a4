import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { reachable } from '../../support/check-context';
import { TestApp } from '../../support/test-app';

/**
 * Canary files as users already have them (issue 9 item 12), written in canary-checker's Canary shape under
 * test/fixtures/canaries/, one per form: each is posted unchanged through POST /api/canaries and its checks are run
 * with Run Now. Postgres, Redis and MariaDB on loopback are real peers, so those checks must pass; remote folder paths
 * and SQL Server (none can run here) must report what they are, cleanly.
 */
const FIXTURES = join(__dirname, '../../fixtures/canaries');
const fixture = (file: string) => readFileSync(join(FIXTURES, file), 'utf8');

interface RunResult {
  status: boolean;
  invalid: boolean;
  message: string;
  details: Record<string, unknown>;
}

describe('canary files users already have (canary-checker forms)', () => {
  let t: TestApp;
  let editor: Awaited<ReturnType<TestApp['signInAs']>>;
  const peers = { postgres: false, redis: false, mysql: false };

  beforeAll(async () => {
    // The postgres peer is the server holding the console's own test database, which the outbound policy refuses
    // unless allowed.
    t = await TestApp.start({ HEALTH_SCHEDULER: 'off', OUTBOUND_ALLOW: '127.0.0.1:5432,localhost:5432' });
    editor = await t.signInAs(['editor']);
    const admin = await t.signInAs(['admin']);
    // The secret the postgres fixture names (`secretKeyRef: {name: postgres-credentials}`): a stored connection here.
    await admin.agent
      .post('/api/connections')
      .set('x-csrf-token', admin.csrf)
      .send({
        name: 'postgres-credentials',
        type: 'postgres',
        url: 'postgres://127.0.0.1:5432/postgres',
        properties: { USERNAME: 'postgres', PASSWORD: 'compat-secret-pw' },
      })
      .expect(201);
    await admin.agent
      .post('/api/connections')
      .set('x-csrf-token', admin.csrf)
      .send({
        name: 'elsewhere-credentials',
        type: 'postgres',
        url: 'postgres://db.elsewhere.example:5432/app',
        properties: { PASSWORD: 'elsewhere-secret-pw' },
      })
      .expect(201);
    peers.postgres = await reachable('127.0.0.1', 5432);
    peers.redis = await reachable('127.0.0.1', 6379);
    peers.mysql = await reachable('127.0.0.1', 3306);
    for (const [name, up] of Object.entries(peers)) if (!up) console.log(`canary compat: no ${name} on loopback, its Run Now assertions are skipped`);
  });
  afterAll(() => t?.stop());

  /** Posts a fixture unchanged (once); answers the created checks by name. */
  const loaded = new Map<string, Record<string, string>>();
  const load = async (file: string): Promise<Record<string, string>> => {
    if (loaded.has(file)) return loaded.get(file)!;
    const res = await editor.agent
      .post('/api/canaries')
      .set('x-csrf-token', editor.csrf)
      .send({ yaml: fixture(file) });
    expect({ file, status: res.status, message: res.body.message }).toEqual({ file, status: 201, message: undefined });
    const ids = Object.fromEntries((res.body.checks as Array<{ name: string; id: string }>).map((c) => [c.name, c.id]));
    loaded.set(file, ids);
    return ids;
  };
  const runNow = async (id: string): Promise<RunResult> =>
    (await editor.agent.post(`/api/canary/run/check/${id}`).set('x-csrf-token', editor.csrf).send({}).expect(200)).body;

  it('loads every fixture unchanged', async () => {
    const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.yaml'));
    expect(files.length).toBeGreaterThanOrEqual(9);
    for (const file of files) expect(Object.keys(await load(file)).length).toBeGreaterThan(0);
  });

  it('postgres: $(username)/$(password) in a URL (from a secret and from values) and libpq key=value pairs run and pass', async () => {
    const url = await load('postgres-url-template.yaml');
    const pairs = await load('postgres-keyword-dsn.yaml');
    if (!peers.postgres) return;
    expect(await runNow(url['postgres schemas check'])).toMatchObject({ status: true, invalid: false, message: '1 rows' });
    expect(await runNow(url['postgres dotted placeholders'])).toMatchObject({ status: true, invalid: false });
    expect(await runNow(pairs['postgres key value dsn'])).toMatchObject({
      status: true,
      invalid: false,
      details: { rows: [{ current_database: 'postgres' }] },
    });
  });

  it('postgres: a substituted secret is held to its connection, like one written out (invalid, never sent)', async () => {
    const password = { valueFrom: { secretKeyRef: { name: 'elsewhere-credentials', key: 'PASSWORD' } } };
    const spec = {
      postgres: [
        { name: 'url with a secret from elsewhere', url: 'postgres://postgres:$(password)@127.0.0.1:5432/postgres?sslmode=disable', password },
        { name: 'pairs with a secret from elsewhere', url: 'host=127.0.0.1 port=5432 user=postgres password=$(password) dbname=postgres', password },
      ],
    };
    const res = await editor.agent
      .post('/api/canaries')
      .set('x-csrf-token', editor.csrf)
      .send({ name: 'compat-elsewhere', namespace: 'canaries', spec })
      .expect(201);
    for (const check of res.body.checks as Array<{ id: string }>) {
      const result = await runNow(check.id);
      expect(result).toMatchObject({ status: false, invalid: true });
      expect(result.message).toContain("the credential from connection 'elsewhere-credentials' may only be sent to postgres://db.elsewhere.example:5432");
      expect(JSON.stringify(result)).not.toContain('elsewhere-secret-pw');
    }
  });

  it('redis: url as host:port and a redis:// connection with $(.username)/$(.password) run and pass', async () => {
    const plain = await load('redis-host-port.yaml');
    const templated = await load('redis-connection-template.yaml');
    if (!peers.redis) return;
    for (const id of [plain['redis url host port'], plain['redis addr'], templated['redis templated connection']]) {
      expect(await runNow(id)).toMatchObject({ status: true, invalid: false, message: 'PONG' });
    }
  });

  it('mysql: Go-driver DSNs with placeholders, with and without mysql://, run and pass', async () => {
    const ids = await load('mysql-go-dsn-template.yaml');
    if (!peers.mysql) return;
    expect(await runNow(ids['mysql ping check'])).toMatchObject({ status: true, invalid: false, message: '1 rows' });
    expect(await runNow(ids['mysql bare dsn'])).toMatchObject({ status: true, invalid: false, message: '1 rows' });
  });

  it('alertmanager: a host without a scheme is called over http (nothing listens on 9093 here: a plain failure)', async () => {
    const ids = await load('alertmanager-no-scheme.yaml');
    const result = await runNow(ids['alert-manager-no-scheme']);
    expect(result.invalid).toBe(false);
    if (!(await reachable('127.0.0.1', 9093))) expect(result).toMatchObject({ status: false, message: expect.stringMatching(/ECONNREFUSED .*:9093/) });
  });

  it('icmp: an endpoint given as a URL pings its host', async () => {
    const ids = await load('icmp-endpoint-url.yaml');
    const result = await runNow(ids.github);
    // Whatever this machine can do (no ping, no DNS, or a real reply), the endpoint was read: never refused as a field.
    expect(result.message).not.toMatch(/endpoint/);
    expect(result.message).not.toContain('https://');
  });

  it('folder: s3://, gcs://, sftp:// and smb:// paths report invalid with the reason', async () => {
    const ids = await load('folder-remote-paths.yaml');
    const expected: Record<string, string> = { 'mysql backup check': 's3', 'recursive folders': 'gcs', 'sample sftp check': 'sftp', 'smb backup check': 'smb' };
    for (const [name, scheme] of Object.entries(expected)) {
      expect(await runNow(ids[name])).toMatchObject({
        status: false,
        invalid: true,
        message: `folder: ${scheme}:// paths are not supported on this console yet`,
      });
    }
  });

  it('mssql: saved, and with no server reachable it fails cleanly naming the address', async () => {
    const ids = await load('mssql.yaml');
    const result = await runNow(ids['mssql pass']);
    expect(result).toMatchObject({ status: false, invalid: false });
    expect(result.message).toContain('127.0.0.1:1433');
    expect(result.message).not.toContain('S0m3p@sswd');
  });
});
