import { TestApp, type SignedInAgent } from '../../support/test-app';
import { as, httpPeer, waitForRun } from './run-support';

/**
 * Spec 02 §6 on the server: adding, editing, deleting and running playbooks need write on playbooks / playbook_runs
 * (viewers and responders have neither); a playbook with an `exec` action runs scripts on the console's machine, so
 * saving, editing or deleting one needs write on exec (admins). The data API holds playbooks to the same rules and
 * does not write runs at all.
 */
describe('playbook permissions', () => {
  let t: TestApp;
  let peer: Awaited<ReturnType<typeof httpPeer>>;
  let admin: SignedInAgent;
  let editor: SignedInAgent;
  let viewer: SignedInAgent;
  let responder: SignedInAgent;
  let httpPlaybook: string;
  let execPlaybook: string;
  let runId: string;

  const httpSpec = (title: string) => ({ title, spec: { actions: [{ name: 'call', http: { url: `${peer.url}/${title}` } }] } });
  const execSpec = (title: string) => ({ title, spec: { actions: [{ name: 'script', exec: { script: 'echo hi' } }] } });
  const count = async (table: string) => (await t.pool.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n as number;
  const stored = async (id: string) => (await t.pool.query(`SELECT title, spec, deleted_at FROM playbooks WHERE id = $1`, [id])).rows[0];

  beforeAll(async () => {
    peer = await httpPeer();
    t = await TestApp.start({ PLAYBOOK_WORKER_TICK_MS: '100', OUTBOUND_ALLOW: '127.0.0.1' });
    admin = await t.signInAs(['admin']);
    editor = await t.signInAs(['editor']);
    viewer = await t.signInAs(['viewer']);
    responder = await t.signInAs(['responder']);
    httpPlaybook = (await as(admin).post('/api/playbooks', httpSpec('by-admin')).expect(201)).body.id;
    execPlaybook = (await as(admin).post('/api/playbooks', execSpec('admin-exec')).expect(201)).body.id;
    runId = (await as(admin).post('/api/playbook/run', { id: httpPlaybook }).expect(200)).body.run_id;
    await waitForRun(t, admin, runId);
  });
  afterAll(async () => {
    await t?.stop();
    await peer?.close();
  });

  describe.each([
    ['viewer', () => viewer],
    ['responder', () => responder],
  ])('%s', (_role, who) => {
    it('cannot add, edit or delete playbooks (403, nothing changes)', async () => {
      const before = await count('playbooks');
      await as(who()).post('/api/playbooks', httpSpec('not-allowed')).expect(403);
      expect(await count('playbooks')).toBe(before);
      await as(who()).put(`/api/playbooks/${httpPlaybook}`, httpSpec('renamed')).expect(403);
      await as(who()).delete(`/api/playbooks/${httpPlaybook}`).expect(403);
      expect(await stored(httpPlaybook)).toMatchObject({ title: 'by-admin', deleted_at: null });
    });

    it('cannot run, cancel or re-run (403), but reads runs and playbooks', async () => {
      const runs = await count('playbook_runs');
      await as(who()).post('/api/playbook/run', { id: httpPlaybook }).expect(403);
      await as(who()).post(`/api/playbook/run/${runId}/rerun`).expect(403);
      expect(await count('playbook_runs')).toBe(runs);

      const pending = (await as(admin).post('/api/playbook/run', { id: httpPlaybook }).expect(200)).body.run_id;
      await as(who()).post(`/api/playbook/run/${pending}/cancel`).expect(403);
      const after = await waitForRun(t, admin, pending);
      expect(after.status).toBe('completed');

      const run = await who().agent.get(`/api/playbook/run/${runId}`).expect(200);
      expect(run.body).toMatchObject({ id: runId, status: 'completed', playbook: { id: httpPlaybook } });
      await who().agent.get(`/api/playbooks/${httpPlaybook}`).expect(200);
      const list = await who().agent.get(`/api/db/playbook_runs?select=id,status&id=eq.${runId}`).expect(200);
      expect(list.body).toEqual([{ id: runId, status: 'completed' }]);
    });
  });

  it('an editor saves and runs an http playbook', async () => {
    const saved = await as(editor).post('/api/playbooks', httpSpec('by-editor')).expect(201);
    expect(saved.body).toMatchObject({ name: 'by-editor', created_by: editor.personId });
    await as(editor)
      .put(`/api/playbooks/${saved.body.id}`, { ...httpSpec('by-editor'), description: 'edited' })
      .expect(200);
    const run = (await as(editor).post('/api/playbook/run', { id: saved.body.id }).expect(200)).body.run_id;
    expect((await waitForRun(t, editor, run)).status).toBe('completed');
    await as(editor).delete(`/api/playbooks/${saved.body.id}`).expect(204);
    expect((await stored(saved.body.id)).deleted_at).not.toBeNull();
  });

  it('an editor cannot save a playbook with an exec action; an admin can', async () => {
    const before = await count('playbooks');
    const refused = await as(editor).post('/api/playbooks', execSpec('editor-exec')).expect(403);
    expect(refused.body.message).toMatch(/exec/);
    expect(await count('playbooks')).toBe(before);
    // Nor by turning an http playbook of theirs into an exec one.
    const own = (await as(editor).post('/api/playbooks', httpSpec('editor-own')).expect(201)).body.id;
    await as(editor).put(`/api/playbooks/${own}`, execSpec('editor-own')).expect(403);
    expect((await stored(own)).spec.actions[0]).toHaveProperty('http');

    const ok = await as(admin).post('/api/playbooks', execSpec('admin-exec-2')).expect(201);
    expect(ok.body.spec.actions[0].exec.script).toBe('echo hi');
  });

  it("an editor cannot edit or delete an admin's exec playbook (even removing the exec action)", async () => {
    await as(editor).put(`/api/playbooks/${execPlaybook}`, httpSpec('admin-exec')).expect(403);
    await as(editor).delete(`/api/playbooks/${execPlaybook}`).expect(403);
    const row = await stored(execPlaybook);
    expect(row.deleted_at).toBeNull();
    expect(row.spec.actions[0]).toHaveProperty('exec');
    // An editor may still run it: running needs write on playbook_runs only.
    const run = (await as(editor).post('/api/playbook/run', { id: execPlaybook }).expect(200)).body.run_id;
    expect((await waitForRun(t, editor, run)).actions[0].result?.stdout).toBe('hi\n');
  });

  it('an unknown action type is refused at save time (400, nothing saved)', async () => {
    const before = await count('playbooks');
    const res = await as(admin)
      .post('/api/playbooks', { title: 'unknown', spec: { actions: [{ name: 'x', teleport: { to: 'mars' } }] } })
      .expect(400);
    expect(res.body.code).toBe('invalid_playbook');
    expect(res.body.message).toMatch(/spec\.actions\[0\]\.teleport: unknown action type 'teleport'/);
    expect(await count('playbooks')).toBe(before);
  });

  describe('the data API', () => {
    it('validates playbooks like the editor: an invalid spec is 400 and saves nothing', async () => {
      const before = await count('playbooks');
      const res = await as(admin)
        .post('/api/db/playbooks', { name: 'raw-bad', title: 'raw', spec: { title: 'raw', actions: [{ name: 'x', teleport: {} }] } })
        .expect(400);
      expect(JSON.stringify(res.body)).toMatch(/unknown action type 'teleport'/);
      await as(admin)
        .post('/api/db/playbooks', { name: 'raw-empty', title: 'raw', spec: { title: 'raw' } })
        .expect(400);
      expect(await count('playbooks')).toBe(before);
    });

    it('holds an editor to the exec rule (nothing saved) and saves a valid playbook', async () => {
      const before = await count('playbooks');
      await as(editor)
        .post('/api/db/playbooks', { name: 'raw-exec', title: 'raw', spec: { title: 'raw exec', actions: [{ name: 'x', exec: { script: 'id' } }] } })
        .expect(403);
      expect(await count('playbooks')).toBe(before);
      await as(editor)
        .patch(`/api/db/playbooks?id=eq.${httpPlaybook}`, { spec: execSpec('by-admin').spec })
        .expect(403);
      expect((await stored(httpPlaybook)).spec.actions[0]).toHaveProperty('http');

      await as(editor)
        .post('/api/db/playbooks', { name: 'raw-ok', spec: { title: 'Raw OK', actions: [{ name: 'x', http: { url: `${peer.url}/raw` } }] } })
        .expect(201);
      const row = (await t.pool.query(`SELECT title FROM playbooks WHERE name = 'raw-ok'`)).rows[0];
      expect(row.title).toBe('Raw OK');
    });

    // The playbooks_keep_prior trigger keeps the spec a write replaces, so the hook holds the writer to the exec rule
    // against it; a DELETE there becomes a soft delete.
    it("an editor's PATCH or DELETE of an admin's exec playbook through the data API is 403 and changes nothing", async () => {
      await as(editor)
        .patch(`/api/db/playbooks?id=eq.${execPlaybook}`, { spec: httpSpec('admin-exec').spec })
        .expect(403);
      await as(editor).delete(`/api/db/playbooks?id=eq.${execPlaybook}`).expect(403);
      const row = await stored(execPlaybook);
      expect(row.deleted_at).toBeNull();
      expect(row.spec.actions[0]).toHaveProperty('exec');
    });

    it('a DELETE through the data API is soft: the playbook is hidden and its runs stay', async () => {
      const id = (await as(editor).post('/api/playbooks', httpSpec('to-delete')).expect(201)).body.id;
      const run = (await as(editor).post('/api/playbook/run', { id }).expect(200)).body.run_id;
      await waitForRun(t, editor, run);
      await as(editor).delete(`/api/db/playbooks?id=eq.${id}`).expect(204);
      expect((await stored(id)).deleted_at).not.toBeNull();
      expect((await t.pool.query(`SELECT count(*)::int AS n FROM playbook_runs WHERE playbook_id = $1`, [id])).rows[0].n).toBe(1);
    });

    it('does not write runs (405), even for admins', async () => {
      const before = await count('playbook_runs');
      const posted = await as(admin).post('/api/db/playbook_runs', { playbook_id: httpPlaybook, status: 'scheduled', spec: {} }).expect(405);
      expect(posted.body.code).toBe('PGRST117');
      await as(admin).patch(`/api/db/playbook_runs?id=eq.${runId}`, { status: 'scheduled' }).expect(405);
      await as(admin).delete(`/api/db/playbook_runs?id=eq.${runId}`).expect(405);
      await as(admin).post('/api/db/playbook_run_actions', { playbook_run_id: runId, name: 'x', status: 'completed' }).expect(405);
      await as(admin).post('/api/db/playbook_approvals', { run_id: runId, person_id: admin.personId }).expect(405);
      expect(await count('playbook_runs')).toBe(before);
      expect((await t.pool.query(`SELECT status FROM playbook_runs WHERE id = $1`, [runId])).rows[0].status).toBe('completed');
    });

    it('refuses playbook writes to viewers (403)', async () => {
      await as(viewer)
        .post('/api/db/playbooks', { name: 'raw-viewer', spec: { title: 'x', actions: [{ name: 'x', http: { url: `${peer.url}/x` } }] } })
        .expect(403);
      await as(viewer).patch(`/api/db/playbooks?id=eq.${httpPlaybook}`, { title: 'x' }).expect(403);
    });
  });
});
