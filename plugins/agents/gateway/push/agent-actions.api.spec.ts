import 'reflect-metadata';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import request from 'supertest';
import type { AgentActionRequest, PlaybookRunDetail } from '@contracts';
import { IdentityService } from '../../../../gateway/src/core/auth/identity.service';
import { TestApp, type SignedInAgent } from '../../../../test/support/test-app';

/**
 * Playbook actions that run on an agent (`runsOn`), with two real consoles on loopback, each on its own database: the
 * upstream (listening on an ephemeral port) holds the action for the agent; the agent console (UPSTREAM_* settings)
 * pulls it, runs it with its own action types against a loopback peer and posts the result; the run goes on upstream.
 */

const QUIET = { HEALTH_SCHEDULER: 'false', SCRAPER_SCHEDULER: 'false', TOPOLOGY_SCHEDULER: 'false', NOTIFY_WORKER: 'false', EVENT_CONSUMER: 'false' };

interface Hit {
  url: string;
}

async function peer() {
  const hits: Hit[] = [];
  const server = http.createServer((req, res) => {
    hits.push({ url: req.url! });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ from: 'peer', path: req.url }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    hits,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls (bounded by tries, not by time). */
async function eventually<T>(what: string, probe: () => Promise<T>, accept: (value: T) => boolean, tries = 300): Promise<T> {
  let value: T | undefined;
  for (let i = 0; i < tries; i++) {
    value = await probe();
    if (accept(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} did not happen (last: ${JSON.stringify(value)})`);
}

const basic = (token: string) => `Basic ${Buffer.from(`token:${token}`).toString('base64')}`;

describe('playbook actions that run on an agent (two consoles on loopback)', () => {
  let upstream: TestApp;
  let agent: TestApp;
  let target: Awaited<ReturnType<typeof peer>>;
  let admin: SignedInAgent;
  const agents: Record<'edge' | 'other', { id: string; token: string }> = {} as never;

  const save = async (title: string, spec: Record<string, unknown>) => {
    const res = await admin.agent.post('/api/playbooks').set('x-csrf-token', admin.csrf).send({ title, spec });
    if (res.status !== 201) throw new Error(`saving ${title} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.id as string;
  };
  const start = async (playbookId: string) =>
    (await admin.agent.post('/api/playbook/run').set('x-csrf-token', admin.csrf).send({ id: playbookId }).expect(200)).body.run_id as string;
  const detail = async (runId: string) => (await admin.agent.get(`/api/playbook/run/${runId}`).expect(200)).body as PlaybookRunDetail;
  const ended = (runId: string) =>
    eventually(
      `run ${runId} to end`,
      () => detail(runId),
      (run) => ['completed', 'failed', 'cancelled'].includes(run.status),
    );
  const waitingAction = (runId: string) =>
    eventually(
      `run ${runId} to wait for an agent`,
      async () => (await upstream.pool.query(`SELECT id, status FROM playbook_run_actions WHERE playbook_run_id = $1 AND status = 'waiting'`, [runId])).rows,
      (rows) => rows.length === 1,
    ).then((rows) => rows[0].id as string);
  const pull = (token: string) => request(upstream.server).post('/api/agent/actions').set('Authorization', basic(token));
  const post = (token: string, id: string, body: unknown) =>
    request(upstream.server)
      .post(`/api/agent/actions/${id}/result`)
      .set('Authorization', basic(token))
      .send(body as object);

  beforeAll(async () => {
    target = await peer();
    upstream = await TestApp.start({ ...QUIET, PLAYBOOK_WORKER_TICK_MS: '100', OUTBOUND_ALLOW: '127.0.0.1' });
    await upstream.app.listen(0, '127.0.0.1');
    const port = ((upstream.server as Server).address() as AddressInfo).port;
    admin = await upstream.signInAs(['admin']);
    // Registered as the agents page does: a person holding the agent's access token.
    for (const name of ['edge', 'other'] as const) {
      const person = (
        await upstream.pool.query<{ id: string }>(`INSERT INTO people (name, email) VALUES ($1, $2) RETURNING id`, [name, `${name}@agents.local`])
      ).rows[0].id;
      const id = (await upstream.pool.query<{ id: string }>(`INSERT INTO agents (name, person_id) VALUES ($1, $2) RETURNING id`, [name, person])).rows[0].id;
      agents[name] = { id, token: await upstream.app.get(IdentityService).createAccessToken(person, `agent ${name}`, person) };
    }
    agent = await TestApp.start({
      ...QUIET,
      PLAYBOOK_WORKER: 'false',
      OUTBOUND_ALLOW: '127.0.0.1',
      UPSTREAM_URL: `http://127.0.0.1:${port}`,
      UPSTREAM_PASSWORD: agents.edge.token,
      AGENT_NAME: 'edge',
      UPSTREAM_PUSH_INTERVAL_MS: '100',
    });
  }, 60_000);

  afterAll(async () => {
    await agent?.stop();
    (upstream?.server as Server | undefined)?.closeAllConnections();
    await upstream?.stop();
    await target?.close();
  });

  it('refuses an agent name that is not registered when the playbook is saved', async () => {
    const res = await admin.agent
      .post('/api/playbooks')
      .set('x-csrf-token', admin.csrf)
      .send({ title: 'Nowhere', spec: { runsOn: ['edge'], actions: [{ name: 'a', runsOn: ['local', 'nowhere'], http: { url: `${target.url}/x` } }] } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("spec.actions[0].runsOn[1]: no agent is named 'nowhere'");
    const shape = await admin.agent
      .post('/api/playbooks')
      .set('x-csrf-token', admin.csrf)
      .send({ title: 'Bad shape', spec: { runsOn: 'edge', actions: [{ name: 'a', http: { url: `${target.url}/x` } }] } });
    expect(shape.status).toBe(400);
    expect(shape.body.message).toContain('spec.runsOn: must be a list of agent names (or local)');
  });

  it('the agent pulls its action, runs it once against its peer and posts the result: the upstream run goes on with it', async () => {
    const id = await save('On edge', {
      parameters: [{ name: 'who', default: 'edge-param' }],
      actions: [
        { name: 'remote', runsOn: ['edge'], timeout: '20s', http: { url: `${target.url}/remote/{{ .params.who }}` } },
        // Runs here, with what the agent's action returned.
        { name: 'after', http: { url: `${target.url}/after/{{ .actions.remote.result.json.from }}/{{ .actions.remote.result.code }}` } },
      ],
    });
    const runId = await start(id);
    const run = await ended(runId);
    expect(run.status).toBe('completed');
    expect(target.hits.filter((h) => h.url === '/remote/edge-param')).toHaveLength(1);
    expect(target.hits.filter((h) => h.url.startsWith('/after/'))).toEqual([{ url: '/after/peer/200' }]);
    const remote = run.actions.find((a) => a.name === 'remote')!;
    expect(remote.status).toBe('completed');
    expect(remote.result).toMatchObject({ code: 200, json: { from: 'peer', path: '/remote/edge-param' } });
    const row = await upstream.pool.query(`SELECT agent_id FROM playbook_run_actions WHERE playbook_run_id = $1 AND name = 'remote'`, [runId]);
    expect(row.rows[0].agent_id).toBe(agents.edge.id);
    // Already taken: another poll does not hand it out again.
    expect((await pull(agents.edge.token).expect(200)).body).toEqual([]);
  });

  it('does not hand an action to another agent, and only the agent that took it may post its result (403)', async () => {
    const id = await save('On other', { runsOn: ['other'], actions: [{ name: 'elsewhere', timeout: '20s', http: { url: `${target.url}/other` } }] });
    const runId = await start(id);
    const actionId = await waitingAction(runId);
    // Edge (its console polls too) never gets it.
    expect(((await pull(agents.edge.token).expect(200)).body as AgentActionRequest[]).map((a) => a.id)).not.toContain(actionId);
    const taken = (await pull(agents.other.token).expect(200)).body as AgentActionRequest[];
    expect(taken.map((a) => a.id)).toEqual([actionId]);
    expect(taken[0]).toMatchObject({ type: 'http', body: { url: `${target.url}/other` }, run: { id: runId, action: 'elsewhere' } });
    expect((await pull(agents.other.token).expect(200)).body).toEqual([]);

    const wrong = await post(agents.edge.token, actionId, { status: 'completed', result: { forged: true } });
    expect(wrong.status).toBe(403);
    // Not an agent at all.
    const person = await upstream.createPerson(['admin']);
    const personToken = await upstream.app.get(IdentityService).createAccessToken(person.id, 'someone', person.id);
    expect((await post(personToken, actionId, { status: 'completed' })).status).toBe(403);
    expect((await post(agents.other.token, actionId, { status: 'done' })).status).toBe(400);

    await post(agents.other.token, actionId, { status: 'failed', result: { exit: 3 }, error: 'disk full' }).expect(200);
    const run = await ended(runId);
    expect(run.status).toBe('failed');
    expect(run.actions[0]).toMatchObject({ status: 'failed', error: 'disk full', result: { exit: 3 } });
    // The upstream never ran it itself.
    expect(target.hits.filter((h) => h.url === '/other')).toHaveLength(0);
    // Settled: a second result is refused.
    expect((await post(agents.other.token, actionId, { status: 'completed' })).status).toBe(409);
  });

  it('fails the action, saying so, when its agent does not pick it up within its timeout', async () => {
    const id = await save('Nobody pulls', { actions: [{ name: 'lonely', runsOn: ['other'], timeout: '1s', http: { url: `${target.url}/lonely` } }] });
    const runId = await start(id);
    const run = await ended(runId);
    expect(run.status).toBe('failed');
    expect(run.actions[0]).toMatchObject({ status: 'failed', error: 'agent other did not pick up the action within 1s' });
    expect(run.error).toBe("The action 'lonely' failed: agent other did not pick up the action within 1s");
    expect(target.hits.filter((h) => h.url === '/lonely')).toHaveLength(0);
  });
});
