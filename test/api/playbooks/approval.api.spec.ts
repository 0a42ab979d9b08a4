import type { PlaybookRunDetail } from '@contracts';
import { PlaybookRunWorker } from '../../../plugins/playbooks/gateway/run-worker.service';
import { TestApp, type SignedInAgent } from '../../support/test-app';
import { as, httpPeer, waitForRun } from './run-support';

/**
 * Approvals (spec 02 §4, §7 POST /run/approve/{id}): a run of a playbook with `approval` waits in pending_approval
 * and runs nothing until a listed approver (a person, or a member of a listed team) approves; others get 403, even
 * admins; `type: all` needs every listed person and team; `autoApprove` lets an approver's own run start at once.
 */
describe('playbook approvals', () => {
  let t: TestApp;
  let peer: Awaited<ReturnType<typeof httpPeer>>;
  let admin: SignedInAgent;
  let runner: SignedInAgent;
  let approver: SignedInAgent;
  let member: SignedInAgent;
  let outsider: SignedInAgent;
  const team = `sre-${Math.random().toString(36).slice(2, 8)}`;

  beforeAll(async () => {
    peer = await httpPeer();
    t = await TestApp.start({ PLAYBOOK_WORKER_TICK_MS: '100', OUTBOUND_ALLOW: '127.0.0.1' });
    admin = await t.signInAs(['admin']);
    runner = await t.signInAs(['editor']);
    // Approvers need no write role: approving is theirs because the playbook names them.
    approver = await t.signInAs(['viewer']);
    member = await t.signInAs(['viewer']);
    outsider = await t.signInAs(['viewer']);
    const { rows } = await t.pool.query<{ id: string }>(`INSERT INTO teams (name) VALUES ($1) RETURNING id`, [team]);
    await t.pool.query(`INSERT INTO team_members (team_id, person_id) VALUES ($1, $2)`, [rows[0].id, member.personId]);
  });
  afterAll(async () => {
    await t?.stop();
    await peer?.close();
  });

  const save = async (title: string, approval: Record<string, unknown>) =>
    (
      await as(admin)
        .post('/api/playbooks', { title, spec: { approval, actions: [{ name: 'call', http: { url: `${peer.url}/${encodeURIComponent(title)}` } }] } })
        .expect(201)
    ).body.id as string;
  const start = async (who: SignedInAgent, playbookId: string) =>
    (await as(who).post('/api/playbook/run', { id: playbookId }).expect(200)).body.run_id as string;
  const detail = async (who: SignedInAgent, runId: string) => (await who.agent.get(`/api/playbook/run/${runId}`).expect(200)).body as PlaybookRunDetail;
  const callsTo = (title: string) => peer.hits.filter((h) => h.url === `/${encodeURIComponent(title)}`).length;
  const actionRows = async (runId: string) =>
    (await t.pool.query(`SELECT count(*)::int AS n FROM playbook_run_actions WHERE playbook_run_id = $1`, [runId])).rows[0].n as number;

  it('waits for a listed person: nothing runs, others (even admins) get 403, the person approves and it runs', async () => {
    const id = await save('Needs person', { approvers: { people: [approver.email], teams: [team] } });
    const runId = await start(runner, id);

    // The worker looks for due runs and finds none: the run stays pending, no action started.
    await t.app.get(PlaybookRunWorker).wake();
    await t.app.get(PlaybookRunWorker).idle();
    const pending = await detail(runner, runId);
    expect(pending.status).toBe('pending_approval');
    expect(pending.actions).toEqual([]);
    expect(await actionRows(runId)).toBe(0);
    expect(callsTo('Needs person')).toBe(0);
    expect(pending.approval).toMatchObject({ required: true, type: 'any', approvals: [], can_approve: false });

    expect((await detail(approver, runId)).approval?.can_approve).toBe(true);
    expect((await detail(member, runId)).approval?.can_approve).toBe(true);
    expect((await detail(admin, runId)).approval?.can_approve).toBe(false);
    expect((await detail(outsider, runId)).approval?.can_approve).toBe(false);

    const refused = await as(admin).post(`/api/playbook/run/approve/${runId}`).expect(403);
    expect(refused.body.message).toBe('You are not an approver of this playbook');
    await as(outsider).post(`/api/playbook/run/approve/${runId}`).expect(403);
    expect((await detail(admin, runId)).status).toBe('pending_approval');
    expect((await t.pool.query(`SELECT count(*)::int AS n FROM playbook_approvals WHERE run_id = $1`, [runId])).rows[0].n).toBe(0);

    const approved = await as(approver).post(`/api/playbook/run/approve/${runId}`).expect(200);
    expect(['scheduled', 'running', 'completed']).toContain(approved.body.status);
    expect(approved.body.approval.approvals).toHaveLength(1);
    expect(approved.body.approval.approvals[0]).toMatchObject({ person_id: approver.personId, team_id: null, name: approver.email.split('@')[0] });
    expect(approved.body.approval.can_approve).toBe(false);

    const done = await waitForRun(t, runner, runId);
    expect(done.status).toBe('completed');
    expect(done.actions.map((a) => `${a.name}:${a.status}`)).toEqual(['call:completed']);
    expect(callsTo('Needs person')).toBe(1);

    // Over: approving again is a conflict, not a second run.
    const again = await as(approver).post(`/api/playbook/run/approve/${runId}`).expect(409);
    expect(again.body.message).toMatch(/completed/);
    expect(callsTo('Needs person')).toBe(1);
  });

  it('a member of a listed team approves for the team', async () => {
    const id = await save('Needs team', { approvers: { teams: [team] } });
    const runId = await start(runner, id);
    expect((await detail(runner, runId)).status).toBe('pending_approval');
    await as(approver).post(`/api/playbook/run/approve/${runId}`).expect(403);

    const approved = await as(member).post(`/api/playbook/run/approve/${runId}`).expect(200);
    const teamId = (await t.pool.query(`SELECT id FROM teams WHERE name = $1`, [team])).rows[0].id;
    expect(approved.body.approval.approvals).toEqual([expect.objectContaining({ person_id: null, team_id: teamId, name: team })]);
    expect((await waitForRun(t, runner, runId)).status).toBe('completed');
    expect(callsTo('Needs team')).toBe(1);
  });

  it('type all: needs the person and the team before it runs', async () => {
    const id = await save('Needs all', { type: 'all', approvers: { people: [approver.email], teams: [team] } });
    const runId = await start(runner, id);

    const first = await as(approver).post(`/api/playbook/run/approve/${runId}`).expect(200);
    expect(first.body.status).toBe('pending_approval');
    expect(first.body.approval).toMatchObject({ type: 'all', can_approve: true });
    await t.app.get(PlaybookRunWorker).wake();
    await t.app.get(PlaybookRunWorker).idle();
    expect((await detail(runner, runId)).status).toBe('pending_approval');
    expect(callsTo('Needs all')).toBe(0);

    const second = await as(member).post(`/api/playbook/run/approve/${runId}`).expect(200);
    expect(second.body.approval.approvals).toHaveLength(2);
    expect(['scheduled', 'running', 'completed']).toContain(second.body.status);
    expect((await waitForRun(t, runner, runId)).status).toBe('completed');
    expect(callsTo('Needs all')).toBe(1);
  });

  it('autoApprove: an approver’s own run starts at once; someone else’s still waits', async () => {
    const id = await save('Auto approved', { autoApprove: true, approvers: { people: [runner.email] } });

    const own = await start(runner, id);
    const ownRun = await detail(runner, own);
    expect(ownRun.status).not.toBe('pending_approval');
    expect(ownRun.approval?.approvals).toEqual([expect.objectContaining({ person_id: runner.personId })]);
    expect((await waitForRun(t, runner, own)).status).toBe('completed');
    expect(callsTo('Auto approved')).toBe(1);

    const other = await start(admin, id);
    expect((await detail(admin, other)).status).toBe('pending_approval');
    expect((await detail(runner, other)).approval?.can_approve).toBe(true);
    await as(runner).post(`/api/playbook/run/approve/${other}`).expect(200);
    expect((await waitForRun(t, admin, other)).status).toBe('completed');
    expect(callsTo('Auto approved')).toBe(2);
  });

  it('a cancelled run pending approval cannot be approved', async () => {
    const id = await save('Cancelled before approval', { approvers: { people: [approver.email] } });
    const runId = await start(runner, id);
    const cancelled = await as(runner).post(`/api/playbook/run/${runId}/cancel`).expect(200);
    expect(cancelled.body.status).toBe('cancelled');
    await as(approver).post(`/api/playbook/run/approve/${runId}`).expect(409);
    expect((await detail(runner, runId)).status).toBe('cancelled');
    expect(callsTo('Cancelled before approval')).toBe(0);
  });
});
