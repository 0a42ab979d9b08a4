import { ExpressionEvaluator } from '@gateway/core/cel';
import { TestApp, type SignedInAgent } from '../support/test-app';

/**
 * Issue 8, defect 5: a responder's 736-character nested comprehension, as a definition-of-done script, blocked the
 * gateway for 647 ms per evaluation, every minute. Scripts over the limits are now refused when saved; scripts within
 * them that still run long are evaluated in a worker thread and fail closed at the timeout.
 */
const list = (n: number) => `[${Array.from({ length: n }, (_, i) => i + 1).join(',')}]`;
/** Four comprehensions inside one another over 40-element lists: 2.5 million inner evaluations. */
const HOSTILE = `${list(40)}.all(a, ${list(40)}.all(b, ${list(40)}.all(c, ${list(40)}.exists(d, a + b + c + d > 1000))))`;

describe('user expressions are bounded', () => {
  let t: TestApp;
  let responder: SignedInAgent;
  let editor: SignedInAgent;
  let checkId: string;
  beforeAll(async () => {
    t = await TestApp.start({ HEALTH_SCHEDULER: 'off', EXPRESSION_TIMEOUT_MS: '200' });
    [responder, editor] = await Promise.all([t.signInAs(['responder']), t.signInAs(['editor'])]);
    const canary = (await t.pool.query(`insert into canaries (name) values ('web') returning id`)).rows[0].id;
    checkId = (await t.pool.query(`insert into checks (canary_id, type, name, status) values ($1, 'http', 'home', 'healthy') returning id`, [canary])).rows[0]
      .id;
  });
  afterAll(() => t?.stop());

  const post = (path: string, body: object = {}) => responder.agent.post(path).set('x-csrf-token', responder.csrf).send(body);
  const incidentWithEvidence = async () => {
    const res = await post('/api/incidents', { title: 'Home page', evidence: { type: 'check', check_id: checkId, description: 'home check' } }).expect(201);
    return { incident: res.body.id as string, evidence: res.body.hypotheses[0].evidences[0].id as string };
  };

  it("refuses a responder's nested-comprehension script when it is saved, and changes nothing", async () => {
    expect(HOSTILE.length).toBeGreaterThan(500);
    const { evidence } = await incidentWithEvidence();
    const res = await post(`/api/evidences/${evidence}/definition-of-done`, { definition_of_done: true, script: HOSTILE }).expect(400);
    expect(res.body.message).toBe('The script is too complex: at most 2 comprehensions (map, filter, all, exists) inside one another');
    const stored = await t.pool.query(`select definition_of_done, script from evidences where id = $1`, [evidence]);
    expect(stored.rows[0]).toEqual({ definition_of_done: false, script: null });
  });

  it('counts comprehensions written with spaces (`xs. all (…)`) the same, and takes no script through the data API', async () => {
    const { evidence } = await incidentWithEvidence();
    const spaced = HOSTILE.replace(/\.(all|exists)\(/g, '. $1 (');
    const res = await post(`/api/evidences/${evidence}/definition-of-done`, { definition_of_done: true, script: spaced }).expect(400);
    expect(res.body.message).toBe('The script is too complex: at most 2 comprehensions (map, filter, all, exists) inside one another');
    // the data API would skip that check: the script column is not writable there
    await responder.agent
      .patch(`/api/db/evidences?id=eq.${evidence}`)
      .set('x-csrf-token', responder.csrf)
      .send({ definition_of_done: true, script: HOSTILE })
      .expect(403);
    expect((await t.pool.query(`select script from evidences where id = $1`, [evidence])).rows[0].script).toBeNull();
  });

  it('runs one evaluation per incident at a time, however many are asked for at once', async () => {
    const { incident, evidence } = await incidentWithEvidence();
    await post(`/api/evidences/${evidence}/definition-of-done`, { definition_of_done: true, script: 'check.status == "healthy"' }).expect(200);
    // Each evaluation takes a while (as a slow script would), so the eight requests overlap; count what runs.
    const evaluator = t.app.get(ExpressionEvaluator);
    const original = evaluator.evaluate.bind(evaluator);
    const spy = jest.spyOn(evaluator, 'evaluate').mockImplementation(async (...args) => (await new Promise((r) => setTimeout(r, 300)), original(...args)));
    try {
      const answers = await Promise.all(Array.from({ length: 8 }, () => post(`/api/incidents/${incident}/definition-of-done/evaluate`)));
      expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
      expect(answers.every((r) => r.body.evidences[0]?.done === true)).toBe(true);
      expect(spy.mock.calls.length).toBeLessThanOrEqual(2); // one, or two when a request arrives just as the first ends
    } finally {
      spy.mockRestore();
    }
  });

  it('fails a script within the limits closed at the timeout, while the gateway keeps answering', async () => {
    const { incident, evidence } = await incidentWithEvidence();
    // the evidence's own data is the script's input: a long list makes two nested comprehensions slow
    await t.pool.query(`update evidences set evidence = $2 where id = $1`, [evidence, { items: Array.from({ length: 4000 }, (_, i) => i) }]);
    await post(`/api/evidences/${evidence}/definition-of-done`, {
      definition_of_done: true,
      script: 'evidence.items.all(a, evidence.items.all(b, a + b >= 0.0))',
    }).expect(200);
    const evaluating = post(`/api/incidents/${incident}/definition-of-done/evaluate`).then((r) => r);
    await t.http().get('/healthz').expect(200);
    const res = await evaluating;
    expect(res.status).toBe(200);
    expect(res.body.evidences).toEqual([expect.objectContaining({ id: evidence, done: false, script_error: 'The expression took longer than 200 ms' })]);
  });

  it("refuses an editor's canary whose test expression is over the limits", async () => {
    const res = await editor.agent
      .post('/api/canaries')
      .set('x-csrf-token', editor.csrf)
      .send({ name: 'hostile', spec: { http: [{ name: 'h', url: 'http://127.0.0.1:1/', test: { expr: HOSTILE } }] } })
      .expect(400);
    expect(res.body.message).toBe('spec.http[0].test: the expression is too complex: at most 2 comprehensions (map, filter, all, exists) inside one another');
    expect((await t.pool.query(`select count(*)::int n from canaries where name = 'hostile'`)).rows[0].n).toBe(0);
  });
});
