import { ID, startDataApiApp, type DataApiTestApp } from './fixture';

/** /api/db/rpc/<fn>: whitelisted functions, by GET (read-only) or POST. */
describe('data API rpc', () => {
  let t: DataApiTestApp;
  beforeAll(async () => {
    t = await startDataApiApp();
  });
  afterAll(() => t?.stop());

  it('calls a scalar function with query-string arguments, or none to use the defaults', async () => {
    const open = await t.as('viewer').get('/api/db/rpc/incident_count?p_status=open').expect(200);
    expect(open.body).toBe(2);
    const all = await t.as('viewer').get('/api/db/rpc/incident_count').expect(200);
    expect(all.body).toBe(4);
  });

  it('reads the rows of a set-returning function like a resource: select, filters, order, count', async () => {
    const res = await t
      .as('viewer')
      .get('/api/db/rpc/incidents_with_severity?p_severity=critical&select=title,created_by(name)&status=eq.open&order=title')
      .set('Prefer', 'count=exact')
      .expect(200);
    expect(res.body).toEqual([{ title: 'API outage', created_by: { name: 'Alice' } }]);
    expect(res.headers['content-range']).toBe('0-0/1');
  });

  it('returns a list of scalars for a set of scalars', async () => {
    const res = await t.as('viewer').get('/api/db/rpc/incident_titles').expect(200);
    expect(res.body).toEqual(['API outage', 'Checkout latency', 'Disk almost full', 'Old certificate, expired']);
  });

  it('runs a writing function by POST with a JSON body and answers its single row as an object', async () => {
    const res = await t.as('commander').post('/api/db/rpc/close_incident?select=id,status').send({ p_id: ID.latency }).expect(200);
    expect(res.body).toEqual({ id: ID.latency, status: 'closed' });
    const { rows } = await t.pool.query('select status from incidents where id = $1', [ID.latency]);
    expect(rows[0].status).toBe('closed');
  });

  it('needs the write permission to POST a writing function', async () => {
    const res = await t.as('viewer').post('/api/db/rpc/close_incident').send({ p_id: ID.disk }).expect(403);
    expect(res.body).toMatchObject({ code: '42501', message: 'permission denied for close_incident' });
  });

  it('runs GET calls read-only, so a writing function cannot hide behind GET', async () => {
    const res = await t.as('admin').get(`/api/db/rpc/close_incident?p_id=${ID.disk}`).expect(405);
    expect(res.body.code).toBe('25006');
    const readonlyPost = await t.as('admin').post('/api/db/rpc/close_incident_readonly').send({ p_id: ID.disk }).expect(405);
    expect(readonlyPost.body.code).toBe('25006');
    const { rows } = await t.pool.query('select status from incidents where id = $1', [ID.disk]);
    expect(rows[0].status).toBe('investigating');
  });

  it('answers 204 for a void function', async () => {
    await t.as('commander').post('/api/db/rpc/forget_nothing').send({ p_note: 'hello' }).expect(204);
  });

  it('answers PGRST202 for unknown functions and arguments, and 400 for a bad argument value', async () => {
    const unknown = await t.as().get('/api/db/rpc/pg_sleep?seconds=1').expect(404);
    expect(unknown.body).toMatchObject({ code: 'PGRST202' });
    const badArg = await t.as().post('/api/db/rpc/incident_count').send({ p_state: 'open' }).expect(404);
    expect(badArg.body).toMatchObject({ code: 'PGRST202', message: 'Could not find the function incident_count(p_state) in the schema cache' });
    const missing = await t.as().post('/api/db/rpc/close_incident').send({}).expect(404);
    expect(missing.body.code).toBe('PGRST202');
    const badValue = await t.as().post('/api/db/rpc/close_incident').send({ p_id: 'nope' }).expect(400);
    expect(badValue.body.code).toBe('22P02');
  });

  it('refuses select and filters on functions that do not return rows', async () => {
    const res = await t.as().get('/api/db/rpc/incident_count?select=x').expect(400);
    expect(res.body.code).toBe('PGRST100');
  });
});
