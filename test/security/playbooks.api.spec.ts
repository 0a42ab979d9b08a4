import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import cookieParser from 'cookie-parser';
import express from 'express';
import { Test } from '@nestjs/testing';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { CSRF_COOKIE, type PlaybookListItem, type PlaybookRunDetail } from '@contracts';
import { AppModule } from '../../gateway/src/app.module';
import { loadConfig } from '../../gateway/src/core/config/app-config';
import { configureApp } from '../../gateway/src/core/http/configure-app';
import { ExpressHttpAdapter } from '../../gateway/src/core/http/http-adapter';
import { PluginHost } from '../../gateway/src/core/plugin-host/plugin-host.service';
import { GATEWAY_PLUGINS } from '../../gateway/src/plugins.generated';
import { PlaybookRunsController } from '../../plugins/playbooks/gateway/playbooks.controller';
import { PlaybookRunWorker } from '../../plugins/playbooks/gateway/run-worker.service';
import { TEST_PASSWORD, TestApp, type SignedInAgent } from '../support/test-app';
import { as, eventually, FINAL, httpPeer, waitForRun } from '../api/playbooks/run-support';

/**
 * Playbooks replayed by an attacker, each with the weakest role that could try it: viewers and responders trying to
 * run, approve or cancel; an editor trying to get code run on the console (exec is admins' only), to reach the
 * console's database, its own port or cloud metadata, or to read a connection's secret; an anonymous caller of the
 * webhook and live-stream routes; a second replica. Each `it` holds today (most were holes this review found, fixed
 * since). Each `it.todo` is a hole still open: it says what should hold and what happens today, with a one-line repro.
 */
const PASSWORD = 'Peer-Pa55word-4417';

/** A live run stream read as a browser reads it (chunk by chunk), over its own connection. */
interface LiveStream {
  status: number;
  text: () => string;
  ended: () => boolean;
  close: () => void;
}

function streamRequest(base: string, runId: string, cookie: string, onResponse: (stream: LiveStream) => void): http.ClientRequest {
  let text = '';
  let ended = false;
  const req = http.get(`${base}/api/playbook/run/${runId}/events`, { headers: { cookie, accept: 'text/event-stream' }, agent: false }, (res) => {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (text += chunk));
    res.on('close', () => (ended = true));
    onResponse({ status: res.statusCode ?? 0, text: () => text, ended: () => ended, close: () => req.destroy() });
  });
  req.on('error', () => (ended = true)); // destroyed by the test, or ended by the server
  return req;
}

const openStream = (base: string, runId: string, cookie: string) =>
  new Promise<LiveStream>((resolve, reject) => streamRequest(base, runId, cookie, resolve).on('error', reject));

/** A loopback peer that holds every `/hold/...` request until the test releases it, and answers others at once. */
async function holdingPeer() {
  const hits: string[] = [];
  const held = new Map<string, http.ServerResponse>();
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      hits.push(req.url!);
      if (req.url!.startsWith('/hold/')) held.set(req.url!, res);
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    hits,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    release: (url: string, body: unknown) => {
      held.get(url)?.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      held.delete(url);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Another replica of the console on the same database (as TestApp.start builds one, without a database of its own). */
async function replica(databaseUrl: string, overrides: Record<string, string>): Promise<NestExpressApplication> {
  const config = loadConfig({ LOG_LEVEL: 'silent', DEMO_DATA: 'false', WEB_DIST: '/nonexistent', DATABASE_URL: databaseUrl, ...overrides });
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot({ config, databaseUrl, poolSize: 5 })] }).compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>(new ExpressHttpAdapter(), { bodyParser: false, logger: false });
  app.get(PluginHost).setManifests(GATEWAY_PLUGINS.map((p) => p.manifest));
  configureApp(app, config, { express, cookieParser });
  await app.init();
  return app;
}

describe('playbooks, attacked', () => {
  let t: TestApp;
  let admin: SignedInAgent;
  let editor: SignedInAgent;
  let viewer: SignedInAgent;
  let responder: SignedInAgent;
  let approver: SignedInAgent;
  let peer: Awaited<ReturnType<typeof httpPeer>>;
  let other: Awaited<ReturnType<typeof httpPeer>>;
  /** Listens on the port the console is configured with (PORT): it stands in for the console's own API. */
  let consoleSelf: Awaited<ReturnType<typeof httpPeer>>;
  let configId: string;

  const count = async (sql: string, params: unknown[] = []) => (await t.pool.query<{ n: number }>(`SELECT (${sql})::int AS n`, params)).rows[0].n;
  const save = async (who: SignedInAgent, title: string, spec: Record<string, unknown>) =>
    (await as(who).post('/api/playbooks', { title, spec }).expect(201)).body.id as string;
  const start = async (who: SignedInAgent, id: string, extra: Record<string, unknown> = {}) =>
    (
      await as(who)
        .post('/api/playbook/run', { id, ...extra })
        .expect(200)
    ).body.run_id as string;
  const call = (name: string, path = name) => ({ name, http: { url: `${peer.url}/${path}` } });

  beforeAll(async () => {
    peer = await httpPeer((hit) => ({ status: 200, body: { echoed: hit.headers['x-key'] ?? null } }));
    other = await httpPeer();
    consoleSelf = await httpPeer();
    t = await TestApp.start({ PLAYBOOK_WORKER_TICK_MS: '100', HEALTH_SCHEDULER: 'off', PORT: new URL(consoleSelf.url).port });
    [admin, editor, viewer, responder, approver] = await Promise.all([
      t.signInAs(['admin']),
      t.signInAs(['editor']),
      t.signInAs(['viewer']),
      t.signInAs(['responder']),
      t.signInAs(['viewer']),
    ]);
    await as(admin).post('/api/connections', { name: 'peer', type: 'http', url: peer.url, password: PASSWORD }).expect(201);
    configId = (
      await t.pool.query<{ id: string }>(
        `INSERT INTO config_items (config_class, type, name, labels) VALUES ('Service', 'Shop::Service', 'checkout', '{"app":"shop"}') RETURNING id`,
      )
    ).rows[0].id;
  });
  afterAll(async () => {
    await t?.stop();
    await Promise.all([peer?.close(), other?.close(), consoleSelf?.close()]);
  });

  describe('who may run, approve and cancel', () => {
    let gated: string;
    beforeAll(async () => {
      gated = await save(admin, 'Gated', { approval: { approvers: { people: [approver.email] } }, actions: [call('gated')] });
    });

    it.each([
      ['viewer', () => viewer],
      ['responder', () => responder],
    ])('a %s cannot run, re-run, cancel or (unlisted) approve; nothing changes', async (_role, who) => {
      const runId = await start(editor, gated);
      const runs = await count(`SELECT count(*) FROM playbook_runs`);
      await as(who()).post('/api/playbook/run', { id: gated }).expect(403);
      await as(who()).post(`/api/playbook/run/${runId}/rerun`).expect(403);
      await as(who()).post(`/api/playbook/run/${runId}/cancel`).expect(403);
      await as(who()).post(`/api/playbook/run/approve/${runId}`).expect(403);
      // without the CSRF token, a cookie-authenticated write is refused before anything else
      await who().agent.post(`/api/playbook/run/approve/${runId}`).expect(403);
      expect(await count(`SELECT count(*) FROM playbook_runs`)).toBe(runs);
      expect(await count(`SELECT count(*) FROM playbook_approvals WHERE run_id = $1`, [runId])).toBe(0);
      expect((await waitForRun(t, admin, runId, ['pending_approval'])).status).toBe('pending_approval');
    });

    it('an editor who started a run but is not an approver cannot approve it, even with autoApprove set', async () => {
      const auto = await save(admin, 'Gated auto', { approval: { approvers: { people: [approver.email] }, autoApprove: true }, actions: [call('auto')] });
      for (const id of [gated, auto]) {
        const runId = await start(editor, id);
        const res = await as(editor).post(`/api/playbook/run/approve/${runId}`).expect(403);
        expect(res.body.message).toMatch(/not an approver/);
        const run = await waitForRun(t, editor, runId, ['pending_approval']);
        expect(run.approval).toMatchObject({ approvals: [], can_approve: false });
      }
    });

    it('a listed approver with only read access approves; a cancelled run can no longer be approved and never runs', async () => {
      const first = await start(editor, gated);
      await as(approver).post(`/api/playbook/run/approve/${first}`).expect(200);
      expect((await waitForRun(t, admin, first)).status).toBe('completed');
      await as(approver).post(`/api/playbook/run/approve/${first}`).expect(409);

      const second = await start(editor, gated);
      await as(editor).post(`/api/playbook/run/${second}/cancel`).expect(200);
      await as(approver).post(`/api/playbook/run/approve/${second}`).expect(409);
      await as(editor).post(`/api/playbook/run/${second}/cancel`).expect(409);
      const run = await waitForRun(t, admin, second, ['cancelled']);
      expect(run.actions).toEqual([]);
      expect(peer.hits.filter((h) => h.url === '/gated')).toHaveLength(1);
    });

    it('the `playbook` action does not skip approval: the child of a gated playbook waits for an approver', async () => {
      const parent = await save(editor, 'Calls gated', { actions: [{ name: 'child', playbook: { name: 'gated' } }] });
      const runId = await start(editor, parent);
      const run = await waitForRun(t, admin, runId, ['waiting']);
      const child = (await t.pool.query(`SELECT id, status FROM playbook_runs WHERE parent_id = $1`, [run.id])).rows[0];
      expect(child.status).toBe('pending_approval');
      await as(editor).post(`/api/playbook/run/approve/${child.id}`).expect(403);
      await as(editor).post(`/api/playbook/run/${runId}/cancel`).expect(200);
      await as(editor).post(`/api/playbook/run/${child.id}/cancel`).expect(200);
    });

    it('runs, their actions and approvals cannot be written through the data API, even by an editor', async () => {
      const runId = await start(editor, gated);
      const before = await count(`SELECT count(*) FROM playbook_approvals`);
      const tries = [
        as(editor).post('/api/db/playbook_approvals', { run_id: runId, person_id: editor.personId }),
        as(editor).patch(`/api/db/playbook_runs?id=eq.${runId}`, { status: 'scheduled' }),
        as(editor).post('/api/db/playbook_runs', { playbook_id: gated, status: 'scheduled', spec: { actions: [] } }),
        as(editor).patch(`/api/db/playbook_run_actions?playbook_run_id=eq.${runId}`, { status: 'completed' }),
        as(editor).delete(`/api/db/playbook_runs?id=eq.${runId}`),
      ];
      for (const res of await Promise.all(tries)) expect(res.status).toBeGreaterThanOrEqual(400);
      expect(await count(`SELECT count(*) FROM playbook_approvals`)).toBe(before);
      expect((await t.pool.query(`SELECT status FROM playbook_runs WHERE id = $1`, [runId])).rows[0].status).toBe('pending_approval');
    });

    it('approvers must exist when saved (people by id or email, not by name), and `type: all` with a listed approver gone since stays pending', async () => {
      const before = await count(`SELECT count(*) FROM playbooks`);
      const all = (people: string[]) => ({ approval: { type: 'all', approvers: { people } }, actions: [call('all')] });
      const ghost = await as(admin)
        .post('/api/playbooks', { title: 'Ghost approver', spec: all([approver.email, 'ghost@nowhere.invalid']) })
        .expect(400);
      expect(ghost.body.message).toContain("spec.approval.approvers.people[1]: no person has the email or id 'ghost@nowhere.invalid'");
      // A name is not unique: it no longer names an approver.
      const name = (await t.pool.query<{ name: string }>(`SELECT name FROM people WHERE id = $1`, [approver.personId])).rows[0].name;
      const byName = await as(admin)
        .post('/api/playbooks', { title: 'Approver by name', spec: all([name]) })
        .expect(400);
      expect(byName.body.message).toContain(`spec.approval.approvers.people[0]: no person has the email or id '${name}'`);
      expect(await count(`SELECT count(*) FROM playbooks`)).toBe(before);

      const second = await t.signInAs(['viewer']);
      const both = await save(admin, 'Both approve', all([approver.email, second.personId]));
      // Both listed people approve: it runs.
      const first = await start(editor, both);
      await as(approver).post(`/api/playbook/run/approve/${first}`).expect(200);
      expect((await waitForRun(t, admin, first, ['pending_approval'])).status).toBe('pending_approval');
      await as(second).post(`/api/playbook/run/approve/${first}`).expect(200);
      expect((await waitForRun(t, admin, first)).status).toBe('completed');

      // The second approver is removed: one approval no longer runs it (fails closed), it waits.
      await t.pool.query(`UPDATE people SET deleted_at = now() WHERE id = $1`, [second.personId]);
      try {
        const runId = await start(editor, both);
        await as(approver).post(`/api/playbook/run/approve/${runId}`).expect(200);
        await t.app.get(PlaybookRunWorker).wake();
        const run = await waitForRun(t, admin, runId, ['pending_approval']);
        expect(run.approval?.approvals).toHaveLength(1);
        expect((await t.pool.query(`SELECT status FROM playbook_runs WHERE id = $1`, [runId])).rows[0].status).toBe('pending_approval');
        expect(await count(`SELECT count(*) FROM playbook_run_actions WHERE playbook_run_id = $1`, [runId])).toBe(0);
        await as(editor).post(`/api/playbook/run/${runId}/cancel`).expect(200);
      } finally {
        await t.pool.query(`UPDATE people SET deleted_at = NULL WHERE id = $1`, [second.personId]);
      }
    });
  });

  describe('getting code run on the console without write on exec', () => {
    let adminExec: string;
    beforeAll(async () => {
      adminExec = await save(admin, 'Admin exec', {
        parameters: [{ name: 'service', type: 'text' }],
        actions: [{ name: 'restart', exec: { script: 'echo "restarting $SERVICE"', env: [{ name: 'SERVICE', value: '{{ .params.service }}' }] } }],
      });
    });

    it('an editor cannot add an exec action on any write path, nor rewrite or revive an administrator’s exec playbook', async () => {
      const exec = { title: 'Sneaky', spec: { title: 'Sneaky', actions: [{ name: 's', exec: { script: 'id -u' } }] } };
      const before = await count(`SELECT count(*) FROM playbooks`);
      await as(editor).post('/api/playbooks', exec).expect(403);
      const yaml = `apiVersion: mission-control.flanksource.com/v1\nkind: Playbook\nmetadata: {name: sneaky-yaml}\nspec:\n  title: Y\n  actions:\n    - name: s\n      exec: {script: id -u}\n`;
      await as(editor).post('/api/playbooks', { yaml }).expect(403);
      await as(editor).post('/api/db/playbooks', { name: 'sneaky-data', spec: exec.spec }).expect(403);
      expect(await count(`SELECT count(*) FROM playbooks`)).toBe(before);

      const plain = await save(editor, 'Plain', { actions: [call('plain')] });
      await as(editor).put(`/api/playbooks/${plain}`, exec).expect(403);
      await as(editor).patch(`/api/db/playbooks?id=eq.${plain}`, { spec: exec.spec }).expect(403);
      await as(editor)
        .put(`/api/playbooks/${adminExec}`, { title: 'Admin exec', spec: { actions: [{ name: 'restart', exec: { script: 'id' } }] } })
        .expect(403);
      await as(editor)
        .patch(`/api/db/playbooks?id=eq.${adminExec}`, { spec: { title: 'x', actions: [call('x')] } })
        .expect(403);
      await as(editor).delete(`/api/playbooks/${adminExec}`).expect(403);

      const retired = await save(admin, 'Retired exec', { actions: [{ name: 's', exec: { script: 'echo old' } }] });
      await as(admin).delete(`/api/playbooks/${retired}`).expect(204);
      await as(editor).patch(`/api/db/playbooks?id=eq.${retired}`, { deleted_at: null }).expect(403);
      expect((await t.pool.query(`SELECT deleted_at FROM playbooks WHERE id = $1`, [retired])).rows[0].deleted_at).not.toBeNull();
      expect((await t.pool.query(`SELECT spec FROM playbooks WHERE id = $1`, [plain])).rows[0].spec.actions[0]).toHaveProperty('http');
      expect((await t.pool.query(`SELECT spec FROM playbooks WHERE id = $1`, [adminExec])).rows[0].spec.actions[0].exec.script).toContain('restarting');
    });

    // Scripts are taken as written (exec declares `script` literal); values reach them through env, as data.
    it('a parameter reaches an exec script as data, never as shell; a script template reading the run is refused at save', async () => {
      const refused = await as(admin)
        .post('/api/playbooks', {
          title: 'Templated script',
          spec: { parameters: [{ name: 'p' }], actions: [{ name: 's', exec: { script: 'echo {{ .params.p }}' } }] },
        })
        .expect(400);
      expect(refused.body.message).toMatch(/spec\.actions\[0\]\.exec\.script: templates are not expanded here.*env/);
      const run = (
        await as(editor)
          .post('/api/playbook/run', { id: adminExec, params: { service: 'x"; id -u; echo "' } })
          .expect(200)
      ).body.run_id;
      const done = await waitForRun(t, editor, run);
      expect(done.status).toBe('completed');
      expect(done.actions[0].result?.stdout).toBe('restarting x"; id -u; echo "\n');
    });

    it('a `playbook` action starts a playbook that runs scripts only from a playbook an administrator wrote; the child runs as its parent’s creator', async () => {
      const execRuns = () => count(`SELECT count(*) FROM playbook_runs WHERE playbook_id = $1`, [adminExec]);
      const before = await execRuns();
      const refused = "could not start playbook admin-exec: 'default/admin-exec' runs scripts: only a playbook written by an administrator may start it";

      // An editor's webhook relaying an anonymous caller's value into the administrator's exec playbook.
      await save(editor, 'Relay', {
        on: { webhook: { path: 'relay' } },
        actions: [{ name: 'relay', playbook: { name: 'admin-exec', params: { service: '{{ .request.body.s }}' } } }],
      });
      const hooked = await t.http().post('/api/playbook/webhook/relay').send({ s: '$(id -u)' }).expect(200);
      const relayed = await waitForRun(t, admin, hooked.body.run_id);
      // The editor's own playbook, run by the editor.
      const own = await save(editor, 'Editor calls exec', { actions: [{ name: 'call', playbook: { name: 'admin-exec', params: { service: 'web' } } }] });
      const called = await waitForRun(t, admin, await start(editor, own));
      for (const run of [relayed, called]) {
        expect(run.status).toBe('failed');
        expect(run.actions).toHaveLength(1);
        expect(run.actions[0]).toMatchObject({ status: 'failed', error: refused });
        expect(await count(`SELECT count(*) FROM playbook_runs WHERE parent_id = $1`, [run.id])).toBe(0);
      }
      expect(await execRuns()).toBe(before);

      // An administrator's playbook may start it, whoever runs that one: the child is recorded as theirs.
      const adminParent = await save(admin, 'Admin calls exec', { actions: [{ name: 'call', playbook: { name: 'admin-exec', params: { service: 'web' } } }] });
      const parent = await waitForRun(t, editor, await start(editor, adminParent));
      expect(parent.status).toBe('completed');
      const children = await t.pool.query(`SELECT playbook_id, status, created_by, trigger FROM playbook_runs WHERE parent_id = $1`, [parent.id]);
      expect(children.rows).toEqual([{ playbook_id: adminExec, status: 'completed', created_by: editor.personId, trigger: 'playbook' }]);
      expect(await execRuns()).toBe(before + 1);
    });
  });

  describe('reaching what the console keeps out of reach', () => {
    it("sql and http actions cannot reach the console's database, its own port or cloud metadata", async () => {
      const selfHits = consoleSelf.hits.length;
      const id = await save(editor, 'Out of reach', {
        actions: [
          { name: 'db', if: 'always()', sql: { connection: 'postgres://postgres@127.0.0.1:5432/postgres', query: 'SELECT 1' } },
          { name: 'db-name', if: 'always()', sql: { connection: 'postgres://postgres@localhost/postgres', query: 'SELECT 1' } },
          { name: 'db-query-host', if: 'always()', sql: { connection: 'postgres://postgres@db.example.invalid/x?host=127.0.0.1', query: 'SELECT 1' } },
          { name: 'db-socket', if: 'always()', sql: { connection: 'postgres://postgres@db.example.invalid/x?host=/var/run/postgresql', query: 'SELECT 1' } },
          { name: 'self', if: 'always()', http: { url: `http://127.0.0.1:${new URL(consoleSelf.url).port}/api/auth/whoami` } },
          { name: 'self-v6', if: 'always()', http: { url: `http://[::ffff:127.0.0.1]:${new URL(consoleSelf.url).port}/` } },
          { name: 'metadata', if: 'always()', http: { url: 'http://169.254.169.254/latest/meta-data/' } },
        ],
      });
      const run = await waitForRun(t, editor, await start(editor, id));
      expect(run.status).toBe('failed');
      const byName = Object.fromEntries(run.actions.map((a) => [a.name, a]));
      for (const name of ['db', 'db-name', 'db-query-host']) expect(byName[name]).toMatchObject({ status: 'failed', error: expect.stringMatching(/database/) });
      expect(byName['db-socket'].error).toMatch(/unix sockets|network host/);
      for (const name of ['self', 'self-v6']) expect(byName[name]).toMatchObject({ status: 'failed', error: expect.stringMatching(/this console/) });
      expect(byName.metadata.error).toMatch(/metadata/);
      expect(consoleSelf.hits.length).toBe(selfHits);
    });

    it("a connection's password goes only to its own origin, and is redacted from the stored result, log and run page", async () => {
      const secretHeader = { 'x-key': { valueFrom: { secretKeyRef: { name: 'peer', key: 'password' } } } };
      const id = await save(editor, 'Echo secret', {
        actions: [
          { name: 'own', http: { url: `${peer.url}/echo`, headers: secretHeader } },
          { name: 'elsewhere', if: 'always()', http: { url: `${other.url}/steal`, headers: secretHeader } },
        ],
      });
      const run = await waitForRun(t, viewer, await start(editor, id));
      expect(peer.hits.find((h) => h.url === '/echo')?.headers['x-key']).toBe(PASSWORD);
      expect(other.hits.filter((h) => h.url === '/steal')).toHaveLength(0);
      expect(run.actions.find((a) => a.name === 'elsewhere')).toMatchObject({ status: 'failed' });
      expect(JSON.stringify(run.actions[0].result)).toContain('***');
      const stored = await t.pool.query(`SELECT result::text AS r, coalesce(error, '') AS e FROM playbook_run_actions WHERE playbook_run_id = $1`, [run.id]);
      for (const row of stored.rows) expect(row.r + row.e).not.toContain(PASSWORD);
      expect(JSON.stringify(run)).not.toContain(PASSWORD);
    });

    // Repro: a name that resolves to 198.51.100.7 when the policy asks and to 127.0.0.1 when the client connects
    // (TTL 0, or dns.lookup patched in-process) → http action to http://rebind.example:<PORT>/ reaches the console.
    it.todo(
      'an http action connects to the address the outbound policy approved — today the policy resolves the name, then the client resolves it again, so DNS rebinding reaches the console’s port or metadata (core/outbound/outbound-http.ts)',
    );
    it('a stored action result is capped at 1 MiB: wide values cut at 64 KiB, and what is still too large kept as a preview', async () => {
      const wide = (rows: number) =>
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows}) SELECT i, REPEAT('x', 1000000) AS big FROM n`;
      const mysql = 'mysql://root@127.0.0.1:3306/test';
      const id = await save(editor, 'Wide rows', {
        actions: [
          { name: 'ten', sql: { connection: mysql, query: wide(10) } },
          { name: 'twenty', if: 'always()', sql: { connection: mysql, query: wide(20) } },
        ],
      });
      const run = await waitForRun(t, editor, await start(editor, id));
      expect(run.actions.map((a) => `${a.name}:${a.status}`)).toEqual(['ten:completed', 'twenty:completed']);
      // 10 MB read: each value cut to 64 KiB (with a note), every row and the count kept.
      const ten = run.actions[0].result as { rows: { i: number; big: string }[]; count: number; truncated: boolean };
      expect(ten).toMatchObject({ count: 10, truncated: true });
      expect(ten.rows.map((r) => r.i)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      for (const row of ten.rows) {
        expect(row.big.startsWith('x'.repeat(64 * 1024))).toBe(true);
        expect(row.big.length).toBeLessThan(64 * 1024 + 100);
      }
      // 20 MB read: even cut it is over 1 MiB, so only a preview is kept.
      const twenty = run.actions[1].result as Record<string, unknown>;
      expect(Object.keys(twenty).sort()).toEqual(['preview', 'truncated']);
      expect(twenty.truncated).toBe(true);
      expect((twenty.preview as string).length).toBeLessThanOrEqual(64 * 1024);
      const stored = await t.pool.query<{ name: string; bytes: number }>(
        `SELECT name, octet_length(result::text) AS bytes FROM playbook_run_actions WHERE playbook_run_id = $1`,
        [run.id],
      );
      for (const row of stored.rows) expect(row.bytes).toBeLessThan(1024 * 1024);
    });
  });

  describe('the webhook route, anonymous', () => {
    let open: string;
    beforeAll(async () => {
      open = await save(admin, 'Open hook', { on: { webhook: { path: 'open-hook' } }, actions: [call('hooked')] });
      await save(admin, 'Token hook', {
        on: { webhook: { path: 'token-hook', authentication: { token: { valueFrom: { secretKeyRef: { name: 'peer', key: 'password' } } } } } },
        actions: [call('token')],
      });
    });
    const runsOf = async (id: string) => count(`SELECT count(*) FROM playbook_runs WHERE playbook_id = $1`, [id]);

    it('wrong or missing credentials start nothing; a body over the limit is refused before a run; path tricks find nothing', async () => {
      const runs = await count(`SELECT count(*) FROM playbook_runs`);
      await t.http().post('/api/playbook/webhook/token-hook').send({}).expect(401);
      await t.http().post('/api/playbook/webhook/token-hook').set('authorization', 'Bearer wrong').send({}).expect(401);
      // the console's own sign-in is not a webhook credential
      await t
        .http()
        .post('/api/playbook/webhook/token-hook')
        .set('authorization', `Basic ${Buffer.from(`${admin.email}:correct-horse-battery`).toString('base64')}`)
        .expect(401);
      await t
        .http()
        .post('/api/playbook/webhook/open-hook')
        .set('content-type', 'application/json')
        .send(`{"x":"${'a'.repeat(2 * 1024 * 1024)}"}`)
        .expect(413);
      for (const path of ['..%2Fopen-hook', 'open-hook%2F..', '%2e%2e', 'OPEN-HOOK']) {
        await t.http().post(`/api/playbook/webhook/${path}`).send({}).expect(404);
      }
      expect(await count(`SELECT count(*) FROM playbook_runs`)).toBe(runs);
      const ok = await t.http().post('/api/playbook/webhook/token-hook').set('authorization', `Bearer ${PASSWORD}`).send({}).expect(200);
      expect((await waitForRun(t, admin, ok.body.run_id)).status).toBe('completed');
    });

    it('the Authorization header and cookies of a webhook call are not stored with the run', async () => {
      const res = await t
        .http()
        .post('/api/playbook/webhook/open-hook')
        .set('authorization', 'Bearer not-for-storage-1')
        .set('cookie', 'console_session=not-for-storage-2')
        .send({ ref: 'main' })
        .expect(200);
      const stored = (await t.pool.query(`SELECT request::text AS r FROM playbook_runs WHERE id = $1`, [res.body.run_id])).rows[0].r;
      expect(stored).toContain('main');
      expect(stored).not.toMatch(/not-for-storage/);
      expect(await runsOf(open)).toBeGreaterThan(0);
    });

    it('a NUL character in a webhook path or body answers 400 and starts nothing', async () => {
      const runs = await count(`SELECT count(*) FROM playbook_runs`);
      const path = await t.http().post('/api/playbook/webhook/open-hook%00').send({}).expect(400);
      expect(path.body.message).toMatch(/NUL/);
      const body = await t.http().post('/api/playbook/webhook/open-hook').set('content-type', 'application/json').send('{"ref":"ma\\u0000in"}').expect(400);
      expect(body.body.message).toMatch(/NUL/);
      expect(await count(`SELECT count(*) FROM playbook_runs`)).toBe(runs);
    });

    it('a NUL character in a webhook query string or a run parameter answers 400, and starts nothing', async () => {
      const runs = await count(`SELECT count(*) FROM playbook_runs`);
      const query = await t.http().post('/api/playbook/webhook/open-hook?x=a%00b').send({}).expect(400);
      expect(query.body.message).toMatch(/NUL/);
      const target = await save(admin, 'NUL target', { parameters: [{ name: 'p' }], actions: [call('nul')] });
      const param = await as(admin)
        .post('/api/playbook/run', { id: target, params: { p: 'a\u0000b' } })
        .expect(400);
      expect(param.body.message).toMatch(/NUL/);
      expect(await count(`SELECT count(*) FROM playbook_runs`)).toBe(runs);
    });

    it('credential-looking headers of a webhook call are not stored (nor readable by viewers); other headers are', async () => {
      const res = await t
        .http()
        .post('/api/playbook/webhook/open-hook')
        .set('x-api-key', 'nfs-1')
        .set('proxy-authorization', 'Basic nfs-2')
        .set('x-gitlab-token', 'nfs-3')
        .set('x-hub-signature-256', 'sha256=nfs-4')
        .set('x-session-id', 'nfs-5')
        .set('x-client-secret', 'nfs-6')
        .set('x-password', 'nfs-7')
        .set('x-credential', 'nfs-8')
        .set('x-request-id', 'req-4417')
        .send({ ref: 'main' })
        .expect(200);
      const stored = (await t.pool.query(`SELECT request::text AS r FROM playbook_runs WHERE id = $1`, [res.body.run_id])).rows[0].r as string;
      expect(stored).toContain('req-4417');
      expect(stored).not.toMatch(/nfs-/);
      const read = await viewer.agent.get(`/api/db/playbook_runs?select=request&id=eq.${res.body.run_id}`).expect(200);
      expect(JSON.stringify(read.body)).toContain('req-4417');
      expect(JSON.stringify(read.body)).not.toMatch(/nfs-/);
    });

    it('webhook credentials must be secret references: a token or basic password written as a value is refused when saved; readers see only the reference', async () => {
      const before = await count(`SELECT count(*) FROM playbooks`);
      const hook = (path: string, authentication: Record<string, unknown>) => ({ on: { webhook: { path, authentication } }, actions: [call('plain')] });
      const token = await as(admin)
        .post('/api/playbooks', { title: 'Plain token', spec: hook('plain-token', { token: 'tok-SECRET-1' }) })
        .expect(400);
      expect(token.body.message).toMatch(/spec\.on\.webhook\.authentication\.token: write it as a secret reference/);
      const basic = await as(admin)
        .post('/api/playbooks', { title: 'Plain basic', spec: hook('plain-basic', { basic: { username: 'ci', password: 'pw-SECRET-2' } }) })
        .expect(400);
      expect(basic.body.message).toMatch(/authentication\.basic\.password: write it as a secret reference/);
      const data = await as(admin).post('/api/db/playbooks', {
        name: 'plain-data',
        spec: { title: 'Plain data', ...hook('plain-data', { token: 'tok-SECRET-3' }) },
      });
      expect(data.status).toBe(400);
      expect(JSON.stringify(data.body)).toMatch(/authentication\.token/);
      expect(await count(`SELECT count(*) FROM playbooks`)).toBe(before);
      expect(await count(`SELECT count(*) FROM playbooks WHERE spec::text LIKE '%SECRET-%'`)).toBe(0);

      // A reference (secretKeyRef, or connection://) is kept; a viewer reads the reference, never the value.
      await save(admin, 'Connection token', hook('connection-token', { token: 'connection://peer' }));
      const ref = await save(
        admin,
        'Basic ref',
        hook('basic-ref', { basic: { username: 'ci', password: { valueFrom: { secretKeyRef: { name: 'peer', key: 'password' } } } } }),
      );
      const seen = JSON.stringify((await viewer.agent.get(`/api/playbooks/${ref}`).expect(200)).body);
      expect(seen).toContain('secretKeyRef');
      expect(seen).not.toContain(PASSWORD);
      const basicAuth = (password: string) => `Basic ${Buffer.from(`ci:${password}`).toString('base64')}`;
      await t.http().post('/api/playbook/webhook/basic-ref').set('authorization', basicAuth('guess')).send({}).expect(401);
      const ok = await t.http().post('/api/playbook/webhook/basic-ref').set('authorization', basicAuth(PASSWORD)).send({}).expect(200);
      expect((await waitForRun(t, admin, ok.body.run_id)).status).toBe('completed');
    });

    it('with the playbooks feature disabled the webhook route answers 403 feature_disabled and starts nothing', async () => {
      const runs = await count(`SELECT count(*) FROM playbook_runs`);
      await t.pool.query(`INSERT INTO properties (name, value) VALUES ('playbooks.disable', 'true')`);
      try {
        // The switch reaches this replica through a notify (or the 2 s cache): wait for the console's own routes to see it.
        await eventually(
          async () => (await viewer.agent.get('/api/playbook/list')).status,
          (status) => status === 403,
          'the playbooks feature switched off',
        );
        const refused = await t.http().post('/api/playbook/webhook/open-hook').send({}).expect(403);
        expect(refused.body.code).toBe('feature_disabled');
        await t.http().post('/api/playbook/webhook/token-hook').set('authorization', `Bearer ${PASSWORD}`).send({}).expect(403);
        expect(await count(`SELECT count(*) FROM playbook_runs`)).toBe(runs);
      } finally {
        await t.pool.query(`DELETE FROM properties WHERE name = 'playbooks.disable'`);
      }
      await eventually(
        async () => (await viewer.agent.get('/api/playbook/list')).status,
        (status) => status === 200,
        'the playbooks feature switched on again',
      );
      const ok = await t.http().post('/api/playbook/webhook/open-hook').send({}).expect(200);
      expect((await waitForRun(t, admin, ok.body.run_id)).status).toBe('completed');
    });

    // Repro: POST /api/playbook/webhook/token-hook without credentials → 401; /webhook/no-such → 404; no limit on either.
    it.todo(
      'an unknown path and a known one without valid credentials answer alike, and failed webhook calls are rate limited — today 404 vs 401 tells which paths exist and tokens (even a connection’s password used as token) can be guessed without limit',
    );
  });

  describe('the live stream and resource search', () => {
    it('the run stream needs a signed-in reader; an unknown run is 404', async () => {
      const id = await save(admin, 'Streamed', { actions: [call('streamed')] });
      const runId = await start(admin, id);
      await t.http().get(`/api/playbook/run/${runId}/events`).expect(401);
      await viewer.agent.get('/api/playbook/run/00000000-0000-4000-8000-000000000000/events').expect(404);
      await viewer.agent.get('/api/playbook/run/not-a-uuid/events').expect(400);
      await waitForRun(t, admin, runId);
      const res = await viewer.agent.get(`/api/playbook/run/${runId}/events`).expect(200);
      expect(res.headers['content-type']).toMatch(/text\/event-stream/);
      expect(res.text).toMatch(/event: run\ndata: .*"status":"completed"/);
    });

    describe('followed live', () => {
      let base: string;
      let gatedStream: string;
      /** A session of its own (cookie header and CSRF token), as a second browser would have. */
      const sessionOf = async (email: string) => {
        const res = await t.http().post('/api/auth/login').send({ email, password: TEST_PASSWORD }).expect(200);
        const pairs = ([] as string[]).concat(res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]);
        const csrf = pairs.find((p) => p.startsWith(`${CSRF_COOKIE}=`))?.split('=')[1] ?? '';
        return { cookie: pairs.join('; '), csrf };
      };
      /** The streams this replica holds open for a person (what the cap counts). */
      const openFor = (personId: string) =>
        (t.app.get(PlaybookRunsController) as unknown as { openStreams: Map<string, number> }).openStreams.get(personId) ?? 0;
      const streams: LiveStream[] = [];
      const open = async (runId: string, cookie: string) => {
        const stream = await openStream(base, runId, cookie);
        streams.push(stream);
        return stream;
      };

      beforeAll(async () => {
        // Streams are read over real connections: the console listens on a port of its own (supertest uses it too).
        if (!t.server.listening) await new Promise<void>((resolve) => t.server.listen(0, '127.0.0.1', resolve));
        base = `http://127.0.0.1:${(t.server.address() as AddressInfo).port}`;
        gatedStream = await save(admin, 'Gated stream', { approval: { approvers: { people: [approver.email] } }, actions: [call('gated-stream')] });
      });
      afterAll(() => {
        for (const stream of streams) stream.close();
      });

      it('a live stream ends when its session signs out, while another session of the same person keeps following', async () => {
        const person = await t.createPerson(['viewer']);
        const [one, two] = [await sessionOf(person.email), await sessionOf(person.email)];
        const runId = await start(editor, gatedStream);
        const [first, second] = [await open(runId, one.cookie), await open(runId, two.cookie)];
        expect([first.status, second.status]).toEqual([200, 200]);
        await eventually(
          () => [first.text(), second.text()],
          (texts) => texts.every((text) => /event: run\ndata: .*"status":"pending_approval"/.test(text)),
          'both streams sending the run',
        );

        await t.http().post('/api/auth/logout').set('cookie', one.cookie).set('x-csrf-token', one.csrf).expect(204);
        // Re-checked on the stream's next re-read (every second while it is open): it ends, the run still pending.
        await eventually(() => first.ended(), Boolean, 'the signed-out session’s stream ending');
        expect((await t.pool.query(`SELECT status FROM playbook_runs WHERE id = $1`, [runId])).rows[0].status).toBe('pending_approval');
        expect(second.ended()).toBe(false);

        await as(approver).post(`/api/playbook/run/approve/${runId}`).expect(200);
        expect((await waitForRun(t, admin, runId)).status).toBe('completed');
        await eventually(() => second.ended(), Boolean, 'the other stream ending with the run');
        expect(second.text()).toMatch(/"status":"completed"/);
        expect(first.text()).not.toMatch(/"status":"(scheduled|running|completed)"/);
      });

      it('a stream whose client leaves during its first read is released at once', async () => {
        const person = await t.createPerson(['viewer']);
        const { cookie } = await sessionOf(person.email);
        const runId = await start(editor, gatedStream);
        // The first read of the run waits on a lock the test holds; the client leaves meanwhile.
        const locker = await t.pool.connect();
        try {
          await locker.query('BEGIN');
          await locker.query('LOCK TABLE playbook_runs IN ACCESS EXCLUSIVE MODE');
          const req = streamRequest(base, runId, cookie, (stream) => streams.push(stream));
          await eventually(
            () =>
              count(
                `SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%parent_id, trigger, spec%FROM playbook_runs%'`,
              ),
            (n) => n === 1,
            'the stream’s first read waiting',
          );
          expect(openFor(person.id)).toBe(1);
          req.destroy();
          await eventually(
            () => openFor(person.id),
            (n) => n === 0,
            'the stream released while its first read still waits',
          );
        } finally {
          await locker.query('COMMIT');
          locker.release();
        }
        // Nothing left behind: the person has their 20 streams.
        const twenty: LiveStream[] = [];
        for (let i = 0; i < 20; i++) twenty.push(await open(runId, cookie));
        expect(twenty.map((s) => s.status)).toEqual(Array(20).fill(200));
        for (const stream of twenty) stream.close();
        await eventually(
          () => openFor(person.id),
          (n) => n === 0,
          'the closed streams released',
        );
        await as(editor).post(`/api/playbook/run/${runId}/cancel`).expect(200);
      });

      it('at most 20 open streams per person on a replica: the 21st answers 429; closing one frees a place; other people are not counted', async () => {
        const person = await t.createPerson(['viewer']);
        const { cookie } = await sessionOf(person.email);
        const runId = await start(editor, gatedStream);
        const twenty: LiveStream[] = [];
        for (let i = 0; i < 20; i++) twenty.push(await open(runId, cookie));
        expect(twenty.map((s) => s.status)).toEqual(Array(20).fill(200));
        await eventually(
          () => twenty.map((s) => s.text()),
          (texts) => texts.every((text) => text.includes('event: run')),
          'the twenty streams sending the run',
        );

        const refused = await open(runId, cookie);
        expect(refused.status).toBe(429);
        await eventually(() => refused.ended(), Boolean, 'the refusal answered');
        expect(JSON.parse(refused.text())).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/^At most 20 run pages/) });
        // Another person is not held to this person's streams.
        const other = await open(runId, (await sessionOf((await t.createPerson(['viewer'])).email)).cookie);
        expect(other.status).toBe(200);

        twenty[0].close();
        await eventually(
          () => openFor(person.id),
          (n) => n === 19,
          'the closed stream released',
        );
        const again = await open(runId, cookie);
        expect(again.status).toBe(200);
        for (const stream of [...twenty, again, other]) stream.close();
        await eventually(
          () => openFor(person.id),
          (n) => n === 0,
          'every stream released',
        );
        await as(editor).post(`/api/playbook/run/${runId}/cancel`).expect(200);
      });
    });

    it('resource search takes search, types and selectors as data: no injection, LIKE wildcards are literal', async () => {
      const configs = await count(`SELECT count(*) FROM config_items`);
      const search = (body: Record<string, unknown>) => viewer.agent.post('/api/resources/search').set('x-csrf-token', viewer.csrf).send(body);
      for (const body of [
        { search: "x' OR '1'='1" },
        { search: "'); DROP TABLE config_items; --" },
        { types: ["' OR 1=1 --"] },
        { kinds: ["config'; --"] },
        { search: '\\' },
      ]) {
        const res = await search(body);
        expect([200, 400]).toContain(res.status);
        if (res.status === 200) expect(res.body.configs).toEqual([]);
      }
      for (const wildcard of ['%', '_', 'ch%', 'check_ut']) expect((await search({ search: wildcard }).expect(200)).body.configs).toEqual([]);
      expect((await search({ search: 'checkout' }).expect(200)).body.configs.map((c: { id: string }) => c.id)).toEqual([configId]);
      const literal = await save(editor, 'Literal selectors', { configs: [{ name: '%' }, { name: 'check_ut' }, { types: ['%'] }], actions: [call('lit')] });
      expect((await search({ playbook_id: literal }).expect(200)).body.configs).toEqual([]);
      await t.http().post('/api/resources/search').send({ search: 'checkout' }).expect(401);
      expect(await count(`SELECT count(*) FROM config_items`)).toBe(configs);
    });

    it('a catastrophic parameter regex is judged in the bounded evaluator: the run is refused and the gateway keeps answering', async () => {
      const id = await save(editor, 'Evil regex', { parameters: [{ name: 'v', properties: { regex: '(a+)+$' } }], actions: [call('regex')] });
      const res = await as(editor)
        .post('/api/playbook/run', { id, params: { v: `${'a'.repeat(40)}!` } })
        .expect(400);
      expect(res.body.details.params.v).toMatch(/must match/);
      await viewer.agent.get('/api/playbook/list').expect(200);
      expect(await count(`SELECT count(*) FROM playbook_runs WHERE playbook_id = $1`, [id])).toBe(0);
    });

    // With the former regex matcher, the patterns below froze the gateway on this name (10 stars on 27 characters took 14 s).
    it("a selector's `*` wildcards match in linear time, and a pattern with more than 8 is refused when saved", async () => {
      const longName = 'a'.repeat(3000);
      const longId = (
        await t.pool.query<{ id: string }>(`INSERT INTO config_items (config_class, type, name) VALUES ('Service', 'Shop::Service', $1) RETURNING id`, [
          longName,
        ])
      ).rows[0].id;
      const nine = await as(editor)
        .post('/api/playbooks', { title: 'Nine stars', spec: { configs: [{ name: `${'*a'.repeat(8)}*X` }], actions: [call('nine')] } })
        .expect(400);
      expect(nine.body.message).toContain("spec.configs[0]: at most 8 '*' in a name, type or namespace");
      await as(editor)
        .post('/api/playbooks', { title: 'Nine types', spec: { configs: [{ types: ['*a*a*a*a*a*a*a*a*a'] }], actions: [call('nine')] } })
        .expect(400);

      // Eight stars, and a run of stars (one wildcard), against a 3,000-character name: answered at once.
      const eight = await save(editor, 'Eight stars', { configs: [{ name: `${'*a'.repeat(7)}*X` }], actions: [call('eight')] });
      const run = await save(editor, 'Run of stars', { configs: [{ name: `${'*'.repeat(40)}X` }, { names: [`a${'*'.repeat(40)}b`] }], actions: [call('run')] });
      const matches = await save(editor, 'Stars that match', { configs: [{ name: `${'*a'.repeat(7)}*` }], actions: [call('match')] });
      const listed = (await viewer.agent.get(`/api/playbook/list?config_id=${longId}`).expect(200)).body as PlaybookListItem[];
      const ids = listed.map((p) => p.id);
      expect(ids).toContain(matches);
      expect(ids).not.toContain(eight);
      expect(ids).not.toContain(run);
      // A run for the resource is matched the same way.
      await as(editor).post('/api/playbook/run', { id: eight, config_id: longId }).expect(400);
      const matched = await waitForRun(t, editor, await start(editor, matches, { config_id: longId }));
      expect(matched.status).toBe('completed');
      expect(matched.resource).toMatchObject({ kind: 'config', id: longId });
    });
  });

  describe('the engine under abuse', () => {
    it('a chain of `playbook` actions refuses loops (A → A, A → B → A) and stops at depth 5', async () => {
      const runsOf = (ids: string[]) => count(`SELECT count(*) FROM playbook_runs WHERE playbook_id = ANY($1::uuid[])`, [ids]);
      const loop = await save(editor, 'Loop', { actions: [{ name: 'again', playbook: { name: 'loop' } }] });
      const looped = await waitForRun(t, editor, await start(editor, loop));
      expect(looped.status).toBe('failed');
      expect(looped.actions[0].error).toBe(
        "could not start playbook loop: 'default/loop' is already running in this chain of playbooks: it would start itself",
      );
      expect(await runsOf([loop])).toBe(1);

      const ping = await save(editor, 'Ping', { actions: [{ name: 'pong', playbook: { name: 'pong' } }] });
      const pong = await save(editor, 'Pong', { actions: [{ name: 'ping', playbook: { name: 'ping' } }] });
      const pinged = await waitForRun(t, editor, await start(editor, ping));
      expect(pinged.status).toBe('failed');
      const pongRun = (await t.pool.query(`SELECT id FROM playbook_runs WHERE parent_id = $1`, [pinged.id])).rows[0].id as string;
      expect((await waitForRun(t, editor, pongRun)).actions[0].error).toMatch(/'default\/ping' is already running in this chain of playbooks/);
      expect(await runsOf([ping, pong])).toBe(2);

      // depth-1 → depth-2 → … → depth-7: the fifth run may not start a sixth.
      const chain: string[] = [];
      for (let i = 1; i <= 7; i++) {
        chain.push(await save(editor, `Depth ${i}`, { actions: [i < 7 ? { name: 'next', playbook: { name: `depth-${i + 1}` } } : call('deepest')] }));
      }
      const top = await waitForRun(t, editor, await start(editor, chain[0]));
      expect(top.status).toBe('failed');
      const runs = await t.pool.query<{ playbook_id: string; id: string; status: string }>(
        `SELECT playbook_id, id, status FROM playbook_runs WHERE playbook_id = ANY($1::uuid[])`,
        [chain],
      );
      expect(runs.rows.map((r) => chain.indexOf(r.playbook_id) + 1).sort()).toEqual([1, 2, 3, 4, 5]);
      expect(runs.rows.every((r) => r.status === 'failed')).toBe(true);
      const fifth = runs.rows.find((r) => r.playbook_id === chain[4])!;
      expect((await waitForRun(t, editor, fifth.id)).actions[0].error).toBe('could not start playbook depth-6: playbooks may start playbooks at most 5 deep');
      expect(peer.hits.filter((h) => h.url === '/deepest')).toHaveLength(0);
    });

    describe('two replicas, one run', () => {
      let first: TestApp;
      let second: NestExpressApplication;
      let held: Awaited<ReturnType<typeof holdingPeer>>;
      beforeAll(async () => {
        held = await holdingPeer();
        // Replica A: executes the run, and then stalls (its lease is never renewed: its tick is a minute away).
        first = await TestApp.start({ PLAYBOOK_WORKER_TICK_MS: '60000', PLAYBOOK_LEASE_MS: '2000', HEALTH_SCHEDULER: 'off' });
        // Replica B: takes over a run whose lease ran out, when the test wakes it; its own lease outlasts the test.
        second = await replica(first.db.url, { PLAYBOOK_WORKER: 'off', PLAYBOOK_LEASE_MS: '600000', HEALTH_SCHEDULER: 'off', EVENT_CONSUMER: 'false' });
      }, 120_000);
      afterAll(async () => {
        await held?.close();
        await second?.close();
        await first?.stop();
      });

      it("a replica that lost a run's lease records nothing more and starts no further action: nothing runs twice", async () => {
        const a = first.app.get(PlaybookRunWorker);
        const b = second.get(PlaybookRunWorker);
        const runRow = async (id: string) =>
          (
            await first.pool.query<{ status: string; lease_owner: string | null; error: string | null }>(
              `SELECT status, lease_owner, error FROM playbook_runs WHERE id = $1`,
              [id],
            )
          ).rows[0];
        const actionRows = async (id: string) =>
          (
            await first.pool.query<{ name: string; status: string; error: string | null; result: Record<string, unknown> | null }>(
              `SELECT name, status, error, result FROM playbook_run_actions WHERE playbook_run_id = $1 ORDER BY action_index`,
              [id],
            )
          ).rows;
        const owner = await first.signInAs(['admin']);
        const id = (
          await as(owner)
            .post('/api/playbooks', {
              title: 'Two replicas',
              spec: {
                actions: [
                  { name: 'a1', http: { url: `${held.url}/hold/a1` } },
                  { name: 'a2', if: 'always()', http: { url: `${held.url}/hold/a2` } },
                ],
              },
            })
            .expect(201)
        ).body.id as string;
        const runId = (await as(owner).post('/api/playbook/run', { id }).expect(200)).body.run_id as string;

        // A claims the run and calls a1, whose answer the peer holds; A's lease runs out meanwhile.
        await eventually(
          () => held.hits,
          (hits) => hits.includes('/hold/a1'),
          'replica A calling a1',
        );
        expect((await runRow(runId)).lease_owner).toBe(a.owner);
        await eventually(
          async () => (await first.pool.query(`SELECT lease_until < now() AS out FROM playbook_runs WHERE id = $1`, [runId])).rows[0].out as boolean,
          Boolean,
          'replica A’s lease running out',
        );

        // B recovers it: a1 was interrupted (not run twice: failed), a2 (if: always()) is called by B.
        await b.wake();
        await eventually(
          () => held.hits,
          (hits) => hits.includes('/hold/a2'),
          'replica B calling a2',
        );
        expect((await runRow(runId)).lease_owner).toBe(b.owner);
        const taken = await actionRows(runId);
        expect(taken.map((r) => `${r.name}:${r.status}`)).toEqual(['a1:failed', 'a2:running']);
        expect(taken[0].error).toBe(`The console stopped while this action was running (${a.owner}); 'http' actions are not run twice, so it failed`);

        // a1's answer now reaches A, which no longer holds the run: it records nothing and calls nothing more.
        let aIdle = false;
        held.release('/hold/a1', { late: 'answer-from-a1' });
        void a.idle().then(() => (aIdle = true));
        // (Either A gives the run up, or it goes on and calls a2 a second time.)
        await eventually(() => aIdle || held.hits.filter((h) => h === '/hold/a2').length > 1, Boolean, 'replica A giving the run up');
        expect(held.hits.filter((h) => h === '/hold/a2')).toHaveLength(1);
        expect(aIdle).toBe(true);
        expect(await actionRows(runId)).toEqual(taken);
        expect(await runRow(runId)).toMatchObject({ status: 'running', lease_owner: b.owner });

        // B finishes it: every action reached once.
        held.release('/hold/a2', { ok: true });
        const done = await eventually(
          () => runRow(runId),
          (run) => FINAL.includes(run.status),
          'replica B ending the run',
        );
        expect(done).toMatchObject({ status: 'failed', lease_owner: null, error: `The action 'a1' failed: ${taken[0].error}` });
        expect((await actionRows(runId)).map((r) => `${r.name}:${r.status}`)).toEqual(['a1:failed', 'a2:completed']);
        expect(held.hits).toEqual(['/hold/a1', '/hold/a2']);
        expect(JSON.stringify(await actionRows(runId))).not.toContain('answer-from-a1');
      });
    });
    it('a run whose parameters do not pass, or with unknown ones, is refused before anything is stored', async () => {
      const id = await save(editor, 'Strict params', {
        parameters: [{ name: 'n', properties: { maxLength: 10 } }],
        actions: [call('strict')],
      });
      const before = await count(`SELECT count(*) FROM playbook_runs`);
      await as(editor)
        .post('/api/playbook/run', { id, params: { n: 'x'.repeat(500_000) } })
        .expect(400);
      const res = await as(editor)
        .post('/api/playbook/run', { id, params: { n: 'ok', __proto__x: 1, extra: 'x' } })
        .expect(400);
      expect(Object.keys(res.body.details.params).sort()).toEqual(['__proto__x', 'extra']);
      expect(await count(`SELECT count(*) FROM playbook_runs`)).toBe(before);
      const detail: PlaybookRunDetail = await waitForRun(t, editor, await start(editor, id, { params: { n: 'fine' } }));
      expect(detail.status).toBe('completed');
    });
  });
});
