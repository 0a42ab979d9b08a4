import { INCIDENT_STATUSES, INCIDENT_STATUS_TRANSITIONS } from '@contracts';
import { IncidentsTestApp, type Actor } from './harness';

/** Spec 01 §4: the status choices per current status, enforced on every write path. */
describe('incident status transitions', () => {
  let t: IncidentsTestApp;
  let responder: Actor;

  beforeAll(async () => {
    t = await IncidentsTestApp.start();
    responder = await t.signInAs(['responder']);
  });
  afterAll(() => t?.stop());

  async function incidentIn(status: string): Promise<string> {
    const { rows } = await t.pool.query<{ id: string }>(`insert into incidents (title, status) values ('t', $1) returning id`, [status]);
    return rows[0].id;
  }
  const statusOf = async (id: string) => (await t.pool.query('select status from incidents where id = $1', [id])).rows[0].status;

  const cases = INCIDENT_STATUSES.flatMap((from) => INCIDENT_STATUSES.map((to) => ({ from, to, allowed: INCIDENT_STATUS_TRANSITIONS[from].includes(to) })));

  it.each(cases)('data API: $from → $to allowed=$allowed', async ({ from, to, allowed }) => {
    const id = await incidentIn(from);
    const res = await responder.agent.patch(`/api/db/incidents?id=eq.${id}`).set('x-csrf-token', responder.csrf).send({ status: to });
    if (allowed) {
      expect(res.status).toBeLessThan(300);
      expect(await statusOf(id)).toBe(to);
    } else {
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`Cannot change incident status from ${from} to ${to}`);
      expect(await statusOf(id)).toBe(from);
    }
  });

  it.each(cases)('endpoint: $from → $to allowed=$allowed', async ({ from, to, allowed }) => {
    const id = await incidentIn(from);
    const res = await responder.agent.patch(`/api/incidents/${id}/status`).set('x-csrf-token', responder.csrf).send({ status: to });
    if (allowed) {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, status: to });
    } else {
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`Cannot change incident status from ${from} to ${to}`);
    }
    expect(await statusOf(id)).toBe(allowed ? to : from);
  });

  it('records who changed the status through the endpoint', async () => {
    const id = await incidentIn('open');
    await responder.agent.patch(`/api/incidents/${id}/status`).set('x-csrf-token', responder.csrf).send({ status: 'investigating' }).expect(200);
    const { rows } = await t.pool.query(`select description, created_by from incident_histories where incident_id = $1 and type = 'incident.status_updated'`, [
      id,
    ]);
    expect(rows).toEqual([{ description: 'open → investigating', created_by: responder.personId }]);
  });

  describe("'Add contributing factors to definition of done'", () => {
    async function withEvidence() {
      const id = await incidentIn('open');
      const h = (await t.pool.query(`insert into hypotheses (incident_id, type) values ($1, 'root') returning id`, [id])).rows[0].id;
      const e = (await t.pool.query(`insert into evidences (hypothesis_id, type) values ($1, 'comment') returning id`, [h])).rows[0].id;
      return { id, e };
    }
    const dod = async (e: string) => (await t.pool.query('select definition_of_done from evidences where id = $1', [e])).rows[0].definition_of_done;

    it('Submit marks the chosen evidences, then sets the status, in one call', async () => {
      const { id, e } = await withEvidence();
      await responder.agent
        .patch(`/api/incidents/${id}/status`)
        .set('x-csrf-token', responder.csrf)
        .send({ status: 'mitigated', definition_of_done: [e] })
        .expect(200);
      expect([await statusOf(id), await dod(e)]).toEqual(['mitigated', true]);
    });

    it('changes nothing when an evidence is not part of the incident or the transition is refused', async () => {
      const { id, e } = await withEvidence();
      const other = await withEvidence();
      await responder.agent
        .patch(`/api/incidents/${id}/status`)
        .set('x-csrf-token', responder.csrf)
        .send({ status: 'resolved', definition_of_done: [e, other.e] })
        .expect(400);
      expect([await statusOf(id), await dod(e)]).toEqual(['open', false]);
      await t.pool.query(`update incidents set status = 'closed' where id = $1`, [id]);
      await responder.agent
        .patch(`/api/incidents/${id}/status`)
        .set('x-csrf-token', responder.csrf)
        .send({ status: 'mitigated', definition_of_done: [e] })
        .expect(400);
      expect([await statusOf(id), await dod(e)]).toEqual(['closed', false]);
    });
  });

  it('refuses an unknown status and a missing incident', async () => {
    const id = await incidentIn('open');
    await responder.agent.patch(`/api/incidents/${id}/status`).set('x-csrf-token', responder.csrf).send({ status: 'done' }).expect(400);
    await responder.agent
      .patch(`/api/incidents/00000000-0000-4000-8000-000000000001/status`)
      .set('x-csrf-token', responder.csrf)
      .send({ status: 'open' })
      .expect(404);
  });

  it('lets a plain SQL writer change nothing it may not', async () => {
    const id = await incidentIn('closed');
    await expect(t.pool.query(`update incidents set status = 'investigating' where id = $1`, [id])).rejects.toThrow(
      'Cannot change incident status from closed to investigating',
    );
  });
});
