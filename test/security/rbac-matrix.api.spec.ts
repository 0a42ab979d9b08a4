import { can, ROLES, type Role } from '@contracts';
import { DataApiRegistry } from '../../gateway/src/core/data-api';
import { TestApp, type SignedInAgent } from '../support/test-app';

/**
 * For each of the 5 roles, read and write every registered data-API resource and every guarded domain route,
 * and compare the answer with the matrix in contracts. Writes use a filter that matches no row, so an allowed
 * write changes nothing and answers 204; a refused one answers 403; a read-only resource answers 405.
 */
describe('RBAC matrix over every registered resource', () => {
  let t: TestApp;
  const agents = {} as Record<Role, SignedInAgent>;
  let resources: { name: string; read: string; write: string | null; probeColumn: string }[] = [];

  beforeAll(async () => {
    t = await TestApp.start();
    for (const role of ROLES) agents[role] = await t.signInAs([role]);
    const schema = t.app.get(DataApiRegistry).schema;
    resources = [...schema.resources.values()].map((r) => ({
      name: r.name,
      read: r.read,
      write: r.write,
      probeColumn: r.primaryKey[0] ?? r.columnOrder[0],
    }));
  });
  afterAll(() => t?.stop());

  it('has resources registered by every area plugin', () => {
    const names = resources.map((r) => r.name);
    for (const expected of [
      'incidents',
      'evidences',
      'comments',
      'responders',
      'config_items',
      'canaries',
      'checks',
      'topologies',
      'components',
      'playbooks',
      'agents',
      'connections',
      'properties',
      'people',
      'teams',
      'notifications',
      'job_history',
      'logging_backends',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it.each(ROLES)('gives %s exactly the reads and writes of the matrix on the data API', async (role) => {
    const { agent, csrf } = agents[role];
    const mismatches: string[] = [];
    for (const r of resources) {
      const read = await agent.get(`/api/db/${r.name}?limit=1`);
      const expectedRead = can([role], r.read as never, 'read') ? 200 : 403;
      if (read.status !== expectedRead) mismatches.push(`GET ${r.name}: ${read.status}, expected ${expectedRead} (${JSON.stringify(read.body)})`);

      const nothing = `${r.probeColumn}=is.null&${r.probeColumn}=not.is.null`;
      const write = await agent.delete(`/api/db/${r.name}?${nothing}`).set('x-csrf-token', csrf);
      const expectedWrite = r.write === null ? 405 : can([role], r.write as never, 'write') ? 204 : 403;
      if (write.status !== expectedWrite) mismatches.push(`DELETE ${r.name}: ${write.status}, expected ${expectedWrite} (${JSON.stringify(write.body)})`);
    }
    expect(mismatches).toEqual([]);
  });

  it('answers refused data-API calls in PostgREST shape without changing data', async () => {
    const { agent, csrf } = agents.viewer;
    const res = await agent.post('/api/db/properties').set('x-csrf-token', csrf).send({ name: 'viewer.was.here', value: 'x' }).expect(403);
    expect(res.body).toEqual({ code: '42501', message: 'permission denied for properties', details: null, hint: null });
    const { rows } = await t.pool.query(`select 1 from properties where name = 'viewer.was.here'`);
    expect(rows).toHaveLength(0);
  });

  it.each(ROLES)('gives %s the matrix on the feature-flag routes', async (role) => {
    const { agent, csrf } = agents[role];
    await agent.get('/api/properties').expect(can([role], 'properties', 'read') ? 200 : 403);
    const write = await agent
      .post('/api/properties')
      .set('x-csrf-token', csrf)
      .send({ name: `${role}.probe.disable`, value: 'true' });
    expect(write.status).toBe(can([role], 'properties', 'write') ? 201 : 403);
  });

  it('refuses every data-API call without a signed-in user', async () => {
    for (const r of resources.slice(0, 10)) {
      await t.http().get(`/api/db/${r.name}`).expect(401);
      await t.http().delete(`/api/db/${r.name}?${r.probeColumn}=is.null`).expect(401);
    }
  });

  it('answers 403 for a resource of a disabled feature and serves it again once enabled', async () => {
    const admin = agents.admin;
    await admin.agent.post('/api/properties').set('x-csrf-token', admin.csrf).send({ name: 'incidents.disable', value: 'true' }).expect(201);
    const res = await admin.agent.get('/api/db/incidents').expect(403);
    expect(res.body.message).toMatch(/incidents/);
    await admin.agent.delete('/api/properties?name=incidents.disable').set('x-csrf-token', admin.csrf).expect(204);
    await admin.agent.get('/api/db/incidents').expect(200);
  });
});
