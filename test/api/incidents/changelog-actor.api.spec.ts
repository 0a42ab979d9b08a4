import { TestApp } from '../../support/test-app';

describe('changelog credits the person who made a change through the data API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t?.stop());

  it('records the editor, not the creator, for a hypothesis status change', async () => {
    const creator = await t.signInAs(['commander']);
    const editor = await t.signInAs(['responder']);
    const created = await creator.agent
      .post('/api/incidents')
      .set('x-csrf-token', creator.csrf)
      .send({ title: 'Disk full on db-1', severity: 'high', type: 'availability' })
      .expect(201);
    const root = created.body.hypotheses[0];
    await editor.agent.patch(`/api/db/hypotheses?id=eq.${root.id}`).set('x-csrf-token', editor.csrf).send({ status: 'likely' }).expect(204);
    const { rows } = await t.pool.query(`select created_by from incident_histories where incident_id = $1 and type = 'hypothesis.status_updated'`, [
      created.body.id,
    ]);
    expect(rows).toEqual([{ created_by: editor.personId }]);
  });
});
