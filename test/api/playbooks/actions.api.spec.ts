import { Client } from 'pg';
import { PlaybookRunWorker } from '../../../plugins/playbooks/gateway/run-worker.service';
import { startGitPeer } from '../../support/peers/git-peer';
import { adminDatabaseUrl } from '../../support/test-db';
import { TestApp, type SignedInAgent } from '../../support/test-app';
import { as, eventually, httpPeer, processesWith, sleepMarker, waitForRun } from './run-support';

/**
 * The action types through the engine, with real peers: bash scripts in the sandbox, a real Postgres, a loopback
 * HTTP server (retries, webhooks), a real git server, delays, timeouts, cancelling a running script, and a playbook
 * starting another.
 */
describe('playbook actions through the engine', () => {
  let t: TestApp;
  let admin: SignedInAgent;
  let peer: Awaited<ReturnType<typeof httpPeer>>;

  beforeAll(async () => {
    peer = await httpPeer((hit, count) => {
      if (hit.url === '/flaky') return count <= 2 ? { status: 503, body: { attempt: count } } : { status: 200, body: { attempt: count } };
      if (hit.url === '/down') return { status: 500, body: { down: true } };
      return undefined;
    });
    t = await TestApp.start({ PLAYBOOK_WORKER_TICK_MS: '100', OUTBOUND_ALLOW: '127.0.0.1' });
    admin = await t.signInAs(['admin']);
  });
  afterAll(async () => {
    await t?.stop();
    await peer?.close();
  });

  const save = async (title: string, spec: Record<string, unknown>) => (await as(admin).post('/api/playbooks', { title, spec }).expect(201)).body.id as string;
  const run = async (id: string, params: Record<string, unknown> = {}) =>
    (await as(admin).post('/api/playbook/run', { id, params }).expect(200)).body.run_id as string;
  const wait = (runId: string, statuses?: Parameters<typeof waitForRun>[3]) => waitForRun(t, admin, runId, statuses);

  describe('exec', () => {
    it('runs a bash script with a templated parameter; stdout is in the result', async () => {
      const id = await save('Exec hello', {
        parameters: [{ name: 'who', default: 'world' }],
        actions: [{ name: 'greet', exec: { script: 'echo "hello $WHO from $(whoami)"; echo "note" >&2', env: [{ name: 'WHO', value: '{{ .params.who }}' }] } }],
      });
      const done = await wait(await run(id, { who: 'playbooks' }));
      expect(done.status).toBe('completed');
      expect(done.actions[0]).toMatchObject({ name: 'greet', status: 'completed', error: null });
      expect(done.actions[0].result).toMatchObject({ stdout: expect.stringMatching(/^hello playbooks from \S+\n$/), stderr: 'note\n', exitCode: 0 });
      // The sandbox runs scripts as its own user (nobody when the console runs as root), never the console's.
      if (process.getuid?.() === 0) expect(done.actions[0].result?.stdout).toBe('hello playbooks from nobody\n');
    });

    it('a non-zero exit fails the action and the run', async () => {
      const id = await save('Exec fails', {
        actions: [
          { name: 'broken', exec: { script: 'echo partial; echo "disk full" >&2; exit 3' } },
          { name: 'after', exec: { script: 'echo never' } },
        ],
      });
      const done = await wait(await run(id));
      expect(done.status).toBe('failed');
      expect(done.actions[0]).toMatchObject({
        status: 'failed',
        error: 'exit status 3: disk full',
        result: expect.objectContaining({ stdout: 'partial\n', exitCode: 3 }),
      });
      expect(done.actions[1]).toMatchObject({ name: 'after', status: 'skipped' });
      expect(done.error).toBe("The action 'broken' failed: exit status 3: disk full");
    });

    it('timeout: 2s stops `sleep 30`, fails the action as timed out, and leaves no process behind', async () => {
      const marker = sleepMarker();
      const id = await save('Exec timeout', { actions: [{ name: 'slow', timeout: '2s', exec: { script: `sleep ${marker}; echo woke` } }] });
      const runId = await run(id);
      // The script really started...
      await eventually(
        async () => (await t.app.get(PlaybookRunWorker).wake(), processesWith(`sleep ${marker}`)),
        (pids) => pids.length > 0,
        'the sleep process starting',
      );
      const done = await wait(runId);
      expect(done.status).toBe('failed');
      expect(done.actions[0].status).toBe('failed');
      expect(done.actions[0].error).toMatch(/^timed out after 2(s|000ms)$/);
      expect(done.actions[0].result?.stdout ?? '').not.toContain('woke');
      // ...and is gone (its process group was killed), long before its 30 seconds.
      await eventually(
        () => processesWith(marker),
        (pids) => pids.length === 0,
        'the sleep process ending',
      );
    });

    it('cancel stops a running script: the run and action end cancelled and the process is killed', async () => {
      const marker = sleepMarker();
      const id = await save('Exec cancel', {
        actions: [
          { name: 'long', exec: { script: `sleep ${marker}` } },
          { name: 'next', if: 'always()', exec: { script: 'echo next' } },
        ],
      });
      const runId = await run(id);
      await eventually(
        async () => (await t.app.get(PlaybookRunWorker).wake(), processesWith(`sleep ${marker}`)),
        (pids) => pids.length > 0,
        'the sleep process starting',
      );
      const running = await wait(runId, (r) => r.actions[0]?.status === 'running');
      expect(running.status).toBe('running');

      const cancelled = await as(admin).post(`/api/playbook/run/${runId}/cancel`).expect(200);
      expect(cancelled.body.status).toBe('cancelled');
      await eventually(
        () => processesWith(marker),
        (pids) => pids.length === 0,
        'the cancelled sleep process ending',
      );
      await t.app.get(PlaybookRunWorker).wake();
      await t.app.get(PlaybookRunWorker).idle();
      const after = await wait(runId);
      expect(after.status).toBe('cancelled');
      expect(after.actions.map((a) => `${a.name}:${a.status}`)).toEqual(['long:cancelled']);
      // Cancelling again: it is over.
      await as(admin).post(`/api/playbook/run/${runId}/cancel`).expect(409);
    });
  });

  describe('sql against a real Postgres', () => {
    const database = `pb_sql_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const url = () => {
      const u = new URL(adminDatabaseUrl());
      u.pathname = `/${database}`;
      return u.toString();
    };
    const admin_ = () => new Client({ connectionString: adminDatabaseUrl() });

    beforeAll(async () => {
      const c = admin_();
      await c.connect();
      await c.query(`CREATE DATABASE "${database}"`).finally(() => c.end());
      const db = new Client({ connectionString: url() });
      await db.connect();
      await db.query(`CREATE TABLE hosts (id serial PRIMARY KEY, name text NOT NULL, maintenance boolean NOT NULL DEFAULT false)`);
      await db.query(`INSERT INTO hosts (name) VALUES ('web-1'), ('web-2'), ('db-1')`);
      await db.end();
    });
    afterAll(async () => {
      const c = admin_();
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).finally(() => c.end());
    });

    it('writes and reads with templated SQL; the rows are in the result and in the database', async () => {
      const id = await save('SQL maintenance', {
        parameters: [{ name: 'prefix', required: true }],
        actions: [
          {
            name: 'mark',
            sql: {
              connection: url(),
              query: "WITH u AS (UPDATE hosts SET maintenance = true WHERE name LIKE '{{ .params.prefix }}%' RETURNING name) SELECT name FROM u ORDER BY name",
            },
          },
          { name: 'count', sql: { connection: url(), query: 'SELECT count(*)::int AS n FROM hosts WHERE maintenance' } },
        ],
      });
      const done = await wait(await run(id, { prefix: 'web' }));
      expect(done.status).toBe('completed');
      expect(done.actions[0].result).toMatchObject({ rows: [{ name: 'web-1' }, { name: 'web-2' }], count: 2, fields: ['name'] });
      expect(done.actions[1].result).toMatchObject({ rows: [{ n: 2 }], count: 1 });
      const db = new Client({ connectionString: url() });
      await db.connect();
      const { rows } = await db.query(`SELECT name FROM hosts WHERE maintenance ORDER BY name`).finally(() => db.end());
      expect(rows.map((r) => r.name)).toEqual(['web-1', 'web-2']);
    });

    it('a failing statement fails the action with the server’s message', async () => {
      const id = await save('SQL broken', { actions: [{ name: 'bad', sql: { connection: url(), query: 'SELECT * FROM no_such_table' } }] });
      const done = await wait(await run(id));
      expect(done.status).toBe('failed');
      expect(done.actions[0].error).toMatch(/no_such_table/);
    });
  });

  it('gitops: commits templated changes to a real git server and pushes them', async () => {
    const git = await startGitPeer({
      files: { 'apps/cart/deployment.yaml': 'kind: Deployment\nspec:\n  replicas: 1 # scaled by playbooks\n  paused: false\n', 'apps/old.yaml': 'x: 1\n' },
      auth: { username: 'bot', password: 'git-t0ken' },
    });
    try {
      const before = git.git('rev-parse', 'main').trim();
      const id = await save('Scale by git', {
        parameters: [{ name: 'replicas', default: '3' }],
        actions: [
          {
            name: 'commit',
            gitops: {
              repo: { url: git.url, branch: 'main', username: 'bot', password: 'git-t0ken' },
              commit: { message: 'Scale cart to {{ .params.replicas }}', author: { name: 'Release Bot', email: 'bot@example.com' } },
              files: [
                { path: 'apps/cart/deployment.yaml', patch: 'spec:\n  replicas: {{ .params.replicas }}\n' },
                { path: 'apps/cart/NOTES.md', content: 'scaled to {{ .params.replicas }} by {{ .user.name }}' },
                { path: 'apps/old.yaml', delete: true },
              ],
            },
          },
        ],
      });
      const runId = await run(id, { replicas: '5' });
      const done = await wait(runId);
      expect(done.status).toBe('completed');
      const head = git.git('rev-parse', 'main').trim();
      expect(head).not.toBe(before);
      expect(done.actions[0].result).toMatchObject({ changed: true, commit: head, branch: 'main' });
      expect([...((done.actions[0].result?.files as string[]) ?? [])].sort()).toEqual(['apps/cart/NOTES.md', 'apps/cart/deployment.yaml', 'apps/old.yaml']);
      expect(git.git('log', '-1', '--format=%s|%an|%ae', 'main').trim()).toBe('Scale cart to 5|Release Bot|bot@example.com');
      expect(git.git('show', 'main:apps/cart/deployment.yaml')).toBe('kind: Deployment\nspec:\n  replicas: 5 # scaled by playbooks\n  paused: false\n');
      expect(git.git('show', 'main:apps/cart/NOTES.md')).toBe(`scaled to 5 by ${admin.email.split('@')[0]}`);
      expect(git.git('ls-tree', '-r', '--name-only', 'main').split('\n')).not.toContain('apps/old.yaml');
      // Every request carried the credentials; the password is not in the stored result.
      expect(git.requests.filter((r) => r.status === 401 && r.user !== null)).toEqual([]);
      expect(JSON.stringify(done.actions[0])).not.toContain('git-t0ken');

      // The same again: nothing to change, nothing committed.
      const again = await wait(await run(id, { replicas: '5' }));
      expect(again.status).toBe('completed');
      expect(again.actions[0].result).toMatchObject({ changed: false, commit: head });
      expect(git.git('rev-parse', 'main').trim()).toBe(head);
    } finally {
      await git.stop();
    }
  });

  it('delay: the action sleeps until its time (run sleeping), then runs', async () => {
    const id = await save('Delayed', { actions: [{ name: 'later', delay: '1s', http: { url: `${peer.url}/delayed` } }] });
    const runId = await run(id);
    const sleeping = await wait(runId, ['sleeping', 'completed', 'failed']);
    expect(sleeping.status).toBe('sleeping');
    expect(sleeping.actions[0]).toMatchObject({ name: 'later', status: 'sleeping', start_time: null });
    expect(new Date(sleeping.actions[0].scheduled_time).getTime()).toBeGreaterThanOrEqual(new Date(sleeping.created_at).getTime() + 1000);
    expect(peer.hits.filter((h) => h.url === '/delayed')).toHaveLength(0);

    const done = await wait(runId);
    expect(done.status).toBe('completed');
    expect(done.actions[0].status).toBe('completed');
    expect(new Date(done.actions[0].start_time!).getTime()).toBeGreaterThanOrEqual(new Date(done.actions[0].scheduled_time).getTime());
    expect(peer.hits.filter((h) => h.url === '/delayed')).toHaveLength(1);
  });

  it('retry: an http peer failing twice then answering completes after 2 retries', async () => {
    const id = await save('Retried', { actions: [{ name: 'flaky', retry: { limit: 2, duration: '1s' }, http: { url: `${peer.url}/flaky` } }] });
    const runId = await run(id);
    const between = await wait(runId, ['sleeping', 'completed', 'failed']);
    expect(between.status).toBe('sleeping');
    expect(between.actions[0]).toMatchObject({ status: 'sleeping', retry_count: 1, error: 'HTTP 503' });
    const done = await wait(runId);
    expect(done.status).toBe('completed');
    expect(done.actions[0]).toMatchObject({
      status: 'completed',
      retry_count: 2,
      error: null,
      result: expect.objectContaining({ code: 200, json: { attempt: 3 } }),
    });
    expect(peer.hits.filter((h) => h.url === '/flaky')).toHaveLength(3);
  });

  it('retry: when the attempts run out the action fails with the last error', async () => {
    const id = await save('Retried out', { actions: [{ name: 'down', retry: { limit: 1, duration: '1s' }, http: { url: `${peer.url}/down` } }] });
    const done = await wait(await run(id));
    expect(done.status).toBe('failed');
    expect(done.actions[0]).toMatchObject({ status: 'failed', retry_count: 1, error: 'HTTP 500' });
    expect(peer.hits.filter((h) => h.url === '/down')).toHaveLength(2);
  });

  it("the run's timeout stops it: the running action is stopped and the run fails as timed out", async () => {
    const marker = sleepMarker();
    const id = await save('Run timeout', {
      timeout: '2s',
      actions: [
        { name: 'slow', exec: { script: `sleep ${marker}` } },
        { name: 'never', http: { url: `${peer.url}/after-timeout` } },
      ],
    });
    const done = await wait(await run(id));
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/timed out after 2s/);
    expect(done.actions[0].status).toBe('failed');
    // The run's timeout stopped it, not the action's own (5m by default): the message says which.
    expect(done.actions[0].error).toBe('the run timed out after 2s');
    expect(done.actions.find((a) => a.name === 'never')?.status ?? 'not started').not.toBe('completed');
    expect(peer.hits.filter((h) => h.url === '/after-timeout')).toHaveLength(0);
    await eventually(
      () => processesWith(marker),
      (pids) => pids.length === 0,
      'the sleep process ending',
    );
  });

  it('playbook: the parent waits for the child run it started, then completes', async () => {
    await as(admin)
      .post('/api/playbooks', {
        name: 'child-step',
        title: 'Child step',
        spec: {
          parameters: [{ name: 'msg', required: true }],
          // The child waits for an approval: the parent is seen waiting for as long as it takes.
          approval: { approvers: { people: [admin.email] } },
          actions: [{ name: 'tell', http: { url: `${peer.url}/child`, method: 'POST', body: 'child got {{ .params.msg }}' } }],
        },
      })
      .expect(201);
    const parentPlaybook = await save('Parent', {
      parameters: [{ name: 'text', default: 'hi' }],
      actions: [
        { name: 'call child', playbook: { name: 'child-step', params: { msg: '{{ .params.text }} from {{ .playbook.name }}' } } },
        { name: 'after child', http: { url: `${peer.url}/parent-after` } },
      ],
    });
    const parentId = await run(parentPlaybook, { text: 'hello' });
    const waiting = await wait(parentId, ['waiting', 'completed', 'failed']);
    expect(waiting.status).toBe('waiting');
    expect(waiting.actions).toHaveLength(1);
    expect(waiting.actions[0]).toMatchObject({ name: 'call child', status: 'waiting' });
    const childId = waiting.actions[0].result?.run_id as string;
    expect(childId).toEqual(expect.any(String));
    const child = (await admin.agent.get(`/api/playbook/run/${childId}`).expect(200)).body;
    expect(child).toMatchObject({ parent_id: parentId, trigger: 'playbook', status: 'pending_approval', parameters: { msg: 'hello from parent' } });
    await t.app.get(PlaybookRunWorker).wake();
    await t.app.get(PlaybookRunWorker).idle();
    expect((await admin.agent.get(`/api/playbook/run/${parentId}`).expect(200)).body.status).toBe('waiting');
    expect(peer.hits.filter((h) => h.url === '/parent-after')).toHaveLength(0);

    await as(admin).post(`/api/playbook/run/approve/${childId}`).expect(200);
    expect((await wait(childId)).status).toBe('completed');
    const done = await wait(parentId);
    expect(done.status).toBe('completed');
    expect(done.actions.map((a) => `${a.name}:${a.status}`)).toEqual(['call child:completed', 'after child:completed']);
    expect(peer.hits.find((h) => h.url === '/child')?.body).toBe('child got hello from parent');
    expect(peer.hits.filter((h) => h.url === '/parent-after')).toHaveLength(1);
  });

  it('playbook: a failing child fails the waiting action and the parent', async () => {
    await as(admin)
      .post('/api/playbooks', { name: 'child-fails', title: 'Child fails', spec: { actions: [{ name: 'boom', http: { url: `${peer.url}/down` } }] } })
      .expect(201);
    const parentPlaybook = await save('Parent of failure', { actions: [{ name: 'call', playbook: { name: 'child-fails' } }] });
    const done = await wait(await run(parentPlaybook));
    expect(done.status).toBe('failed');
    expect(done.actions[0].status).toBe('failed');
    expect(done.actions[0].error).toMatch(/ended failed/);
  });

  it('notification: a webhook gets the templated message as JSON', async () => {
    const id = await save('Notify', {
      parameters: [{ name: 'who', default: 'on-call' }],
      actions: [
        {
          name: 'tell',
          notification: {
            title: 'Hello {{ .params.who }}',
            message: '**{{ .playbook.name }}** ran as {{ .run.id }}',
            url: `${peer.url}/hook`,
            properties: { cluster: 'prod' },
          },
        },
      ],
    });
    const runId = await run(id);
    const done = await wait(runId);
    expect(done.status).toBe('completed');
    expect(done.actions[0].result).toMatchObject({ sent: 'webhook', url: `${peer.url}/hook`, code: 200 });
    const hit = peer.hits.find((h) => h.url === '/hook');
    expect(hit?.method).toBe('POST');
    expect(hit?.headers['content-type']).toMatch(/application\/json/);
    expect(JSON.parse(hit!.body)).toMatchObject({
      title: 'Hello on-call',
      message: `**notify** ran as ${runId}`,
      properties: { cluster: 'prod' },
      playbook: { id, name: 'notify' },
      run: { id: runId, created_by: admin.personId },
    });
  });
});
