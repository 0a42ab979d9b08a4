import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TestApp, type SignedInAgent } from '../support/test-app';

/**
 * Issue 8, defects 2 and 3, replayed by an editor (the weakest role that may save checks): a stored connection's
 * password sent to a server of the editor's choosing and stored where viewers read it; checks aimed at the console's
 * own API, its own database and cloud metadata. Stored bodies are cut.
 */
const PASSWORD = 'Billing-Pa55word-7731';
/** A password with the characters JSON escapes: it must be recognised as it travels, not as JSON spells it. */
const ESCAPED = 'Qu"ote\\Back-99';

describe('checks: stored credentials stay with their connection, and some addresses stay out of reach', () => {
  let t: TestApp;
  let editor: SignedInAgent;
  let viewer: SignedInAgent;
  let peer: http.Server;
  let peerPort: number;
  let consolePort: number;
  const received: Array<{ url: string; headers: http.IncomingHttpHeaders }> = [];

  beforeAll(async () => {
    peer = http.createServer((req, res) => {
      received.push({ url: req.url ?? '', headers: req.headers });
      if (req.url === '/big') return res.end('x'.repeat(100_000));
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ echoed: req.headers['x-key'] ?? null }));
    });
    await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
    peerPort = (peer.address() as AddressInfo).port;
    // the console itself listens on a known port, as in production, so a check can try to call it
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    consolePort = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    t = await TestApp.start({ HEALTH_SCHEDULER: 'off', PORT: String(consolePort) });
    await new Promise<void>((resolve) => t.server.listen(consolePort, '127.0.0.1', resolve));
    const admin = await t.signInAs(['admin']);
    for (const connection of [
      { name: 'billing', type: 'http', url: 'https://billing.example.invalid', password: PASSWORD },
      { name: 'peer', type: 'http', url: `http://127.0.0.1:${peerPort}`, password: PASSWORD },
      { name: 'escaped', type: 'http', url: 'https://escaped.example.invalid', password: ESCAPED },
      { name: 'pg-remote', type: 'postgres', url: 'postgres://app@pg.example.invalid:5432/app', password: PASSWORD },
    ]) {
      await admin.agent.post('/api/connections').set('x-csrf-token', admin.csrf).send(connection).expect(201);
    }
    [editor, viewer] = await Promise.all([t.signInAs(['editor']), t.signInAs(['viewer'])]);
  });
  afterAll(async () => {
    await t?.stop();
    await new Promise((resolve) => peer?.close(resolve));
  });

  const runCheck = async (spec: object) => {
    const made = await editor.agent
      .post('/api/canaries')
      .set('x-csrf-token', editor.csrf)
      .send({ name: `c${Math.random().toString(36).slice(2, 8)}`, spec })
      .expect(201);
    return (await editor.agent.post(`/api/canary/run/check/${made.body.checks[0].id}`).set('x-csrf-token', editor.csrf).expect(200)).body;
  };
  const storedEverywhere = async () =>
    JSON.stringify((await t.pool.query(`select message, error, details, (select jsonb_agg(last_message) from checks) lm from check_statuses`)).rows);
  const passwordHeader = (name: string) => ({ name: 'X-Key', valueFrom: { secretKeyRef: { name, key: 'password' } } });

  it("never sends a connection's password to a server that is not the connection's", async () => {
    received.length = 0;
    const result = await runCheck({ http: [{ name: 'steal', url: `http://127.0.0.1:${peerPort}/collect`, headers: [passwordHeader('billing')] }] });
    expect(result).toMatchObject({ status: false, invalid: true });
    expect(result.message).toBe(
      `the credential from connection 'billing' may only be sent to https://billing.example.invalid:443, not http://127.0.0.1:${peerPort}`,
    );
    expect(received).toEqual([]);
    // nor inside Basic credentials
    await runCheck({
      http: [
        {
          name: 'steal-basic',
          url: `http://127.0.0.1:${peerPort}/collect`,
          username: 'x',
          password: { valueFrom: { secretKeyRef: { name: 'billing', key: 'password' } } },
        },
      ],
    });
    expect(received).toEqual([]);
  });

  it('recognises a password with quotes and backslashes, which JSON would spell differently', async () => {
    received.length = 0;
    const result = await runCheck({ http: [{ name: 'steal-escaped', url: `http://127.0.0.1:${peerPort}/collect`, headers: [passwordHeader('escaped')] }] });
    expect(result).toMatchObject({ status: false, invalid: true });
    expect(received).toEqual([]);
  });

  it("does not let a postgres URL's query string (?host=, ?port=) move the connection past the guard", async () => {
    // a fake postgres server on loopback that records what reaches it
    const net = await import('node:net');
    const reached: string[] = [];
    const fake = net.createServer((socket) => socket.on('data', (d) => reached.push(d.toString('latin1'))).on('error', () => undefined));
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const fakePort = (fake.address() as AddressInfo).port;
    try {
      // the connection's own host in the authority, an attacker's in the query string, the connection's password
      const stolen = await runCheck({
        postgres: [
          {
            name: 'steal-pg',
            url: `postgres://app@pg.example.invalid:5432/app?host=127.0.0.1&port=${fakePort}`,
            password: { valueFrom: { secretKeyRef: { name: 'pg-remote', key: 'password' } } },
            timeout: 3000,
          },
        ],
      });
      expect(stolen).toMatchObject({ status: false, invalid: true });
      expect(stolen.message).toMatch(/credential from connection 'pg-remote' may only be sent to postgres:\/\/pg.example.invalid:5432/);
      expect(reached).toEqual([]);
      // and the console's own database by the same trick
      const db = new URL(t.db.url);
      const own = await runCheck({
        postgres: [
          {
            name: 'self-db-query',
            url: `postgres://postgres@192.0.2.1:1/${db.pathname.slice(1)}?host=${db.hostname}&port=${db.port}`,
            query: 'select email from people',
          },
        ],
      });
      expect(own).toMatchObject({ status: false, invalid: true });
      expect(own.message).toContain("it is this console's database");
      // files on this machine named as TLS material are refused before connecting
      const files = await runCheck({
        postgres: [{ name: 'ssl-files', url: `postgres://app@127.0.0.1:${fakePort}/app?sslkey=/etc/shadow&sslcert=/etc/hostname` }],
      });
      expect(files).toMatchObject({
        status: false,
        invalid: true,
        message: "connection: sslcert, sslkey name files on the console's machine and are not allowed in checks",
      });
      expect(reached).toEqual([]);
    } finally {
      await new Promise((resolve) => fake.close(resolve));
    }
  });

  it('stores the result of a target answering JSON nested thousands deep, cut at a depth, instead of failing the run', async () => {
    const deep = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('['.repeat(200_000) + ']'.repeat(200_000)));
    await new Promise<void>((resolve) => deep.listen(0, '127.0.0.1', resolve));
    try {
      const result = await runCheck({ http: [{ name: 'deep', url: `http://127.0.0.1:${(deep.address() as AddressInfo).port}/` }] });
      expect(result).toMatchObject({ status: true, invalid: false });
      expect(JSON.stringify(result.details)).toContain('[nested too deep]');
    } finally {
      await new Promise((resolve) => deep.close(resolve));
    }
  });

  it("sends it to the connection's own origin, and redacts it from everything stored and returned", async () => {
    received.length = 0;
    const result = await runCheck({ http: [{ name: 'own', url: `http://127.0.0.1:${peerPort}/echo`, headers: [passwordHeader('peer')] }] });
    expect(received[0].headers['x-key']).toBe(PASSWORD);
    expect(result.status).toBe(true);
    expect(result.details.json).toEqual({ echoed: '***' });
    expect(JSON.stringify(result)).not.toContain(PASSWORD);
    expect(await storedEverywhere()).not.toContain(PASSWORD);
    const read = await viewer.agent.get('/api/db/check_statuses?select=message,error,details').expect(200);
    expect(JSON.stringify(read.body)).not.toContain(PASSWORD);
  });

  it("refuses checks aimed at this console's API, its database and cloud metadata, storing nothing of an answer", async () => {
    const own = await runCheck({ http: [{ name: 'self', url: `http://127.0.0.1:${consolePort}/api/db/people?select=*` }] });
    expect(own).toMatchObject({
      status: false,
      invalid: true,
      message: `127.0.0.1:${consolePort} is not reachable from checks: it is this console. An administrator can allow it.`,
    });
    expect(own.details).toEqual({});
    const db = new URL(t.db.url);
    const database = await runCheck({
      postgres: [{ name: 'self-db', url: `postgres://postgres@${db.hostname}:${db.port}/${db.pathname.slice(1)}`, query: 'select email from people' }],
    });
    expect(database).toMatchObject({ status: false, invalid: true });
    expect(database.message).toContain("it is this console's database");
    expect(await storedEverywhere()).not.toContain('@test.local');
    const metadata = await runCheck({ http: [{ name: 'imds', url: 'http://169.254.169.254/latest/meta-data/iam/' }] });
    expect(metadata).toMatchObject({
      status: false,
      invalid: true,
      message: '169.254.169.254:80 is not reachable from checks: it is a cloud metadata address. An administrator can allow it.',
    });
  });

  it('stores a long body cut to the documented size, while the check itself saw all of it', async () => {
    const result = await runCheck({ http: [{ name: 'big', url: `http://127.0.0.1:${peerPort}/big`, responseContent: 'xxxx' }] });
    expect(result.status).toBe(true);
    expect(result.details.truncated).toBe(true);
    expect(result.details.content.length).toBe(16 * 1024 + 1);
  });
});

describe('the outbound allow-list', () => {
  let t: TestApp;
  afterAll(() => t?.stop());

  it("reaches the console's database server when an administrator allows it", async () => {
    t = await TestApp.start({ HEALTH_SCHEDULER: 'off', OUTBOUND_ALLOW: '127.0.0.1:5432,localhost:5432' });
    const editor = await t.signInAs(['editor']);
    const db = new URL(t.db.url);
    const made = await editor.agent
      .post('/api/canaries')
      .set('x-csrf-token', editor.csrf)
      .send({
        name: 'allowed',
        spec: { postgres: [{ name: 'db', url: `postgres://postgres@${db.hostname}:${db.port}/${db.pathname.slice(1)}`, query: 'select 1 as one' }] },
      })
      .expect(201);
    const run = await editor.agent.post(`/api/canary/run/check/${made.body.checks[0].id}`).set('x-csrf-token', editor.csrf).expect(200);
    expect(run.body).toMatchObject({ status: true, invalid: false });
  });
});

describe('the purge of secrets stored before the guard rails (migration 1732300003000)', () => {
  let t: TestApp;
  afterAll(() => t?.stop());

  it('removes URL passwords and credential headers from stored results and keeps the rest', async () => {
    t = await TestApp.start({ HEALTH_SCHEDULER: 'off' });
    const canary = await t.pool.query(`insert into canaries (name, namespace, spec) values ('old', 'default', '{}') returning id`);
    const check = await t.pool.query(
      `insert into checks (canary_id, type, name, spec, last_message) values ($1, 'http', 'old', '{}', 'GET https://ops:Hunter22@api.test/x failed') returning id`,
      [canary.rows[0].id],
    );
    await t.pool.query(
      `insert into check_statuses (check_id, time, status, message, details) values ($1, now(), false, 'postgres://app:Hunter22@db.test/app refused', $2)`,
      [check.rows[0].id, { headers: { authorization: 'Bearer Hunter22', 'content-type': 'text/plain' }, url: 'redis://:Hunter22@cache:6379' }],
    );
    const { PurgeStoredSecrets1732300003000 } = await import('../../gateway/src/database/migrations/1732300003000-PurgeStoredSecrets');
    await new PurgeStoredSecrets1732300003000().up({ query: (sql: string) => t.pool.query(sql) } as never);
    const row = (await t.pool.query(`select message, details from check_statuses`)).rows[0];
    expect(row).toEqual({
      message: 'postgres://app:***@db.test/app refused',
      details: { headers: { 'content-type': 'text/plain' }, url: 'redis://:***@cache:6379' },
    });
    expect((await t.pool.query(`select last_message from checks`)).rows[0].last_message).toBe('GET https://ops:***@api.test/x failed');
  });
});
