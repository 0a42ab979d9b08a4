import { INCIDENT_HISTORY_TYPES } from '@contracts';
import { IncidentsTestApp, type Actor } from './harness';

describe('link to incident (spec 01 §2, §5)', () => {
  let t: IncidentsTestApp;
  let commander: Actor;
  let config: string;

  beforeAll(async () => {
    t = await IncidentsTestApp.start();
    commander = await t.signInAs(['commander']);
    config = (await t.pool.query(`insert into config_items (config_class, type, name) values ('Pod', 'Kubernetes::Pod', 'api-0') returning id`)).rows[0].id;
  });
  afterAll(() => t?.stop());

  const link = (body: object) => commander.agent.post('/api/incidents/link').set('x-csrf-token', commander.csrf).send(body);
  const count = async (table: string) => Number((await t.pool.query(`select count(*) from ${table}`)).rows[0].count);

  it('creates a new incident (open, availability, low) with its root hypothesis and the evidence', async () => {
    const res = await link({ new_incident: { title: 'Pod restarts' }, evidence: { type: 'config', config_id: config, description: 'api-0' } }).expect(201);
    const incident = (await t.pool.query('select * from incidents where id = $1', [res.body.incident_id])).rows[0];
    expect(incident).toMatchObject({ title: 'Pod restarts', status: 'open', type: 'availability', severity: 'low', created_by: commander.personId });
    const hypothesis = (await t.pool.query('select * from hypotheses where id = $1', [res.body.hypothesis_id])).rows[0];
    expect(hypothesis).toMatchObject({ type: 'root', title: 'Pod restarts', status: 'possible' });
    expect(res.body.evidence).toMatchObject({ type: 'config', config_id: config, hypothesis_id: res.body.hypothesis_id, created_by: commander.personId });
  });

  it('adds a new hypothesis titled with the typed text, or the incident title', async () => {
    const created = await link({
      new_incident: { title: 'Disk full', type: 'reliability', severity: 'high' },
      evidence: { type: 'config', config_id: config },
    }).expect(201);
    const typed = await link({
      incident_id: created.body.incident_id,
      new_hypothesis_title: 'Log rotation',
      evidence: { type: 'config', config_id: config },
    }).expect(201);
    expect((await t.pool.query('select title, type, parent_id from hypotheses where id = $1', [typed.body.hypothesis_id])).rows[0]).toEqual({
      title: 'Log rotation',
      type: 'factor',
      parent_id: created.body.hypothesis_id,
    });
    const fresh = await link({ new_incident: { title: 'Disk full again' }, new_hypothesis_title: '', evidence: { type: 'config', config_id: config } }).expect(
      201,
    );
    expect((await t.pool.query('select title from hypotheses where id = $1', [fresh.body.hypothesis_id])).rows[0].title).toBe('Disk full again');
  });

  it('links to an existing hypothesis', async () => {
    const created = await link({ new_incident: { title: 'Existing' }, evidence: { type: 'config', config_id: config } }).expect(201);
    const res = await link({
      incident_id: created.body.incident_id,
      hypothesis_id: created.body.hypothesis_id,
      evidence: { type: 'log', evidence: { lines: [] } },
    }).expect(201);
    expect(res.body.hypothesis_id).toBe(created.body.hypothesis_id);
  });

  it.each([
    [{ evidence: { type: 'config' } }, 'Must select or create an incident'],
    [
      { incident_id: '00000000-0000-4000-8000-000000000001', hypothesis_id: '00000000-0000-4000-8000-000000000002', evidence: { type: 'config' } },
      'Must select or create an incident',
    ],
    [{ new_incident: { title: 'x', severity: '' }, evidence: { type: 'config' } }, 'Please select incident severity'],
    [{ new_incident: { title: 'x', type: '' }, evidence: { type: 'config' } }, 'Please select an incident type'],
    [{ new_incident: { title: '' }, evidence: { type: 'config' } }, 'This field is required'],
  ])('refuses %j with "%s" and saves nothing', async (body, message) => {
    const before = [await count('incidents'), await count('evidences')];
    const res = await link(body).expect(400);
    expect(res.body.message).toContain(message);
    expect([await count('incidents'), await count('evidences')]).toEqual(before);
  });

  it("asks for a hypothesis when an existing incident is chosen: 'Must select or create a hypothesis'", async () => {
    const created = await link({ new_incident: { title: 'Needs hypothesis' }, evidence: { type: 'config', config_id: config } }).expect(201);
    const res = await link({ incident_id: created.body.incident_id, evidence: { type: 'config', config_id: config } }).expect(400);
    expect(res.body.message).toBe('Must select or create a hypothesis');
  });

  it('rolls back the new incident when the evidence cannot be saved', async () => {
    const before = await count('incidents');
    await link({ new_incident: { title: 'Rolled back' }, evidence: { type: 'config', config_id: '00000000-0000-4000-8000-00000000dead' } }).expect(400);
    expect(await count('incidents')).toBe(before);
  });
});

describe('permissions (spec 01 §6)', () => {
  let t: IncidentsTestApp;
  let incident: string;
  let root: string;
  let evidence: string;

  beforeAll(async () => {
    t = await IncidentsTestApp.start();
    incident = (await t.pool.query(`insert into incidents (title) values ('perm') returning id`)).rows[0].id;
    root = (await t.pool.query(`insert into hypotheses (incident_id, type, title) values ($1, 'root', 'perm') returning id`, [incident])).rows[0].id;
    const factor = (await t.pool.query(`insert into hypotheses (incident_id, parent_id, type) values ($1, $2, 'factor') returning id`, [incident, root]))
      .rows[0].id;
    evidence = (await t.pool.query(`insert into evidences (hypothesis_id, type) values ($1, 'comment') returning id`, [factor])).rows[0].id;
  });
  afterAll(() => t?.stop());

  const team = async () => (await t.pool.query(`insert into teams (name) values ('team-' || gen_random_uuid()) returning id`)).rows[0].id;
  const writes = (): [string, string, () => Promise<object>][] => [
    ['post', '/api/incidents', async () => ({ title: 'x' })],
    ['post', '/api/incidents/link', async () => ({ incident_id: incident, hypothesis_id: root, evidence: { type: 'comment' } })],
    ['patch', `/api/incidents/${incident}/status`, async () => ({ status: 'open' })],
    ['post', `/api/incidents/${incident}/hypotheses`, async () => ({ title: 'h' })],
    ['post', `/api/incidents/${incident}/definition-of-done/evaluate`, async () => ({})],
    ['post', `/api/incidents/${incident}/responders`, async () => ({ team_id: await team(), properties: { responderType: 'test_none' } })],
    ['post', `/api/evidences/${evidence}/definition-of-done`, async () => ({ definition_of_done: true })],
    ['post', `/api/evidences/${evidence}/done`, async () => ({ done: false })],
    ['post', '/api/db/comments', async () => ({ incident_id: incident, hypothesis_id: root, comment: 'hi @[Bob](user:00000000-0000-4000-8000-000000000001)' })],
    ['post', '/api/db/evidences', async () => ({ hypothesis_id: root, type: 'comment', evidence: { comment: 'c' } })],
  ];

  it('lets a viewer read but refuses every write with 403', async () => {
    const viewer = await t.signInAs(['viewer']);
    await viewer.agent.get(`/api/incidents/${incident}`).expect(200);
    await viewer.agent.get(`/api/db/incidents?id=eq.${incident}`).expect(200);
    await viewer.agent.get(`/api/db/incident_histories?incident_id=eq.${incident}`).expect(200);
    await viewer.agent.get('/api/incidents/responder-options/jira/projects').expect(200);
    for (const [method, path, body] of writes()) {
      const call = (viewer.agent as unknown as Record<string, (p: string) => import('supertest').Test>)[method];
      const res = await call
        .call(viewer.agent, path)
        .set('x-csrf-token', viewer.csrf)
        .send(await body());
      expect([method, path, res.status]).toEqual([method, path, 403]);
    }
    await viewer.agent.delete(`/api/hypotheses/${root}`).set('x-csrf-token', viewer.csrf).expect(403);
    await viewer.agent.delete(`/api/hypotheses?ids=${root}`).set('x-csrf-token', viewer.csrf).expect(403);
  });

  it.each(['responder', 'commander'] as const)('lets a %s write incidents, evidences, comments and responders but not connections', async (role) => {
    const actor = await t.signInAs([role]);
    for (const [method, path, body] of writes()) {
      const call = (actor.agent as unknown as Record<string, (p: string) => import('supertest').Test>)[method];
      const res = await call
        .call(actor.agent, path)
        .set('x-csrf-token', actor.csrf)
        .send(await body());
      expect([method, path, res.status < 300]).toEqual([method, path, true]);
    }
    const res = await actor.agent.post('/api/db/connections').set('x-csrf-token', actor.csrf).send({ name: 'c', type: 'jira' });
    expect(res.status).toBe(403);
  });

  it('stores comment mention markup as is', async () => {
    const { rows } = await t.pool.query(`select comment from comments where incident_id = $1 limit 1`, [incident]);
    expect(rows[0].comment).toBe('hi @[Bob](user:00000000-0000-4000-8000-000000000001)');
  });
});

describe('changelog (spec 01 §4 history kinds)', () => {
  let t: IncidentsTestApp;

  beforeAll(async () => {
    t = await IncidentsTestApp.start();
  });
  afterAll(() => t?.stop());

  it('lists all 8 event kinds with who and when, through the domain endpoints and the data API', async () => {
    const a = await t.signInAs(['commander']);
    const b = await t.signInAs(['responder']);
    const send = (actor: Actor, method: 'post' | 'patch', path: string, body: object) =>
      actor.agent[method](path).set('x-csrf-token', actor.csrf).set('Prefer', 'return=representation').send(body);

    const incident = (await send(a, 'post', '/api/incidents', { title: 'Changelog' }).expect(201)).body;
    const root = incident.hypotheses[0].id;
    const factor = (await send(b, 'post', `/api/incidents/${incident.id}/hypotheses`, { title: 'f' }).expect(201)).body;
    await send(b, 'patch', `/api/db/hypotheses?id=eq.${factor.id}`, { status: 'likely' }).expect(200);
    const evidence = (
      await send(b, 'post', '/api/incidents/link', {
        incident_id: incident.id,
        hypothesis_id: factor.id,
        evidence: { type: 'comment', description: 'e' },
      }).expect(201)
    ).body.evidence;
    await send(a, 'post', `/api/evidences/${evidence.id}/definition-of-done`, { definition_of_done: true }).expect(200);
    await send(b, 'patch', `/api/incidents/${incident.id}/status`, { status: 'investigating' }).expect(200);
    await send(b, 'post', `/api/incidents/${incident.id}/responders`, { person_id: a.personId }).expect(201);
    await send(b, 'post', '/api/db/comments', { incident_id: incident.id, hypothesis_id: root, comment: 'looking' }).expect(201);

    const res = await a.agent
      .get(`/api/db/incident_histories?incident_id=eq.${incident.id}&order=created_at.asc&select=type,description,created_by,created_at`)
      .expect(200);
    const rows = res.body as { type: string; description: string; created_by: string; created_at: string }[];
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(INCIDENT_HISTORY_TYPES));
    // The first event of each kind (the root hypothesis comes with the incident, by its creator).
    const byType = Object.fromEntries([...rows].reverse().map((r) => [r.type, r]));
    expect(byType['incident.created'].created_by).toBe(a.personId);
    expect(byType['hypothesis.created'].created_by).toBe(a.personId);
    expect(byType['evidence.created'].created_by).toBe(b.personId);
    expect(byType['evidence.done_definition_added'].created_by).toBe(a.personId);
    expect(byType['incident.status_updated']).toMatchObject({ created_by: b.personId, description: 'open → investigating' });
    expect(byType['hypothesis.status_updated'].description).toBe('possible → likely');
    expect(byType['responder.created'].created_by).toBe(b.personId);
    expect(byType['responder.commented']).toMatchObject({ created_by: b.personId, description: 'looking' });
    for (const r of rows) expect(Number.isNaN(Date.parse(r.created_at))).toBe(false);
  });
});
