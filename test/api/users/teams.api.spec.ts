import { TestApp, type SignedInAgent } from '../../support/test-app';

/** Spec 03 §7 Teams: the calls the team pages make, through the data API. */
describe('teams through the data API (spec 03 Teams)', () => {
  let t: TestApp;
  let admin: SignedInAgent;
  let teamId: string;
  const people: { id: string; email: string }[] = [];
  beforeAll(async () => {
    t = await TestApp.start({ HEALTH_SCHEDULER: 'off' });
    admin = await t.signInAs(['admin']);
    people.push(await t.createPerson(['viewer']), await t.createPerson(['editor']));
    const res = await write(admin, 'post', '/api/db/teams').set('Prefer', 'return=representation').send({ name: 'SRE', icon: 'kubernetes' }).expect(201);
    teamId = res.body[0].id;
  });
  afterAll(() => t?.stop());

  function write(a: SignedInAgent, method: 'post' | 'patch' | 'delete', url: string) {
    return a.agent[method](url).set('x-csrf-token', a.csrf);
  }

  it('lists live teams by name and reads one by id', async () => {
    await write(admin, 'post', '/api/db/teams').send({ name: 'Database' }).expect(201);
    const list = await admin.agent.get('/api/db/teams?deleted_at=is.null&order=name.asc').expect(200);
    expect(list.body.map((team: { name: string }) => team.name)).toEqual(['Database', 'SRE']);
    const one = await admin.agent.get(`/api/db/teams?id=eq.${teamId}`).expect(200);
    expect(one.body).toEqual([expect.objectContaining({ id: teamId, name: 'SRE', icon: 'kubernetes', spec: {} })]);
  });

  it('adds members with an array, lists them with their person, removes one', async () => {
    await write(admin, 'post', '/api/db/team_members')
      .send(people.map((p) => ({ team_id: teamId, person_id: p.id })))
      .expect(201);
    const members = await admin.agent.get(`/api/db/team_members?team_id=eq.${teamId}&select=*,person_id(*)`).expect(200);
    expect(members.body).toHaveLength(2);
    expect(members.body).toEqual(
      expect.arrayContaining(people.map((p) => expect.objectContaining({ team_id: teamId, person_id: expect.objectContaining({ id: p.id, email: p.email }) }))),
    );
    expect(members.body[0].person_id.password_hash).toBeUndefined();

    const again = await write(admin, 'post', '/api/db/team_members')
      .send([{ team_id: teamId, person_id: people[0].id }])
      .expect(409);
    expect(again.body.message).toBe('This user is already a member of the team');

    await write(admin, 'delete', `/api/db/team_members?person_id=eq.${people[0].id}&team_id=eq.${teamId}`).expect(204);
    const after = await admin.agent.get(`/api/db/team_members?team_id=eq.${teamId}&select=*,person_id(*)`).expect(200);
    expect(after.body.map((m: { person_id: { id: string } }) => m.person_id.id)).toEqual([people[1].id]);
  });

  it('shows members to viewers without their email, and lets only admins change them', async () => {
    const viewer = await t.signInAs(['viewer']);
    const members = await viewer.agent.get(`/api/db/team_members?team_id=eq.${teamId}&select=*,person_id(*)`).expect(200);
    expect(members.body[0].person_id.name).toEqual(expect.any(String));
    expect(members.body[0].person_id.email).toBeUndefined();
    for (const role of ['viewer', 'editor', 'commander'] as const) {
      const who = role === 'viewer' ? viewer : await t.signInAs([role]);
      await write(who, 'post', '/api/db/team_members')
        .send([{ team_id: teamId, person_id: people[0].id }])
        .expect(403);
      await write(who, 'delete', `/api/db/team_members?person_id=eq.${people[1].id}&team_id=eq.${teamId}`).expect(403);
      await write(who, 'patch', `/api/db/teams?id=eq.${teamId}`).send({ icon: 'x' }).expect(403);
    }
    const { rows } = await t.pool.query(`select count(*)::int n from team_members where team_id = $1`, [teamId]);
    expect(rows[0].n).toBe(1);
  });

  it('validates the team spec the incidents area reads, and saves a valid one', async () => {
    const bad = await write(admin, 'patch', `/api/db/teams?id=eq.${teamId}`)
      .send({ spec: { responder_clients: { jira: { defaults: { project: ['OPS'] }, connection: 7 } } } })
      .expect(400);
    expect(bad.body.message).toBe(
      'spec.responder_clients.jira.connection: must be a connection name or connection:// reference; spec.responder_clients.jira.defaults.project: must be text, a number or true/false',
    );
    await write(admin, 'post', '/api/db/teams')
      .send({ name: 'Broken', spec: { responder_clients: 'jira' } })
      .expect(400);
    await write(admin, 'post', '/api/db/teams').send({ name: '  ' }).expect(400);
    expect((await t.pool.query(`select count(*)::int n from teams where name in ('Broken', '  ')`)).rows[0].n).toBe(0);
    expect((await t.pool.query(`select spec from teams where id = $1`, [teamId])).rows[0].spec).toEqual({});

    const spec = { responder_clients: { jira: { connection: 'connection://default/jira', defaults: { project: 'OPS', summary: '{{incident.title}}' } } } };
    await write(admin, 'patch', `/api/db/teams?id=eq.${teamId}`).send({ spec }).expect(204);
    expect((await t.pool.query(`select spec from teams where id = $1`, [teamId])).rows[0].spec).toEqual(spec);
  });

  it('refuses a second live team with the same name', async () => {
    const res = await write(admin, 'post', '/api/db/teams').send({ name: 'SRE' }).expect(409);
    expect(res.body.message).toBe('A team with this name already exists');
  });

  it('links components to a team and unlinks them', async () => {
    const { rows } = await t.pool.query<{ id: string }>(`insert into components (name, type) values ('checkout', 'service') returning id`);
    const componentId = rows[0].id;
    await write(admin, 'post', '/api/db/team_components')
      .send([{ team_id: teamId, component_id: componentId }])
      .expect(201);
    const linked = await admin.agent.get(`/api/db/team_components?team_id=eq.${teamId}&select=*,component:component_id(id,name,type)`).expect(200);
    expect(linked.body).toEqual([
      expect.objectContaining({ component_id: componentId, selector_id: 'manual', component: expect.objectContaining({ name: 'checkout' }) }),
    ]);
    const viewer = await t.signInAs(['viewer']);
    await write(viewer, 'post', '/api/db/team_components')
      .send([{ team_id: teamId, component_id: componentId, selector_id: 'x' }])
      .expect(403);
    await write(admin, 'delete', `/api/db/team_components?team_id=eq.${teamId}&component_id=eq.${componentId}`).expect(204);
    expect((await admin.agent.get(`/api/db/team_components?team_id=eq.${teamId}`).expect(200)).body).toEqual([]);
  });

  it('soft-deletes a team; its name can be used again', async () => {
    await write(admin, 'post', '/api/db/teams').send({ name: 'Gone' }).expect(201);
    await write(admin, 'patch', '/api/db/teams?name=eq.Gone').send({ deleted_at: new Date().toISOString() }).expect(204);
    await write(admin, 'post', '/api/db/teams').send({ name: 'Gone' }).expect(201);
  });
});
