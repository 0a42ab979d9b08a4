import type { PlaybookRunDetail } from '@contracts';
import { PlaybookRunWorker } from '../../../plugins/playbooks/gateway/run-worker.service';
import { GatewayProcess } from '../../support/gateway-process';
import { TestApp, type SignedInAgent } from '../../support/test-app';
import { as, eventually, FINAL, httpPeer, processesWith, sleepMarker } from './run-support';

/**
 * If the gateway is killed mid-run, no run stays running forever. A second gateway runs as a real process
 * (gateway/src/main.ts, test/support/gateway-process.ts) on this suite's database and is the only one executing
 * runs; it is killed with SIGKILL while an `exec` action sleeps. Then this suite's gateway starts its worker: once
 * the dead replica's lease has run out it claims the run, and since an `exec` action is not safe to run twice, fails
 * that action with the reason and goes on with the actions that ask to run after a failure.
 */
describe('a gateway killed mid-run', () => {
  const LEASE_MS = '2000';
  let t: TestApp;
  let child: GatewayProcess | null = null;
  let admin: SignedInAgent;
  let peer: Awaited<ReturnType<typeof httpPeer>>;
  const marker = sleepMarker();

  beforeAll(async () => {
    peer = await httpPeer();
    // This gateway executes nothing until the other one is dead (its worker is started by the test).
    t = await TestApp.start({
      PLAYBOOK_WORKER: 'off',
      PLAYBOOK_LEASE_MS: LEASE_MS,
      PLAYBOOK_WORKER_TICK_MS: '100',
      OUTBOUND_ALLOW: '127.0.0.1',
      HEALTH_SCHEDULER: 'false',
    });
    admin = await t.signInAs(['admin']);
    child = await GatewayProcess.start({
      databaseUrl: t.db.url,
      env: {
        PLAYBOOK_LEASE_MS: LEASE_MS,
        PLAYBOOK_WORKER_TICK_MS: '100',
        OUTBOUND_ALLOW: '127.0.0.1',
        HEALTH_SCHEDULER: 'false',
        EVENT_CONSUMER: 'false',
        ADMIN_EMAIL: 'crash-admin@test.local',
        ADMIN_PASSWORD: 'crash-admin-password',
      },
    });
  }, 180_000);

  afterAll(async () => {
    await child?.dispose();
    // Whatever the outcome, no sleep of this suite outlives it.
    for (const pid of processesWith(marker)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
    await t?.stop();
    await peer?.close();
  });

  const runRow = async (id: string) =>
    (await t.pool.query<{ status: string; lease_owner: string | null }>(`SELECT status, lease_owner FROM playbook_runs WHERE id = $1`, [id])).rows[0];
  const actionRow = async (id: string, name: string) =>
    (
      await t.pool.query<{ status: string; error: string | null }>(`SELECT status, error FROM playbook_run_actions WHERE playbook_run_id = $1 AND name = $2`, [
        id,
        name,
      ])
    ).rows[0];

  it('the run is recovered by another gateway: the interrupted exec action fails (not run twice), the run ends, nothing stays running', async () => {
    const playbook = (
      await as(admin)
        .post('/api/playbooks', {
          title: 'Long script',
          spec: {
            actions: [
              { name: 'slow', timeout: '6s', exec: { script: `echo started; sleep ${marker}; echo finished` } },
              { name: 'report', if: 'always()', http: { url: `${peer.url}/report/{{ .actions.slow.status }}` } },
            ],
          },
        })
        .expect(201)
    ).body.id;
    const runId = (await as(admin).post('/api/playbook/run', { id: playbook }).expect(200)).body.run_id as string;

    // The other gateway (woken by pg_notify) claims the run and starts the script.
    const claimed = await eventually(
      async () => ({ run: await runRow(runId), action: await actionRow(runId, 'slow'), pids: processesWith(`sleep ${marker}`) }),
      (s) => s.run.status === 'running' && s.action?.status === 'running' && s.pids.length > 0,
      'the child gateway starting the script',
      600,
    );
    expect(claimed.run.lease_owner).toContain(`:${child!.pid}:`);
    expect(claimed.run.lease_owner).not.toBe(t.app.get(PlaybookRunWorker).owner);

    const exit = await child!.kill('SIGKILL');
    expect(exit.signal).toBe('SIGKILL');
    expect(child!.running).toBe(false);
    // Nobody has touched the run yet: it still says running, held by the dead gateway's lease.
    expect(await runRow(runId)).toMatchObject({ status: 'running', lease_owner: claimed.run.lease_owner });
    expect(peer.hits).toHaveLength(0);

    // Recovery: this gateway's worker starts (as at boot with PLAYBOOK_WORKER on) and finds the run when the lease is out.
    (t.config.playbooks as { worker: boolean }).worker = true;
    t.app.get(PlaybookRunWorker).onApplicationBootstrap();

    const done = await eventually(
      async () => (await admin.agent.get(`/api/playbook/run/${runId}`).expect(200)).body as PlaybookRunDetail,
      (run) => FINAL.includes(run.status),
      'the run ending after the gateway died',
      800,
    );
    expect(done.status).toBe('failed');
    const slow = done.actions.find((a) => a.name === 'slow')!;
    expect(slow.status).toBe('failed');
    expect(slow.error).toMatch(/^The console stopped while this action was running \(.+\); 'exec' actions are not run twice, so it failed$/);
    expect(slow.error).toContain(claimed.run.lease_owner!);
    expect(slow.result?.stdout ?? '').not.toContain('finished');
    expect(done.error).toBe(`The action 'slow' failed: ${slow.error}`);
    // The actions that ask to run after a failure still run, once, on the gateway that recovered the run.
    expect(done.actions.find((a) => a.name === 'report')).toMatchObject({ status: 'completed' });
    expect(peer.hits.map((h) => h.url)).toEqual(['/report/failed']);

    const stillRunning = await t.pool.query(
      `SELECT 'run' AS kind, id::text FROM playbook_runs WHERE status IN ('running', 'scheduled', 'sleeping', 'waiting')
       UNION ALL SELECT 'action', id::text FROM playbook_run_actions WHERE status IN ('running', 'scheduled', 'sleeping', 'waiting')`,
    );
    expect(stillRunning.rows).toEqual([]);
    expect(await runRow(runId)).toMatchObject({ status: 'failed', lease_owner: null });

    // The script outlived its gateway, but not its own timeout: the sandbox bounds it outside the gateway
    // (`timeout -s KILL`), so it ends one second after the action's 6 s.
    const left = await eventually(
      () => processesWith(`sleep ${marker}`),
      (pids) => pids.length === 0,
      'the orphaned script ending',
      400,
      50,
    );
    expect(left).toEqual([]);
  });
});
