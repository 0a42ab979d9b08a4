import { DOD_SCRIPTS, defaultDodScript } from '@contracts';
import { DefinitionOfDoneService } from '../../../plugins/incidents/gateway/definition-of-done.service';
import { IncidentsTestApp, type Actor } from './harness';

/** Spec 01 §4 "Definition of done": scripts evaluated for real over the linked item's current data. */
describe('definition of done', () => {
  let t: IncidentsTestApp;
  let responder: Actor;
  let checkId: string;

  beforeAll(async () => {
    t = await IncidentsTestApp.start();
    responder = await t.signInAs(['responder']);
    const canary = (await t.pool.query(`insert into canaries (name) values ('web') returning id`)).rows[0].id;
    checkId = (await t.pool.query(`insert into checks (canary_id, type, name, status) values ($1, 'http', 'home', 'healthy') returning id`, [canary])).rows[0]
      .id;
  });
  afterAll(() => t?.stop());

  const post = (path: string, body: object = {}) => responder.agent.post(path).set('x-csrf-token', responder.csrf).send(body);
  const statusOf = async (id: string) => (await t.pool.query('select status from incidents where id = $1', [id])).rows[0].status;

  async function checkResults(results: [minutesAgo: number, ok: boolean][]) {
    await t.pool.query('delete from check_statuses where check_id = $1', [checkId]);
    for (const [ago, ok] of results) {
      await t.pool.query(`insert into check_statuses (check_id, time, status) values ($1, now() - make_interval(mins => $2), $3)`, [checkId, ago, ok]);
    }
  }

  async function incidentWithCheckEvidence(): Promise<{ incident: string; evidence: string }> {
    const res = await post('/api/incidents', { title: 'Home page', evidence: { type: 'check', check_id: checkId, description: 'home check' } }).expect(201);
    return { incident: res.body.id, evidence: res.body.hypotheses[0].evidences[0].id };
  }

  it('offers the spec pre-filled scripts', () => {
    expect(defaultDodScript('check')).toBe(DOD_SCRIPTS.checkHealthy);
    expect(defaultDodScript('config_analysis')).toBe("analysis.status == 'resolved'");
    expect(defaultDodScript('topology')).toBe("component.health == 'healthy'");
    expect(defaultDodScript('log')).toBe('');
  });

  it('adds evidence to the definition of done with a script, writing the changelog, and removes it again', async () => {
    const { incident, evidence } = await incidentWithCheckEvidence();
    const added = await post(`/api/evidences/${evidence}/definition-of-done`, { definition_of_done: true, script: DOD_SCRIPTS.checkHealthy }).expect(200);
    expect(added.body).toMatchObject({ definition_of_done: true, script: DOD_SCRIPTS.checkHealthy, done: false });
    const history = await t.pool.query(`select created_by from incident_histories where incident_id = $1 and type = 'evidence.done_definition_added'`, [
      incident,
    ]);
    expect(history.rows).toEqual([{ created_by: responder.personId }]);
    await post(`/api/evidences/${evidence}/done`, { done: true }).expect(200);
    const removed = await post(`/api/evidences/${evidence}/definition-of-done`, { definition_of_done: false }).expect(200);
    expect(removed.body).toMatchObject({ definition_of_done: false, done: false, script: null });
  });

  it('toggles done by hand', async () => {
    const { evidence } = await incidentWithCheckEvidence();
    expect((await post(`/api/evidences/${evidence}/done`, { done: true }).expect(200)).body.done).toBe(true);
    expect((await post(`/api/evidences/${evidence}/done`, { done: false }).expect(200)).body.done).toBe(false);
    await post(`/api/evidences/${evidence}/done`, { done: 'yes' }).expect(400);
    await post(`/api/evidences/00000000-0000-4000-8000-000000000001/done`, { done: true }).expect(404);
  });

  it('resolves the incident when the check is healthy for over 5 minutes, and reopens it when the check fails', async () => {
    const { incident, evidence } = await incidentWithCheckEvidence();
    await post(`/api/evidences/${evidence}/definition-of-done`, { definition_of_done: true, script: DOD_SCRIPTS.checkHealthy }).expect(200);

    await checkResults([
      [20, false],
      [10, true],
      [1, true],
    ]);
    let res = await post(`/api/incidents/${incident}/definition-of-done/evaluate`).expect(200);
    expect(res.body).toMatchObject({
      evaluated: 1,
      errors: 0,
      status: 'resolved',
      evidences: [{ id: evidence, done: true, script_result: 'true', script_error: null }],
    });
    expect(await statusOf(incident)).toBe('resolved');

    await checkResults([
      [20, false],
      [10, true],
      [1, false],
    ]);
    res = await post(`/api/incidents/${incident}/definition-of-done/evaluate`).expect(200);
    expect(res.body).toMatchObject({ status: 'open', evidences: [{ done: false, script_result: 'false' }] });
    expect(await statusOf(incident)).toBe('open');

    // Healthy again, but only for 2 minutes: not yet done.
    await checkResults([
      [20, false],
      [2, true],
    ]);
    res = await post(`/api/incidents/${incident}/definition-of-done/evaluate`).expect(200);
    expect(res.body).toMatchObject({ status: 'open', evidences: [{ done: false }] });

    const changes = await t.pool.query(
      `select description from incident_histories where incident_id = $1 and type = 'incident.status_updated' order by created_at`,
      [incident],
    );
    expect(changes.rows.map((r) => r.description)).toEqual(['open → resolved', 'resolved → open']);
  });

  it.each([
    ['a parse error', 'check.status ==', /Unexpected token/],
    ['a runtime error', 'check.nope.deeper == 1', /No such key/],
    ['a non-boolean result', 'check.name', /must return true or false/],
  ])('records %s on the evidence and leaves done unchanged', async (_, script, error) => {
    const { incident, evidence } = await incidentWithCheckEvidence();
    await post(`/api/evidences/${evidence}/definition-of-done`, { definition_of_done: true, script }).expect(200);
    await post(`/api/evidences/${evidence}/done`, { done: true }).expect(200);
    const res = await post(`/api/incidents/${incident}/definition-of-done/evaluate`).expect(200);
    expect(res.body.errors).toBe(1);
    const row = (await t.pool.query('select done, script_error, script_result, script_evaluated_at from evidences where id = $1', [evidence])).rows[0];
    expect(row.done).toBe(true);
    expect(row.script_result).toBeNull();
    expect(row.script_error).toMatch(error);
    expect(row.script_evaluated_at).not.toBeNull();
  });

  it('evaluates config analysis and component evidence with their scripts', async () => {
    const config = (await t.pool.query(`insert into config_items (config_class, type, name) values ('Pod', 'Kubernetes::Pod', 'p') returning id`)).rows[0].id;
    const analysis = (await t.pool.query(`insert into config_analysis (config_id, analyzer, status) values ($1, 'oom', 'open') returning id`, [config])).rows[0]
      .id;
    const component = (await t.pool.query(`insert into components (name, health) values ('db', 'healthy') returning id`)).rows[0].id;
    const res = await post('/api/incidents', { title: 'Mixed', evidence: { type: 'config_analysis', config_analysis_id: analysis } }).expect(201);
    const incident = res.body.id;
    const root = res.body.hypotheses[0].id;
    const e1 = res.body.hypotheses[0].evidences[0].id;
    const e2 = (await t.pool.query(`insert into evidences (hypothesis_id, type, component_id) values ($1, 'topology', $2) returning id`, [root, component]))
      .rows[0].id;
    await post(`/api/evidences/${e1}/definition-of-done`, { definition_of_done: true, script: DOD_SCRIPTS.analysisResolved }).expect(200);
    await post(`/api/evidences/${e2}/definition-of-done`, { definition_of_done: true, script: DOD_SCRIPTS.componentHealthy }).expect(200);

    let out = await post(`/api/incidents/${incident}/definition-of-done/evaluate`).expect(200);
    expect(out.body.status).toBe('open');
    expect(out.body.evidences.map((e: { done: boolean }) => e.done)).toEqual([false, true]);

    await t.pool.query(`update config_analysis set status = 'resolved' where id = $1`, [analysis]);
    out = await post(`/api/incidents/${incident}/definition-of-done/evaluate`).expect(200);
    expect(out.body.status).toBe('resolved');
  });

  it('the scheduled job evaluates open incidents and skips closed ones', async () => {
    const open = await incidentWithCheckEvidence();
    const closed = await incidentWithCheckEvidence();
    for (const e of [open.evidence, closed.evidence]) {
      await post(`/api/evidences/${e}/definition-of-done`, { definition_of_done: true, script: DOD_SCRIPTS.checkHealthy }).expect(200);
    }
    await t.pool.query(`update incidents set status = 'closed' where id = $1`, [closed.incident]);
    await checkResults([[30, true]]);
    await t.app.get(DefinitionOfDoneService).evaluateAll();
    expect(await statusOf(open.incident)).toBe('resolved');
    expect(await statusOf(closed.incident)).toBe('closed');
    expect((await t.pool.query('select script_evaluated_at from evidences where id = $1', [closed.evidence])).rows[0].script_evaluated_at).toBeNull();
  });

  it('schedules the evaluation every minute through pg-boss', async () => {
    const { rows } = await t.pool.query(`select name, cron from pgboss.schedule where name = 'incident.dod.evaluate'`);
    expect(rows).toEqual([{ name: 'incident.dod.evaluate', cron: '* * * * *' }]);
  });
});
