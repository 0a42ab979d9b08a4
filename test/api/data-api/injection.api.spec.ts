import { ID, startDataApiApp, type DataApiTestApp } from './fixture';

const TABLES = ['people', 'teams', 'incidents', 'hypotheses', 'evidences', 'comments', 'responders', 'connections', 'team_members'];

/** Hostile input never reaches SQL as code: every attempt is a 4xx (or a harmless match) and nothing changes. */
describe('data API injection attempts', () => {
  let t: DataApiTestApp;
  let fingerprint: () => Promise<string>;
  beforeAll(async () => {
    t = await startDataApiApp();
    fingerprint = async () => {
      const parts = await Promise.all(
        TABLES.map(async (table) => (await t.pool.query(`select md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as h from ${table} x`)).rows[0].h),
      );
      return parts.join(':');
    };
  });
  afterAll(() => t?.stop());

  const e = encodeURIComponent;
  // Every row has four entries: with fewer, Jest would pass its `done` callback as the body.
  const attempts: Array<[string, 'get' | 'patch' | 'delete' | 'post', string, object | null]> = [
    ['a statement in a column name', 'get', `/api/db/incidents?${e('name;drop table incidents')}=eq.1`, null],
    ['a subquery in select', 'get', `/api/db/incidents?select=${e('id,(select 1)')}`, null],
    ['a comment in order', 'get', `/api/db/incidents?order=${e('title;--')}`, null],
    ['a quote in a JSON key', 'get', `/api/db/incidents?${e("labels->>'a'';drop table incidents;--")}=eq.1`, null],
    ['a quote in a JSON key of select', 'get', `/api/db/incidents?select=${e("labels->>'a'';drop table incidents;--")}`, null],
    ['a cast to an expression', 'get', `/api/db/incidents?select=${e('id::text);drop table incidents;--')}`, null],
    ['a quoted identifier escape', 'get', `/api/db/incidents?select=${e('"id"";drop table incidents;--"')}`, null],
    ['an embed named like SQL', 'get', `/api/db/incidents?select=${e('*,pg_catalog.pg_user(*)')}`, null],
    ['a hint with SQL', 'get', `/api/db/incidents?select=${e('*,people!created_by;drop(*)')}`, null],
    ['a logic tree with SQL', 'get', `/api/db/incidents?or=${e('(id.eq.1);drop table incidents;--')}`, null],
    ['an in-list breaking out', 'get', `/api/db/incidents?id=in.${e('(1));drop table incidents;--')}`, null],
    ['a limit with SQL', 'get', `/api/db/incidents?limit=${e('1;drop table incidents')}`, null],
    ['a hidden column through a JSON path', 'get', `/api/db/people?select=${e('password_hash->>x')}`, null],
    ['a filter in a PATCH that is always true', 'patch', `/api/db/teams?${e('name=eq.x or 1=1')}`, { icon: 'owned' }],
    ['a DELETE with a tautology', 'delete', `/api/db/teams?or=${e('(name.eq.x,1.eq.1)')}`, null],
    ['a column name with SQL in a POST body', 'post', '/api/db/teams', { name: 'x', 'icon") values (1);--': 'y' }],
    ['on_conflict with SQL', 'post', `/api/db/teams?on_conflict=${e('name) do update set name = 1;--')}`, { name: 'Platform' }],
    ['columns= with SQL', 'post', `/api/db/teams?columns=${e('name;drop table teams')}`, { name: 'x' }],
    ['a PATCH of a hidden column', 'patch', `/api/db/connections?id=eq.${ID.connection}`, { password: 'stolen' }],
  ];

  it.each(attempts)('refuses %s and changes nothing', async (_, method, url, body) => {
    const before = await fingerprint();
    const call = t.as()[method](url);
    const res = await (body ? call.send(body) : call);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(Object.keys(res.body).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect(await fingerprint()).toBe(before);
  });

  it('binds hostile values as plain data', async () => {
    const hostile = "'); drop table incidents; --";
    const res = await t
      .as()
      .get(`/api/db/incidents?title=eq.${e(hostile)}`)
      .expect(200);
    expect(res.body).toEqual([]);
    const created = await t.as().post('/api/db/teams?select=name').set('Prefer', 'return=representation').send({ name: hostile }).expect(201);
    expect(created.body).toEqual([{ name: hostile }]);
    expect(await t.count('incidents')).toBe(4);
  });

  it('keeps JSON keys in parameters, so any key is only data', async () => {
    const res = await t
      .as()
      .get(`/api/db/incidents?select=id&${e('labels->>"a\';drop table incidents;--"')}=eq.1`)
      .expect(200);
    expect(res.body).toEqual([]);
  });
});
