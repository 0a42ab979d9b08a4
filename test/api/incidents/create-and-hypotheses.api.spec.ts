import { IncidentsTestApp, type Actor } from './harness';

/** Spec 01 §4 "Creating an incident", §5 "New incident", hypothesis nesting and the delete cascade. */
describe('creating incidents and hypotheses', () => {
  let t: IncidentsTestApp;
  let commander: Actor;
  const count = async (table: string) => Number((await t.pool.query(`select count(*) from ${table}`)).rows[0].count);

  beforeAll(async () => {
    t = await IncidentsTestApp.start();
    commander = await t.signInAs(['commander']);
  });
  afterAll(() => t?.stop());

  const post = (path: string, body: object) => commander.agent.post(path).set('x-csrf-token', commander.csrf).send(body);

  it('creates the incident with the defaults, the signed-in creator and a root hypothesis', async () => {
    const res = await post('/api/incidents', { title: 'Checkout is down', created_by: '00000000-0000-4000-8000-000000000009' }).expect(201);
    expect(res.body).toMatchObject({ title: 'Checkout is down', type: 'availability', severity: 'low', status: 'open', created_by: commander.personId });
    expect(res.body.incident_id).toMatch(/^INC\d{7}$/);
    expect(res.body.hypotheses).toEqual([
      expect.objectContaining({ title: 'Checkout is down', type: 'root', status: 'possible', parent_id: null, created_by: commander.personId, evidences: [] }),
    ]);
  });

  it('creates the evidence on the root hypothesis, storing Topology as topology', async () => {
    const component = (await t.pool.query(`insert into components (name) values ('api') returning id`)).rows[0].id;
    const res = await post('/api/incidents', {
      title: 'API slow',
      severity: 'high',
      type: 'performance',
      description: 'p99 up',
      evidence: { type: 'Topology', description: 'Topology', component_id: component },
    }).expect(201);
    expect(res.body).toMatchObject({ severity: 'high', type: 'performance', description: 'p99 up' });
    expect(res.body.hypotheses[0].evidences).toEqual([expect.objectContaining({ type: 'topology', component_id: component, description: 'Topology' })]);
  });

  it('stores log evidence with its lines', async () => {
    const res = await post('/api/incidents', {
      title: 'Errors in logs',
      evidence: { type: 'log', description: 'error lines', evidence: { lines: [{ message: 'boom' }], selected_lines: [0] } },
    }).expect(201);
    expect(res.body.hypotheses[0].evidences[0].evidence).toEqual({ lines: [{ message: 'boom' }], selected_lines: [0] });
  });

  it.each([
    [{}, 'This field is required'],
    [{ title: '' }, 'This field is required'],
    [{ title: 'x', severity: 'huge' }, 'Please select incident severity'],
    [{ title: 'x', type: 'weird' }, 'Please select an incident type'],
    [{ title: 'x', status: 'done' }, 'status must be one of'],
    [{ title: 'x', evidence: { type: 'gossip' } }, 'evidence type must be one of'],
  ])('refuses %j with a clear message and saves nothing', async (body, message) => {
    const before = await count('incidents');
    const res = await post('/api/incidents', body).expect(400);
    expect(res.body.message).toContain(message);
    expect(await count('incidents')).toBe(before);
  });

  it('is atomic: evidence pointing at a missing item rolls back the incident and its root hypothesis', async () => {
    const [incidents, hypotheses, evidences] = [await count('incidents'), await count('hypotheses'), await count('evidences')];
    const res = await post('/api/incidents', { title: 'Atomic', evidence: { type: 'config', config_id: '00000000-0000-4000-8000-00000000abcd' } }).expect(400);
    expect(res.body.message).toBe('A referenced item does not exist');
    expect([await count('incidents'), await count('hypotheses'), await count('evidences')]).toEqual([incidents, hypotheses, evidences]);
  });

  describe('hypotheses', () => {
    let incident: string;
    let root: string;
    beforeAll(async () => {
      const res = await post('/api/incidents', { title: 'Tree' }).expect(201);
      incident = res.body.id;
      root = res.body.hypotheses[0].id;
    });

    it('nests root → factor → solution, defaulting the type from the parent and the status to possible', async () => {
      const factor = (await post(`/api/incidents/${incident}/hypotheses`, { title: 'DB pool' }).expect(201)).body;
      expect(factor).toMatchObject({ parent_id: root, type: 'factor', status: 'possible', created_by: commander.personId });
      const solution = (await post(`/api/incidents/${incident}/hypotheses`, { parent_id: factor.id, title: 'Raise the pool' }).expect(201)).body;
      expect(solution).toMatchObject({ parent_id: factor.id, type: 'solution' });
      const res = await post(`/api/incidents/${incident}/hypotheses`, { parent_id: solution.id, title: 'deeper' }).expect(400);
      expect(res.body.message).toBe('A solution cannot have child hypotheses');
    });

    it('refuses a type that does not fit the parent, a second root and a parent from another incident', async () => {
      expect((await post(`/api/incidents/${incident}/hypotheses`, { parent_id: root, type: 'solution' }).expect(400)).body.message).toBe(
        'A root hypothesis can only have factor children',
      );
      expect((await post(`/api/incidents/${incident}/hypotheses`, { type: 'root' }).expect(400)).body.message).toBe(
        'The incident already has a root hypothesis',
      );
      const other = (await post('/api/incidents', { title: 'Other' }).expect(201)).body;
      await post(`/api/incidents/${incident}/hypotheses`, { parent_id: other.hypotheses[0].id }).expect(400);
    });

    it('holds data API writes to the same nesting', async () => {
      const db = (body: object) => commander.agent.post('/api/db/hypotheses').set('x-csrf-token', commander.csrf).send(body);
      expect((await db({ incident_id: incident, parent_id: root, title: 'x', type: 'solution' }).expect(400)).body.message).toBe(
        'A root hypothesis can only have factor children',
      );
      expect((await db({ incident_id: incident, title: 'x', type: 'factor' }).expect(400)).body.message).toBe('A factor hypothesis needs a parent');
      await db({ incident_id: incident, parent_id: root, title: 'ok', type: 'factor' }).expect(201);
    });

    it('deletes a hypothesis with its descendants, comments and evidences in one transaction', async () => {
      const factor = (await post(`/api/incidents/${incident}/hypotheses`, { title: 'to delete' }).expect(201)).body;
      const solution = (await post(`/api/incidents/${incident}/hypotheses`, { parent_id: factor.id }).expect(201)).body;
      for (const h of [factor.id, solution.id]) {
        await t.pool.query(`insert into comments (incident_id, hypothesis_id, comment) values ($1, $2, 'c')`, [incident, h]);
        await t.pool.query(`insert into evidences (hypothesis_id, type, description) values ($1, 'comment', 'e')`, [h]);
      }
      const res = await commander.agent.delete(`/api/hypotheses/${factor.id}`).set('x-csrf-token', commander.csrf).expect(200);
      expect(res.body.deleted.sort()).toEqual([factor.id, solution.id].sort());
      const left = await t.pool.query(
        `select (select count(*) from hypotheses where id = any($1::uuid[])) h, (select count(*) from comments where hypothesis_id = any($1::uuid[])) c,
                (select count(*) from evidences where hypothesis_id = any($1::uuid[])) e`,
        [[factor.id, solution.id]],
      );
      expect(left.rows[0]).toEqual({ h: '0', c: '0', e: '0' });
    });

    it('bulk deletes by ids and refuses the root, changing nothing', async () => {
      const a = (await post(`/api/incidents/${incident}/hypotheses`, { title: 'a' }).expect(201)).body;
      const b = (await post(`/api/incidents/${incident}/hypotheses`, { title: 'b' }).expect(201)).body;
      const refused = await commander.agent.delete(`/api/hypotheses?ids=${a.id},${root}`).set('x-csrf-token', commander.csrf).expect(400);
      expect(refused.body.message).toBe('The root hypothesis cannot be deleted');
      expect(Number((await t.pool.query('select count(*) from hypotheses where id = any($1::uuid[])', [[a.id, root]])).rows[0].count)).toBe(2);
      await commander.agent.delete(`/api/hypotheses?ids=${a.id},${b.id}`).set('x-csrf-token', commander.csrf).expect(200);
      expect(Number((await t.pool.query('select count(*) from hypotheses where id = any($1::uuid[])', [[a.id, b.id]])).rows[0].count)).toBe(0);
      await commander.agent.delete(`/api/hypotheses?ids=nope`).set('x-csrf-token', commander.csrf).expect(400);
      await commander.agent.delete(`/api/hypotheses/${a.id}`).set('x-csrf-token', commander.csrf).expect(404);
    });
  });
});
