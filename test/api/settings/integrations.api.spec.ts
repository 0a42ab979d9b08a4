import type { Role } from '@contracts';
import { FeatureService } from '../../../gateway/src/core/features/feature.service';
import { TestApp, type SignedInAgent } from '../../support/test-app';

/**
 * /settings/integrations reads the `integrations_with_status` view through the data API (spec 03 §7 Integrations):
 * scrapers, topologies and log backends in one list, paged and sorted on the server with `Prefer: count=exact`,
 * read by every role (spec 03 §6), written by nobody through the view, and gone while `settings.integrations` is off.
 */
describe('integrations list', () => {
  let t: TestApp;
  const roles: Role[] = ['admin', 'editor', 'commander', 'responder', 'viewer'];
  const who: Partial<Record<Role | 'none', SignedInAgent>> = {};
  let agentId: string;
  let creatorId: string;

  beforeAll(async () => {
    t = await TestApp.start();
    for (const role of roles) who[role] = await t.signInAs([role]);
    who.none = await t.signInAs([]);
    creatorId = who.admin!.personId;
    agentId = (await t.pool.query<{ id: string }>(`INSERT INTO agents (name) VALUES ('edge-1') RETURNING id`)).rows[0].id;
    await t.pool.query(
      `INSERT INTO config_scrapers (name, namespace, spec, created_by, agent_id) VALUES ('kubernetes', 'mission-control', '{"kubernetes": [{}]}', $1, $2)`,
      [creatorId, agentId],
    );
    await t.pool.query(`INSERT INTO config_scrapers (name, spec, deleted_at) VALUES ('removed', '{}', now())`);
    await t.pool.query(`INSERT INTO topologies (name, spec, created_by) VALUES ('cluster', '{}', $1)`, [creatorId]);
    await t.pool.query(`INSERT INTO logging_backends (name, spec, source) VALUES ('files', '{"file": {"path": "x.log"}}', 'KubernetesCRD')`);
  });
  afterAll(() => t?.stop());

  const list = (role: Role | 'none', query: string) => who[role]!.agent.get(`/api/db/integrations_with_status?${query}`).set('Prefer', 'count=exact');

  it('lists scrapers, topologies and log backends (not deleted ones) with their type, creator and agent', async () => {
    const res = await list('viewer', 'select=id,name,namespace,source,integration_type,created_by(id,name)&order=name.asc').expect(200);
    expect(res.body.map((row: { name: string; integration_type: string }) => [row.name, row.integration_type])).toEqual([
      ['cluster', 'topologies'],
      ['files', 'logging_backends'],
      ['kubernetes', 'scrapers'],
    ]);
    const kubernetes = res.body.find((row: { name: string }) => row.name === 'kubernetes');
    expect(kubernetes).toMatchObject({ namespace: 'mission-control', source: 'UI', created_by: { id: creatorId } });
    expect(res.body.find((row: { name: string }) => row.name === 'files').created_by).toBeNull();
    const withAgent = await list('viewer', 'select=name,agent(id,name)&order=name.asc').expect(200);
    // The all-zero agent is the console itself (spec 03 §9: no agent); the list shows no badge for it.
    const local = { id: '00000000-0000-0000-0000-000000000000', name: 'local' };
    expect(withAgent.body).toEqual([
      { name: 'cluster', agent: local },
      { name: 'files', agent: local },
      { name: 'kubernetes', agent: { id: agentId, name: 'edge-1' } },
    ]);
  });

  it('pages and sorts on the server and reports the total', async () => {
    // 206: PostgREST's answer for a page that is not the whole list.
    const first = await list('viewer', 'select=name&order=name.desc&limit=2&offset=0').expect(206);
    expect(first.body.map((row: { name: string }) => row.name)).toEqual(['kubernetes', 'files']);
    expect(first.headers['content-range']).toBe('0-1/3');
    const second = await list('viewer', 'select=name&order=name.desc&limit=2&offset=2').expect(206);
    expect(second.body.map((row: { name: string }) => row.name)).toEqual(['cluster']);
    expect(second.headers['content-range']).toBe('2-2/3');
  });

  it('fetches one integration by id and type', async () => {
    const { id } = (await t.pool.query<{ id: string }>(`SELECT id FROM topologies WHERE name = 'cluster'`)).rows[0];
    const found = await list('viewer', `id=eq.${id}&integration_type=eq.topologies`).expect(200);
    expect(found.body).toEqual([expect.objectContaining({ id, name: 'cluster', integration_type: 'topologies' })]);
    const wrongType = await list('viewer', `id=eq.${id}&integration_type=eq.scrapers`).expect(200);
    expect(wrongType.body).toEqual([]);
  });

  it('is read by every role, and by a person with no role (a viewer)', async () => {
    for (const role of [...roles, 'none'] as const) {
      const res = await list(role, 'select=name').expect(200);
      expect(res.body).toHaveLength(3);
    }
  });

  it('is not written through: the view refuses every write, and nothing changes', async () => {
    const admin = who.admin!;
    const before = (await t.pool.query(`SELECT count(*)::int AS n FROM integrations_with_status`)).rows[0].n;
    const post = await admin.agent.post('/api/db/integrations_with_status').set('x-csrf-token', admin.csrf).send({ name: 'x', integration_type: 'scrapers' });
    expect(post.status).toBe(405);
    const remove = await admin.agent.delete('/api/db/integrations_with_status?name=eq.cluster').set('x-csrf-token', admin.csrf);
    expect(remove.status).toBe(405);
    expect((await t.pool.query(`SELECT count(*)::int AS n FROM integrations_with_status`)).rows[0].n).toBe(before);
  });

  it('refuses a new integration from roles without write on integrations (commander, responder, viewer), in every table', async () => {
    const before = (await t.pool.query(`SELECT count(*)::int AS n FROM integrations_with_status`)).rows[0].n;
    const bodies: Record<string, object> = {
      config_scrapers: { name: 'new-scraper', spec: { file: [{ type: 'T', paths: ['x'] }] } },
      topologies: { name: 'new-topology', spec: {} },
      logging_backends: { name: 'new-backend', spec: { file: { path: 'x.log' } } },
    };
    for (const role of ['commander', 'responder', 'viewer', 'none'] as const) {
      for (const [table, body] of Object.entries(bodies)) {
        const res = await who[role]!.agent.post(`/api/db/${table}`).set('x-csrf-token', who[role]!.csrf).send(body);
        expect([role, table, res.status]).toEqual([role, table, 403]);
      }
    }
    expect((await t.pool.query(`SELECT count(*)::int AS n FROM integrations_with_status`)).rows[0].n).toBe(before);
  });

  it('is gone while settings.integrations is disabled', async () => {
    await t.pool.query(`INSERT INTO properties (name, value) VALUES ('settings.integrations.disable', 'true')`);
    t.app.get(FeatureService).invalidate();
    try {
      await list('admin', 'select=name').expect(403);
      await who.admin!.agent.get('/api/integrations/charts/kubernetes').expect(403);
    } finally {
      await t.pool.query(`DELETE FROM properties WHERE name = 'settings.integrations.disable'`);
      t.app.get(FeatureService).invalidate();
    }
    await list('admin', 'select=name').expect(200);
  });
});
