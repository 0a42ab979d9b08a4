import { TestApp, type SignedInAgent } from '../support/test-app';

/**
 * Issue 8, defects 4, 6, 7 and 8, replayed by the weakest role that could try each: a viewer's deep embed that ran a
 * minute and ended in 'out of memory', a statement without a time limit, an unbounded answer, row contents (password
 * hashes) in error details, missing security headers, and JSON nested 5,000 deep answering 500.
 */
describe('data API and HTTP bounds', () => {
  let t: TestApp;
  let viewer: SignedInAgent;
  let admin: SignedInAgent;
  beforeAll(async () => {
    t = await TestApp.start({ HEALTH_SCHEDULER: 'off', DATA_API_STATEMENT_TIMEOUT_MS: '300', DATA_API_MAX_RESPONSE_BYTES: '20000' });
    [viewer, admin] = await Promise.all([t.signInAs(['viewer']), t.signInAs(['admin'])]);
  });
  afterAll(() => t?.stop());

  const nested = (levels: number): string => {
    let select = 'id';
    for (let i = 0; i < levels; i++) select = `id,c:comments(id,incident_id(${select}))`;
    return select;
  };

  it('refuses a select nested past the embed cap with a clear 400, before any SQL runs', async () => {
    const res = await viewer.agent.get(`/api/db/incidents?select=${encodeURIComponent(nested(15))}`).expect(400);
    expect(res.body).toMatchObject({ code: 'PGRST100', message: 'select embeds resources more than 4 levels deep' });
    await viewer.agent.get(`/api/db/incidents?select=${encodeURIComponent(nested(2))}`).expect(200);
    const wide = Array.from({ length: 40 }, (_, i) => `c${i}:comments(id)`).join(',');
    expect((await viewer.agent.get(`/api/db/incidents?select=id,${wide}`).expect(400)).body.message).toBe('select embeds more than 32 resources');
  });

  it('refuses and/or groups nested past the cap with a clear 400 instead of overflowing the stack', async () => {
    const tree = (n: number) => `${'and('.repeat(n)}id.is.null${')'.repeat(n)}`;
    const res = await viewer.agent.get(`/api/db/incidents?or=(${tree(2200)})`).expect(400);
    expect(res.body.details).toBe('and/or groups nest more than 16 levels deep');
    await viewer.agent.get(`/api/db/incidents?or=(${tree(10)})`).expect(200);
  });

  it('cancels a statement past DATA_API_STATEMENT_TIMEOUT_MS and says so, with 504 rather than 500', async () => {
    // A statement that cannot finish in time, deterministically: its row is locked by another transaction.
    await t.pool.query(`insert into config_items (name, type) select 'item-' || g, 'Bench::Item' from generate_series(1, 3000) g`);
    const target = (await t.pool.query(`select id from config_items where name = 'item-1'`)).rows[0].id;
    const locker = await t.pool.connect();
    try {
      await locker.query('begin');
      await locker.query(`select 1 from config_items where id = $1 for update`, [target]);
      const res = await admin.agent.patch(`/api/db/config_items?id=eq.${target}`).set('x-csrf-token', admin.csrf).send({ name: 'renamed' }).timeout(20_000);
      expect(res.status).toBe(504);
      expect(res.body).toMatchObject({ code: '57014', message: 'The query took too long and was cancelled' });
    } finally {
      await locker.query('rollback');
      locker.release();
    }
    expect((await t.pool.query(`select name from config_items where id = $1`, [target])).rows[0].name).toBe('item-1');
  });

  it('refuses an answer larger than DATA_API_MAX_RESPONSE_BYTES, telling to page', async () => {
    const res = await viewer.agent.get('/api/db/config_items?select=id,name,type&limit=2000').expect(400);
    expect(res.body.message).toBe('The response would be larger than 20000 bytes');
    expect(res.body.hint).toMatch(/limit and offset/);
    await viewer.agent.get('/api/db/config_items?select=id,name&limit=20').expect(200);
  });

  it('shows no row contents (password hashes) in the error details of a refused write, and changes nothing', async () => {
    const person = (await t.pool.query(`select id, type from people where email = $1`, [admin.email])).rows[0];
    const res = await admin.agent.patch(`/api/db/people?id=eq.${person.id}`).set('x-csrf-token', admin.csrf).send({ type: 'bogus' }).expect(400);
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|Failing row/);
    expect(res.body.message).toContain('people_type_check');
    expect((await t.pool.query(`select type from people where id = $1`, [person.id])).rows[0].type).toBe(person.type);
  });

  it("refuses an editor's YAML whose aliases expand to millions of values, and stores nothing", async () => {
    const editor = await t.signInAs(['editor']);
    const letters = 'abcdefghij';
    const levels = ['    a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 9; i++)
      levels.push(
        `    ${letters[i]}: &${letters[i]} [${Array(10)
          .fill(`*${letters[i - 1]}`)
          .join(', ')}]`,
      );
    const yaml = `apiVersion: canaries.flanksource.com/v1\nkind: Canary\nmetadata:\n  name: laughs\nspec:\n  labels:\n${levels.join('\n')}\n`;
    const res = await editor.agent.post('/api/canaries').set('x-csrf-token', editor.csrf).send({ yaml }).expect(400);
    expect(res.body.message).toContain('the document expands to more than 100,000 values');
    expect((await t.pool.query(`select count(*)::int n from canaries where name = 'laughs'`)).rows[0].n).toBe(0);
  });

  it('answers JSON nested 5,000 deep with 400 and a message, on the data API and on domain routes', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const body = `{"name":"deep","spec":${deep}}`;
    for (const url of ['/api/db/canaries', '/api/canaries']) {
      const res = await admin.agent.post(url).set('x-csrf-token', admin.csrf).set('content-type', 'application/json').send(body).expect(400);
      expect(res.body.message).toBe('Request body is nested more than 64 levels deep');
    }
    expect((await t.pool.query(`select count(*)::int n from canaries where name = 'deep'`)).rows[0].n).toBe(0);
  });
});

describe('security headers', () => {
  let t: TestApp;
  afterAll(() => t?.stop());

  it('are on every response: API, errors, docs; HSTS only behind https', async () => {
    t = await TestApp.start({ HEALTH_SCHEDULER: 'off' });
    for (const path of ['/api/auth/whoami', '/api/no-such-route', '/api/docs/', '/healthz']) {
      const res = await t.http().get(path);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    await t.stop();
    t = await TestApp.start({ HEALTH_SCHEDULER: 'off', SECURE_COOKIES: 'true' });
    const secure = await t.http().get('/healthz');
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
