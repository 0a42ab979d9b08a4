import type { PlaybookRunDetail } from '@contracts';
import { PlaybookRunWorker } from '../../plugins/playbooks/gateway/run-worker.service';
import { GatewayProcess } from '../support/gateway-process';
import { eventually, loopbackPeer, on, ReplicaSet, type Replica, type Session } from './replicas';

/**
 * One replica killed mid-work, the other finishes it. Replica A is a real gateway process (gateway/src/main.ts through
 * test/support/gateway-process.ts: no build needed) so it can die for real (SIGKILL: no shutdown hook, its leases
 * simply stop being renewed); replica B is the whole app in this process, on the same database. Leases are 2 s.
 *
 * A claims a playbook run and blocks in its first action (an HTTP call the peer holds). B's worker runs meanwhile and
 * must not take the run while A renews its lease. A is killed: once A's lease has run out, B claims the run, fails the
 * interrupted action (an `http` action is not safe to repeat, so it is not called twice) and runs the action that
 * asks to run after a failure, once. Nothing stays running.
 */
describe('a replica killed mid-run', () => {
  const LEASE_MS = 2000;
  const settings = {
    PLAYBOOK_LEASE_MS: String(LEASE_MS),
    PLAYBOOK_WORKER_TICK_MS: '100',
    OUTBOUND_ALLOW: '127.0.0.1',
    HEALTH_SCHEDULER: 'off',
    SCRAPER_SCHEDULER: 'off',
    TOPOLOGY_SCHEDULER: 'off',
  };
  let set: ReplicaSet;
  let B: Replica;
  let A: GatewayProcess | null = null;
  let admin: Session;
  let peer: Awaited<ReturnType<typeof loopbackPeer>>;

  beforeAll(async () => {
    peer = await loopbackPeer();
    // B executes nothing until the test turns its worker on (so that A is the one that claims the run).
    set = await ReplicaSet.start(1, { ...settings, PLAYBOOK_WORKER: 'off' });
    [B] = set.replicas;
    A = await GatewayProcess.start({
      databaseUrl: set.db.url,
      env: { ...settings, EVENT_CONSUMER: 'off', ADMIN_EMAIL: 'killed-admin@scale.local', ADMIN_PASSWORD: 'killed-admin-password' },
    });
    admin = await set.signIn(B, (await set.createPerson(['admin'])).email);
  }, 180_000);

  afterAll(async () => {
    await A?.dispose();
    peer?.release();
    await set?.stop();
    await peer?.close();
  });

  const runRow = async (id: string) =>
    (
      await set.pool.query<{ status: string; lease_owner: string | null; lease_until: Date | null }>(
        `SELECT status, lease_owner, lease_until FROM playbook_runs WHERE id = $1`,
        [id],
      )
    ).rows[0];

  it('the surviving replica finishes the run once the dead one’s lease has run out, and never takes a live lease', async () => {
    const playbook = (
      await on(B, admin)
        .post('/api/playbooks', {
          title: 'Killed mid-run',
          spec: {
            actions: [
              { name: 'call', timeout: '1m', http: { url: `${peer.url}/hold/{{ .run.id }}` } },
              { name: 'report', if: 'always()', http: { url: `${peer.url}/report/{{ .run.id }}/{{ .actions.call.status }}` } },
            ],
          },
        })
        .expect(201)
    ).body.id as string;
    const runId = (await on(B, admin).post('/api/playbook/run', { id: playbook }).expect(200)).body.run_id as string;

    // A (woken by pg_notify) claims the run and is blocked in the first action.
    const claimed = await eventually(
      () => runRow(runId),
      (run) => run.status === 'running' && peer.hits(`/hold/${runId}`) === 1,
      'replica A claiming the run',
      800,
    );
    expect(claimed.lease_owner).toContain(`:${A!.pid}:`);

    // B's worker starts (as at boot with PLAYBOOK_WORKER on) and claims every 100 ms. A renews its lease meanwhile:
    // once the lease has moved a whole lease past its first end, B has had that lease's expiry to take the run, and
    // did not.
    const worker = B.get(PlaybookRunWorker);
    (B.config.playbooks as { worker: boolean }).worker = true;
    worker.onApplicationBootstrap();
    const firstEnd = claimed.lease_until!.getTime();
    const renewed = await eventually(
      async () => {
        await worker.wake();
        return runRow(runId);
      },
      (run) => run.lease_until!.getTime() >= firstEnd + LEASE_MS,
      'replica A renewing its lease',
      800,
    );
    expect(renewed).toMatchObject({ status: 'running', lease_owner: claimed.lease_owner });
    expect(peer.hits(`/hold/${runId}`)).toBe(1);

    const exit = await A!.kill('SIGKILL');
    expect(exit.signal).toBe('SIGKILL');

    const done = await eventually(
      async () => (await on(B, admin).get(`/api/playbook/run/${runId}`).expect(200)).body as PlaybookRunDetail,
      (run) => ['completed', 'failed', 'cancelled'].includes(run.status),
      'replica B finishing the run',
      800,
    );
    const call = done.actions.find((a) => a.name === 'call')!;
    expect(call.status).toBe('failed');
    expect(call.error).toBe(`The console stopped while this action was running (${claimed.lease_owner}); 'http' actions are not run twice, so it failed`);
    expect(done.actions.find((a) => a.name === 'report')).toMatchObject({ status: 'completed' });
    expect(done.status).toBe('failed');
    expect(done.error).toBe(`The action 'call' failed: ${call.error}`);
    // The interrupted call was not repeated; the follow-up ran once, on B, and saw the failure.
    expect(peer.hits(`/hold/${runId}`)).toBe(1);
    expect(peer.hits(`/report/${runId}/failed`)).toBe(1);
    expect(await runRow(runId)).toMatchObject({ status: 'failed', lease_owner: null });
    const left = await set.pool.query(
      `SELECT id FROM playbook_runs WHERE status IN ('running', 'scheduled', 'sleeping', 'waiting')
       UNION ALL SELECT id FROM playbook_run_actions WHERE status IN ('running', 'scheduled', 'sleeping', 'waiting')`,
    );
    expect(left.rows).toEqual([]);
  });
});
