import { TestApp, type SignedInAgent } from '../../../test/support/test-app';

describe('feature flags API (spec 01 §6, spec 03)', () => {
  let t: TestApp;
  let admin: SignedInAgent;
  beforeAll(async () => {
    t = await TestApp.start({ PROPERTIES: 'agents.disable=true' });
    admin = await t.signInAs(['admin']);
  });
  afterAll(() => t?.stop());

  const write = (a: SignedInAgent, method: 'post' | 'patch' | 'delete', url: string) => a.agent[method](url).set('x-csrf-token', a.csrf);

  it('adds, changes and removes a flag, recording who created it', async () => {
    const created = await write(admin, 'post', '/api/properties').send({ name: 'logs.disable', value: 'true', description: 'no logs yet' }).expect(201);
    expect(created.body).toMatchObject({ name: 'logs.disable', value: 'true', source: 'api', created_by: admin.personId, creator: { id: admin.personId } });

    const updated = await write(admin, 'patch', '/api/properties?name=logs.disable').send({ value: 'false' }).expect(200);
    expect(updated.body).toMatchObject({ value: 'false', description: 'no logs yet' });

    const lookup = await admin.agent.get('/api/properties?name=logs.disable&value=false').expect(200);
    expect(lookup.body).toHaveLength(1);

    await write(admin, 'delete', '/api/properties?name=logs.disable').expect(204);
    await write(admin, 'delete', '/api/properties?name=logs.disable').expect(404);
  });

  it("answers 'please provide all details' when name or value is missing, and saves nothing", async () => {
    for (const body of [{ name: 'x.disable' }, { value: 'true' }, { name: '  ', value: 'true' }, {}]) {
      const res = await write(admin, 'post', '/api/properties').send(body).expect(400);
      expect(res.body.message).toBe('please provide all details');
    }
    const res = await write(admin, 'patch', '/api/properties?name=x.disable').send({ value: '' }).expect(400);
    expect(res.body.message).toBe('please provide all details');
    const { rows } = await t.pool.query(`select count(*)::int as n from properties where name = 'x.disable'`);
    expect(rows[0].n).toBe(0);
  });

  it('lists local flags as read-only and refuses to change them', async () => {
    const list = await admin.agent.get('/api/properties').expect(200);
    expect(list.body).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'agents.disable', value: 'true', source: 'local' })]));
    for (const [method, url, body] of [
      ['post', '/api/properties', { name: 'agents.disable', value: 'false' }],
      ['patch', '/api/properties?name=agents.disable', { value: 'false' }],
      ['delete', '/api/properties?name=agents.disable', undefined],
    ] as const) {
      const res = await write(admin, method, url).send(body).expect(400);
      expect(res.body.message).toBe('Cannot edit local feature flags');
    }
  });

  it('refuses a duplicate name with 409', async () => {
    await write(admin, 'post', '/api/properties').send({ name: 'dup.disable', value: 'true' }).expect(201);
    const res = await write(admin, 'post', '/api/properties').send({ name: 'dup.disable', value: 'false' }).expect(409);
    expect(res.body.message).toBe('Feature flag dup.disable already exists');
  });

  it('reflects flags in /api/features with inheritance, immediately after a change', async () => {
    await write(admin, 'post', '/api/properties').send({ name: 'health.disable', value: 'true' }).expect(201);
    const res = await admin.agent.get('/api/features').expect(200);
    expect(res.body.features).toMatchObject({ health: false, 'settings.health': false, 'settings.job_history': false, agents: false, incidents: true });
    await write(admin, 'delete', '/api/properties?name=health.disable').expect(204);
    const after = await admin.agent.get('/api/features').expect(200);
    expect(after.body.features.health).toBe(true);
  });

  it('lets viewers, commanders and responders read but not write flags; editors may write', async () => {
    for (const role of ['viewer', 'commander', 'responder'] as const) {
      const who = await t.signInAs([role]);
      await who.agent.get('/api/properties').expect(200);
      const res = await write(who, 'post', '/api/properties')
        .send({ name: `${role}.disable`, value: 'true' })
        .expect(403);
      expect(res.body.message).toBe('You do not have write permission on properties');
    }
    const editor = await t.signInAs(['editor']);
    await write(editor, 'post', '/api/properties').send({ name: 'editor.disable', value: 'true' }).expect(201);
  });

  it('answers 403 on the flags API while settings.feature_flags is disabled', async () => {
    await write(admin, 'post', '/api/properties').send({ name: 'settings.feature_flags.disable', value: 'true' }).expect(201);
    const res = await admin.agent.get('/api/properties').expect(403);
    expect(res.body.message).toBe('The settings.feature_flags feature is disabled');
    await t.pool.query(`delete from properties where name = 'settings.feature_flags.disable'`);
  });
});

describe('feature flag changes made outside the flags API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t?.stop());

  it('take effect on the next request, whichever path changed them', async () => {
    const admin = await t.signInAs(['admin']);
    await admin.agent.get('/api/features').expect(200); // warm the cache
    await admin.agent.post('/api/db/properties').set('x-csrf-token', admin.csrf).send({ name: 'topology.disable', value: 'true' }).expect(201);
    await new Promise((r) => setTimeout(r, 200)); // the NOTIFY travels through Postgres
    expect((await admin.agent.get('/api/features').expect(200)).body.features.topology).toBe(false);
    await t.pool.query(`delete from properties where name = 'topology.disable'`);
    await new Promise((r) => setTimeout(r, 200));
    expect((await admin.agent.get('/api/features').expect(200)).body.features.topology).toBe(true);
  });
});
