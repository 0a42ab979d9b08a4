import { createHash } from 'node:crypto';
import { LOCAL_AGENT_ID, type AgentGenerateResponse } from '@contracts';
import { TestApp, type SignedInAgent } from '../../../test/support/test-app';

const basic = (token: string) => `Basic ${Buffer.from(`token:${token}`).toString('base64')}`;

describe('agents API (spec 02 Agents §4, §5, §6, §7)', () => {
  let t: TestApp;
  let admin: SignedInAgent;
  let editor: SignedInAgent;
  let viewer: SignedInAgent;

  beforeAll(async () => {
    t = await TestApp.start();
    [admin, editor, viewer] = await Promise.all([t.signInAs(['admin']), t.signInAs(['editor']), t.signInAs(['viewer'])]);
  });
  afterAll(() => t?.stop());

  const write = (a: SignedInAgent, method: 'post' | 'patch' | 'delete', url: string) => a.agent[method](url).set('x-csrf-token', a.csrf);
  const generate = async (name: string, extra: Record<string, unknown> = {}): Promise<AgentGenerateResponse> =>
    (
      await write(admin, 'post', '/api/agent/generate')
        .send({ name, ...extra })
        .expect(201)
    ).body as AgentGenerateResponse;
  const count = async (sql: string, params: unknown[]) => (await t.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).rows[0].n;

  /** One row of each kind an agent pushes, with its agent_id. */
  async function seedAgentRows(agentId: string, tag: string): Promise<void> {
    const q = (sql: string, params: unknown[]) => t.pool.query<{ id: string }>(sql, params);
    const canary = (await q(`INSERT INTO canaries (name, agent_id) VALUES ($1, $2) RETURNING id`, [`c-${tag}`, agentId])).rows[0].id;
    const check = (await q(`INSERT INTO checks (canary_id, type, name, agent_id) VALUES ($1, 'http', $2, $3) RETURNING id`, [canary, `k-${tag}`, agentId]))
      .rows[0].id;
    await q(`INSERT INTO check_statuses (check_id, status, time) VALUES ($1, true, now())`, [check]);
    const scraper = (await q(`INSERT INTO config_scrapers (name, agent_id) VALUES ($1, $2) RETURNING id`, [`s-${tag}`, agentId])).rows[0].id;
    await q(`INSERT INTO config_items (config_class, type, name, scraper_id, agent_id) VALUES ('Pod', 'Kubernetes::Pod', $1, $2, $3) RETURNING id`, [
      `p-${tag}`,
      scraper,
      agentId,
    ]);
    const topology = (await q(`INSERT INTO topologies (name, agent_id) VALUES ($1, $2) RETURNING id`, [`t-${tag}`, agentId])).rows[0].id;
    await q(`INSERT INTO components (name, topology_id, agent_id) VALUES ($1, $2, $3) RETURNING id`, [`x-${tag}`, topology, agentId]);
    await q(`INSERT INTO job_history (name, agent_id) VALUES ($1, $2) RETURNING id`, [`j-${tag}`, agentId]);
  }
  const agentRows = async (agentId: string) => {
    const tables = ['canaries', 'checks', 'config_scrapers', 'config_items', 'topologies', 'components', 'job_history'];
    // A deleted topology stays as a soft-deleted row (the topology area's rule, for its history).
    const live = (table: string) => (table === 'topologies' ? ' AND deleted_at IS NULL' : '');
    const counts = await Promise.all(tables.map((table) => count(`${table} WHERE agent_id = $1${live(table)}`, [agentId])));
    return Object.fromEntries(tables.map((table, i) => [table, counts[i]]));
  };

  it('creates an agent with a person and a one-time token that works as Basic token:<token> and as Bearer', async () => {
    const created = await generate('edge-1', {
      properties: { env: 'prod' },
      kubernetes: { enabled: true, interval: '1h' },
      pushTelemetry: { enabled: true, topologyName: 'edge' },
    });
    expect(created).toMatchObject({ name: 'edge-1', username: 'token', access_token: expect.stringMatching(/^oc_/) });

    for (const authorization of [basic(created.access_token), `Bearer ${created.access_token}`]) {
      const who = await t.http().get('/api/auth/whoami').set('authorization', authorization).expect(200);
      expect(who.body.user).toMatchObject({ name: 'agent: edge-1', email: null });
    }

    // Stored hashed, for the agent's person (no password, no email, no role: it cannot sign in) with purpose 'agent'.
    const { rows } = await t.pool.query(
      `SELECT a.properties, a.created_by, p.type, p.password_hash, p.email, t.value_hash, t.purpose,
              (SELECT count(*)::int FROM person_roles r WHERE r.person_id = p.id) AS roles
         FROM agents a JOIN people p ON p.id = a.person_id JOIN access_tokens t ON t.person_id = p.id WHERE a.id = $1`,
      [created.id],
    );
    expect(rows).toEqual([
      {
        properties: { env: 'prod', kubernetes: { enabled: true, interval: '1h' }, pushTelemetry: { enabled: true, topologyName: 'edge' } },
        created_by: admin.personId,
        type: 'agent',
        password_hash: null,
        email: null,
        value_hash: createHash('sha256').update(created.access_token).digest('hex'),
        purpose: 'agent',
        roles: 0,
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain(created.access_token);

    // The agent's credentials manage nothing: writing agents needs write on agents.
    await t.http().post('/api/agent/generate').set('authorization', basic(created.access_token)).send({ name: 'by-agent' }).expect(403);

    // The list (agents_summary) shows it as never seen, with zero counts; the local agent is not listed.
    const list = await admin.agent.get('/api/db/agents_summary?select=id,name,last_seen,config_count,checks_count,config_scrapper_count,playbook_runs_count');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      { id: created.id, name: 'edge-1', last_seen: null, config_count: 0, checks_count: 0, config_scrapper_count: 0, playbook_runs_count: 0 },
    ]);
  });

  it('refuses invalid form values (400) and a name a live agent has (409), creating nothing', async () => {
    const before = await count('agents', []);
    const refusals: [Record<string, unknown>, number, string][] = [
      [{}, 400, 'name: This field is required'],
      [{ name: '   ' }, 400, 'name: This field is required'],
      [{ name: 'x', properties: { env: 1 } }, 400, 'properties.env: must be a string'],
      [{ name: 'x', properties: ['a'] }, 400, 'properties: must be a map of strings'],
      [{ name: 'x', kubernetes: { enabled: true, interval: '3m' } }, 400, 'kubernetes.interval: must be one of 1m, 5m, 10m, 30m, 1h, 2h, 6h, 12h, 24h'],
      [{ name: 'x', kubernetes: { enabled: 'yes' } }, 400, 'kubernetes.enabled: must be true or false'],
      [{ name: 'edge-1' }, 409, 'An agent named "edge-1" already exists'],
    ];
    for (const [body, status, message] of refusals) {
      const res = await write(admin, 'post', '/api/agent/generate').send(body);
      expect([res.status, res.body.message]).toEqual([status, message]);
    }
    expect(await count('agents', [])).toBe(before);
    expect(await count(`people WHERE type = 'agent'`, [])).toBe(1);
  });

  it('changes properties but never the name, on /api/agent and on the data API', async () => {
    const { id, name } = await generate('edge-rename');
    const updated = await write(admin, 'patch', `/api/agent/${id}`)
      .send({ name, properties: { team: 'sre' }, kubernetes: { enabled: false } })
      .expect(200);
    expect(updated.body).toMatchObject({ id, name, properties: { team: 'sre', kubernetes: { enabled: false, interval: '30m' } } });

    const renamed = await write(admin, 'patch', `/api/agent/${id}`).send({ name: 'other' }).expect(400);
    expect(renamed.body.message).toBe('The name of an agent cannot be changed');
    const viaDataApi = await write(admin, 'patch', `/api/db/agents?id=eq.${id}`).send({ name: 'other' });
    expect([viaDataApi.status, viaDataApi.body.message]).toEqual([403, expect.stringContaining('name')]);
    await write(admin, 'patch', `/api/db/agents?id=eq.${id}`)
      .send({ properties: { team: 'platform' } })
      .expect(204);
    expect((await t.pool.query(`SELECT name, properties FROM agents WHERE id = $1`, [id])).rows[0]).toEqual({ name, properties: { team: 'platform' } });
    // Created only through /api/agent/generate (a person and a token come with it); never hard-deleted.
    expect((await write(admin, 'post', '/api/db/agents').send({ name: 'sneaky' })).status).toBe(403);
    expect(await count(`agents WHERE name = 'sneaky'`, [])).toBe(0);
    const hard = await write(admin, 'delete', `/api/db/agents?id=eq.${id}`);
    expect(hard.status).toBe(400);
    expect(await count('agents WHERE id = $1 AND deleted_at IS NULL', [id])).toBe(1);
  });

  it('keeps the local agent as it is', async () => {
    expect(
      (
        await write(admin, 'patch', `/api/agent/${LOCAL_AGENT_ID}`)
          .send({ properties: { a: 'b' } })
          .expect(400)
      ).body.message,
    ).toBe('The local agent cannot be changed or deleted');
    await write(admin, 'delete', `/api/agent/${LOCAL_AGENT_ID}`).expect(400);
    for (const body of [{ properties: { a: 'b' } }, { deleted_at: new Date().toISOString() }]) {
      const res = await write(admin, 'patch', `/api/db/agents?id=eq.${LOCAL_AGENT_ID}`).send(body);
      expect([res.status, res.body.message]).toEqual([400, 'The local agent cannot be changed or deleted']);
    }
    expect((await t.pool.query(`SELECT properties, deleted_at FROM agents WHERE id = $1`, [LOCAL_AGENT_ID])).rows[0]).toEqual({
      properties: {},
      deleted_at: null,
    });
  });

  it("deletes softly: the token is refused at once (401); cleanup removes the agent's rows, without it they stay", async () => {
    const kept = await generate('edge-keep');
    const cleaned = await generate('edge-clean');
    const viaDataApi = await generate('edge-data-api');
    for (const [agent, tag] of [
      [kept, 'k'],
      [cleaned, 'c'],
      [viaDataApi, 'd'],
    ] as const)
      await seedAgentRows(agent.id, tag);
    const all = { canaries: 1, checks: 1, config_scrapers: 1, config_items: 1, topologies: 1, components: 1, job_history: 1 };
    const none = Object.fromEntries(Object.keys(all).map((k) => [k, 0]));
    for (const agent of [kept, cleaned, viaDataApi]) await t.http().get('/api/auth/whoami').set('authorization', basic(agent.access_token)).expect(200);

    await write(admin, 'delete', `/api/agent/${kept.id}`).expect(204);
    await t.http().get('/api/auth/whoami').set('authorization', basic(kept.access_token)).expect(401);
    expect(await agentRows(kept.id)).toEqual(all);

    await write(admin, 'delete', `/api/agent/${cleaned.id}?cleanup=true`).expect(204);
    await t.http().get('/api/auth/whoami').set('authorization', `Bearer ${cleaned.access_token}`).expect(401);
    expect(await agentRows(cleaned.id)).toEqual(none);
    expect(await agentRows(kept.id)).toEqual(all);

    // The data API's form (spec 02 §7: PATCH /agents?id= with deleted_at and cleanup) does the same.
    await write(admin, 'patch', `/api/db/agents?id=eq.${viaDataApi.id}`).send({ deleted_at: new Date().toISOString(), cleanup: true }).expect(204);
    await t.http().get('/api/auth/whoami').set('authorization', basic(viaDataApi.access_token)).expect(401);
    expect(await agentRows(viaDataApi.id)).toEqual(none);

    // Gone from the list and the endpoints; the name is free again.
    const list = await admin.agent.get('/api/db/agents_summary?select=name').expect(200);
    expect(list.body.map((r: { name: string }) => r.name)).not.toEqual(expect.arrayContaining(['edge-keep']));
    await admin.agent.get(`/api/agent/${kept.id}`).expect(404);
    await write(admin, 'delete', `/api/agent/${kept.id}`).expect(404);
    await generate('edge-keep');
    // A deleted agent does not come back (its identity is gone).
    expect((await write(admin, 'patch', `/api/db/agents?id=eq.${kept.id}`).send({ deleted_at: null })).status).toBe(400);
  });

  it('lets viewers read agents and only editors and admins create, change and delete them (403)', async () => {
    const target = await generate('edge-rbac');
    await viewer.agent.get('/api/db/agents_summary').expect(200);
    await viewer.agent.get(`/api/agent/${target.id}`).expect(200);
    await viewer.agent.get('/api/agent/chart').expect(200);
    await write(viewer, 'post', '/api/agent/generate').send({ name: 'by-viewer' }).expect(403);
    await write(viewer, 'patch', `/api/agent/${target.id}`).send({ properties: {} }).expect(403);
    await write(viewer, 'delete', `/api/agent/${target.id}`).expect(403);
    await write(viewer, 'patch', `/api/db/agents?id=eq.${target.id}`).send({ deleted_at: new Date().toISOString() }).expect(403);
    expect(await count('agents WHERE id = $1 AND deleted_at IS NULL', [target.id])).toBe(1);

    const byEditor = (await write(editor, 'post', '/api/agent/generate').send({ name: 'by-editor' }).expect(201)).body as AgentGenerateResponse;
    await write(editor, 'patch', `/api/agent/${byEditor.id}`)
      .send({ properties: { a: 'b' } })
      .expect(200);
    await write(editor, 'delete', `/api/agent/${byEditor.id}`).expect(204);
  });

  it('answers the chart and repository the installation instructions use', async () => {
    const res = await admin.agent.get('/api/agent/chart').expect(200);
    expect(res.body).toMatchObject({ chart: 'ops-console', repository: { name: 'ops-console', url: expect.stringMatching(/^https?:\/\//) } });
    await t.pool.query(`INSERT INTO properties (name, value) VALUES ('agents.chart_repository', 'https://charts.internal.test/ops')`);
    expect((await admin.agent.get('/api/agent/chart').expect(200)).body.repository.url).toBe('https://charts.internal.test/ops');
  });
});
