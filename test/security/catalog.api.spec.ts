import { TestApp, type SignedInAgent } from '../support/test-app';

/**
 * The configuration catalogue as an attacker would try it (issue 11): who may write and run scrapers, and the
 * aggregating calls fed shapes and sizes they do not expect. Every refusal is a 4xx with a message, never a 500.
 */
describe('catalogue: permissions and hostile input', () => {
  let t: TestApp;
  let viewer: SignedInAgent;
  let responder: SignedInAgent;
  let editor: SignedInAgent;
  let scraperId: string;
  const spec = { schedule: '@every 60m', file: [{ paths: ['catalog/services/*.yaml'], id: '$.id', type: 'Shop::Service' }] };

  beforeAll(async () => {
    t = await TestApp.start({ HEALTH_SCHEDULER: 'off', SCRAPER_SCHEDULER: 'off' });
    [viewer, responder, editor] = await Promise.all([t.signInAs(['viewer']), t.signInAs(['responder']), t.signInAs(['editor'])]);
    const res = await editor.agent.post('/api/scrapers').set('x-csrf-token', editor.csrf).send({ name: 'sec-files', spec }).expect(201);
    scraperId = res.body.id;
  });
  afterAll(() => t?.stop());

  const count = async () => (await t.pool.query(`select count(*)::int n from config_scrapers`)).rows[0].n as number;

  it.each(['viewer', 'responder'] as const)('refuses a %s creating, changing, deleting or running a scraper, on every route', async (role) => {
    const who = role === 'viewer' ? viewer : responder;
    const before = await count();
    const csrf = (r: import('supertest').Test) => r.set('x-csrf-token', who.csrf);
    await csrf(who.agent.post('/api/scrapers')).send({ name: 'x', spec }).expect(403);
    await csrf(who.agent.put(`/api/scrapers/${scraperId}`))
      .send({ name: 'sec-files', spec })
      .expect(403);
    await csrf(who.agent.delete(`/api/scrapers/${scraperId}`)).expect(403);
    await csrf(who.agent.post(`/api/scrapers/${scraperId}/run`)).expect(403);
    await csrf(who.agent.post('/api/db/config_scrapers')).send({ name: 'y', spec }).expect(403);
    await csrf(who.agent.patch(`/api/db/config_scrapers?id=eq.${scraperId}`))
      .send({ spec: {} })
      .expect(403);
    await csrf(who.agent.delete('/api/db/config_items?id=is.null')).expect(403);
    for (const table of ['config_changes', 'config_analysis', 'config_relationships']) {
      await csrf(who.agent.delete(`/api/db/${table}?config_id=is.null`)).expect(405);
    }
    expect(await count()).toBe(before);
    expect((await t.pool.query(`select deleted_at from config_scrapers where id = $1`, [scraperId])).rows[0].deleted_at).toBeNull();
  });

  it('does not let the data API write run state, or skip validation by a bulk PATCH', async () => {
    const post = (body: object) => editor.agent.post('/api/db/config_scrapers').set('x-csrf-token', editor.csrf).send(body);
    // Columns outside the allow-list are refused (403 from the data API), nothing saved.
    await post({ name: 'lease', spec, run_lease_until: '2999-01-01T00:00:00Z' }).expect(403);
    await post({ name: 'due', spec, next_runtime: '2999-01-01T00:00:00Z' }).expect(403);
    expect((await t.pool.query(`select 1 from config_scrapers where name in ('lease', 'due')`)).rows).toEqual([]);
    const before = (await t.pool.query(`select id, spec from config_scrapers order by id`)).rows;
    await editor.agent
      .patch('/api/db/config_scrapers?id=not.is.null')
      .set('x-csrf-token', editor.csrf)
      .send({ spec: { file: [{}] } })
      .expect(400);
    expect((await t.pool.query(`select id, spec from config_scrapers order by id`)).rows).toEqual(before);
  });

  it("keeps scraper-written history out of the data API's writes: an editor cannot forge or wipe changes, insights or edges", async () => {
    const item = (await t.pool.query(`insert into config_items (name, type) values ('kept', 'Sec::Item') returning id`)).rows[0].id;
    await t.pool.query(`insert into config_changes (config_id, change_type, summary) values ($1, 'diff', 'real')`, [item]);
    const send = (method: 'post' | 'patch' | 'delete', table: string, body?: object) =>
      editor.agent[method](`/api/db/${table}${method === 'post' ? '' : '?config_id=not.is.null'}`)
        .set('x-csrf-token', editor.csrf)
        .send(body);
    for (const table of ['config_changes', 'config_analysis', 'config_relationships']) {
      await send('delete', table).expect(405);
      await send('patch', table, { summary: 'forged' }).expect(405);
    }
    await send('post', 'config_changes', { config_id: item, change_type: 'diff', summary: 'forged' }).expect(405);
    expect((await t.pool.query(`select summary from config_changes where config_id = $1`, [item])).rows).toEqual([{ summary: 'real' }]);
  });

  describe('POST /api/catalog/summary and /changes answer 400 to what they do not expect', () => {
    const post = (path: string, body: unknown) =>
      viewer.agent
        .post(path)
        .set('x-csrf-token', viewer.csrf)
        .send(body as object);

    it.each([
      ['groupBy as text', { groupBy: 'type' }, /groupBy/],
      ['groupBy of numbers', { groupBy: [1] }, /groupBy/],
      ['groupBy of 500 tag keys', { groupBy: Array.from({ length: 500 }, (_, i) => `k${i}__tag`) }, /groupBy: at most/],
      ['labels as a list', { labels: ['a=b'] }, /labels/],
      ['health as a number', { health: 5 }, /health/],
      ['a window past any date', { changes: { since: '99999999999999999999999d' } }, /changes\.since/],
    ])('summary: %s', async (_, body, message) => {
      const res = await post('/api/catalog/summary', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
    });

    it.each([
      ['a page past any offset', { page: 1e300 }, /page/],
      ['created_by not a uuid', { created_by: 'x' }, /created_by/],
      ['from before any date', { from: 'now-99999999999999999y' }, /from/],
      ['type as an object', { type: { a: 1 } }, /type/],
      ['tags as a number', { tags: 3 }, /tags/],
      ['sort_by as a list', { sort_by: ['name'] }, /sort_by/],
    ])('changes: %s', async (_, body, message) => {
      const res = await post('/api/catalog/changes', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
    });

    it('still answers a well-formed request', async () => {
      await post('/api/catalog/summary', { groupBy: ['type', 'team__tag'], changes: { since: '30d' }, health: 'healthy:1' }).expect(200);
      await post('/api/catalog/changes', { page: 2, page_size: 10, from: 'now-7d', sort_by: '-count', type: 'diff' }).expect(200);
    });
  });
});
