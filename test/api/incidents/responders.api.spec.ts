import { Injectable } from '@nestjs/common';
import type { ResolvedConnection, ResponderCreateContext, ResponderHandler, ResponderOption } from '@contracts';
import { RESPONDER_HANDLERS } from '../../../gateway/src/core/responders';
import { Extension } from '../../../gateway/src/core/plugin-host/extension-point';
import { IncidentsTestApp, eventually, type Actor } from './harness';

// Test-only responder types, named so they never collide with a real responder plugin.
const calls: ResponderCreateContext[] = [];
let flakyAttempts = 0;

@Injectable()
@Extension(RESPONDER_HANDLERS, 'test_ok')
class OkResponder implements ResponderHandler {
  readonly type = 'email' as const;
  readonly connectionTypes = null;
  async create(context: ResponderCreateContext) {
    calls.push(context);
    return { externalId: `OK-${context.fields.summary}` };
  }
  async options(key: string, params: Record<string, string>, _connection: ResolvedConnection | null): Promise<ResponderOption[]> {
    if (key === 'broken') throw new Error('peer down');
    return [{ value: `${key}:${params.project ?? ''}`, label: 'Option' }];
  }
}

@Injectable()
@Extension(RESPONDER_HANDLERS, 'test_flaky')
class FlakyResponder implements ResponderHandler {
  readonly type = 'jira' as const;
  readonly connectionTypes = null;
  async create() {
    flakyAttempts++;
    if (flakyAttempts === 1) throw new Error('Jira answered 503');
    return { externalId: 'FLAKY-1' };
  }
}

@Injectable()
@Extension(RESPONDER_HANDLERS, 'test_down')
class DownResponder implements ResponderHandler {
  readonly type = 'service_now' as const;
  readonly connectionTypes = null;
  async create(): Promise<{ externalId: string }> {
    throw new Error('connect ECONNREFUSED 127.0.0.1:9');
  }
}

/** Issue 3 "Responder types are plugins": a durable job hands each new responder to its type's handler. */
describe('responder lifecycle', () => {
  let t: IncidentsTestApp;
  let responder: Actor;
  let incident: string;
  let team: string;

  beforeAll(async () => {
    t = await IncidentsTestApp.start([OkResponder, FlakyResponder, DownResponder]);
    responder = await t.signInAs(['responder']);
    incident = (await t.pool.query(`insert into incidents (title, description) values ('Payments down', 'd') returning id`)).rows[0].id;
    team = (await t.pool.query(`insert into teams (name) values ('SRE') returning id`)).rows[0].id;
  });
  afterAll(() => t?.stop());

  const row = async (id: string) => (await t.pool.query('select * from responders where id = $1', [id])).rows[0];

  it('delivers a responder added through the data API and stores the external id', async () => {
    const res = await responder.agent
      .post('/api/db/responders')
      .set('x-csrf-token', responder.csrf)
      .set('Prefer', 'return=representation')
      .send({ incident_id: incident, type: 'system', team_id: team, properties: { responderType: 'test_ok', summary: 'via-data-api' }, created_by: team })
      .expect(201);
    const id = res.body[0].id;
    expect(res.body[0]).toMatchObject({ created_by: responder.personId, status: 'pending' });
    const done = await eventually(async () => ((await row(id)).status === 'created' ? row(id) : null));
    expect(done).toMatchObject({ external_id: 'OK-via-data-api', error: null, attempts: 1 });
    const call = calls.find((c) => c.responderId === id)!;
    expect(call.fields).toEqual({ summary: 'via-data-api' });
    expect(call.incident).toMatchObject({ id: incident, title: 'Payments down', url: expect.stringContaining(`/incidents/${incident}`) });
  });

  it('delivers a responder added through the domain endpoint, forcing created_by', async () => {
    const res = await responder.agent
      .post(`/api/incidents/${incident}/responders`)
      .set('x-csrf-token', responder.csrf)
      .send({ team_id: team, properties: { responderType: 'test_ok', summary: 'via-endpoint' } })
      .expect(201);
    expect(res.body).toMatchObject({ type: 'system', team_id: team, created_by: responder.personId });
    const done = await eventually(async () => ((await row(res.body.id)).status === 'created' ? row(res.body.id) : null));
    expect(done.external_id).toBe('OK-via-endpoint');
    const history = await t.pool.query(`select type from incident_histories where responder_id = $1`, [res.body.id]);
    expect(history.rows).toEqual([{ type: 'responder.created' }]);
  });

  it('refuses a responder that is neither or both of team and person, and a team responder without a type', async () => {
    const post = (body: object) => responder.agent.post(`/api/incidents/${incident}/responders`).set('x-csrf-token', responder.csrf).send(body);
    await post({}).expect(400);
    await post({ team_id: team, person_id: responder.personId }).expect(400);
    expect((await post({ team_id: team, properties: {} }).expect(400)).body.message).toBe('Please provide valid value');
  });

  it('shows the error on the responder and retries until the handler succeeds', async () => {
    const res = await responder.agent
      .post(`/api/incidents/${incident}/responders`)
      .set('x-csrf-token', responder.csrf)
      .send({ team_id: team, properties: { responderType: 'test_flaky' } })
      .expect(201);
    const failed = await eventually(async () => ((await row(res.body.id)).error ? row(res.body.id) : null));
    expect(failed).toMatchObject({ status: 'pending', error: 'Jira answered 503', attempts: 1 });
    const done = await eventually(async () => ((await row(res.body.id)).status === 'created' ? row(res.body.id) : null));
    expect(done).toMatchObject({ external_id: 'FLAKY-1', error: null, attempts: 2 });
  });

  it('records a failing handler error while it keeps retrying', async () => {
    const res = await responder.agent
      .post(`/api/incidents/${incident}/responders`)
      .set('x-csrf-token', responder.csrf)
      .send({ team_id: team, properties: { responderType: 'test_down' } })
      .expect(201);
    const failed = await eventually(async () => ((await row(res.body.id)).error ? row(res.body.id) : null));
    expect(failed.error).toBe('connect ECONNREFUSED 127.0.0.1:9');
    expect(failed.external_id).toBeNull();
  });

  it('hands the handler the connection named by the responder, secrets resolved', async () => {
    const admin = await t.signInAs(['admin']);
    await admin.agent
      .post('/api/connections')
      .set('x-csrf-token', admin.csrf)
      .send({ name: 'test-peer', type: 'http', url: 'http://127.0.0.1:9', username: 'bot', password: 's3cret' })
      .expect((r) => expect(r.status).toBeLessThan(300));
    const res = await responder.agent
      .post(`/api/incidents/${incident}/responders`)
      .set('x-csrf-token', responder.csrf)
      .send({ team_id: team, properties: { responderType: 'test_ok', summary: 'with-connection', connection: 'test-peer' } })
      .expect(201);
    await eventually(async () => ((await row(res.body.id)).status === 'created' ? true : null));
    const call = calls.find((c) => c.responderId === res.body.id)!;
    expect(call.connection).toMatchObject({ name: 'test-peer', url: 'http://127.0.0.1:9', username: 'bot', password: 's3cret' });
  });

  it("marks types without a handler 'no integration configured'", async () => {
    const res = await responder.agent
      .post(`/api/incidents/${incident}/responders`)
      .set('x-csrf-token', responder.csrf)
      .send({ team_id: team, properties: { responderType: 'test_without_handler', category: 'x' } })
      .expect(201);
    const done = await eventually(async () => ((await row(res.body.id)).status !== 'pending' ? row(res.body.id) : null));
    expect(done).toMatchObject({ status: 'no_integration', error: 'no integration configured', external_id: null });
  });

  it('looks up options through the handler, giving [] when the lookup fails or the type has none', async () => {
    const get = (path: string) => responder.agent.get(path).expect(200);
    expect((await get('/api/incidents/responder-options/test_ok/issueTypes?project=OPS')).body).toEqual([{ value: 'issueTypes:OPS', label: 'Option' }]);
    expect((await get('/api/incidents/responder-options/test_ok/broken')).body).toEqual([]);
    expect((await get('/api/incidents/responder-options/test_without_handler/projects')).body).toEqual([]);
    expect((await get('/api/incidents/responder-options/test_ok/projects?connection=missing-connection')).body).toEqual([]);
  });

  it('keeps the delivery state out of reach of the data API', async () => {
    const id = (
      await t.pool.query(`insert into responders (incident_id, type, team_id, properties, external_id) values ($1, 'system', $2, '{}', 'X-1') returning id`, [
        incident,
        team,
      ])
    ).rows[0].id;
    const res = await responder.agent.patch(`/api/db/responders?id=eq.${id}`).set('x-csrf-token', responder.csrf).send({ status: 'failed', error: 'forged' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await row(id)).toMatchObject({ status: 'created', error: null });
  });

  it('keeps progress and soft delete on the data API', async () => {
    const id = (
      await t.pool.query(
        `insert into responders (incident_id, type, team_id, properties) values ($1, 'system', $2, '{"responderType":"test_ok","summary":"p"}') returning id`,
        [incident, team],
      )
    ).rows[0].id;
    const patch = (body: object) => responder.agent.patch(`/api/db/responders?id=eq.${id}`).set('x-csrf-token', responder.csrf).send(body);
    await patch({ acknowledge_time: 'now()' }).expect((r) => expect(r.status).toBeLessThan(300));
    await patch({ deleted_at: 'now()' }).expect((r) => expect(r.status).toBeLessThan(300));
    const r = await row(id);
    expect(r.acknowledge_time).not.toBeNull();
    expect(r.deleted_at).not.toBeNull();
  });
});
