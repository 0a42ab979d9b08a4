import { TestApp } from '../../support/test-app';

/** Canaries written through the data API and the editor's validation endpoint (issue 4). */
describe('canaries on the data API, and live validation', () => {
  let t: TestApp;
  let editor: Awaited<ReturnType<TestApp['signInAs']>>;
  beforeAll(async () => {
    t = await TestApp.start({ HEALTH_SCHEDULER: 'off' });
    editor = await t.signInAs(['editor']);
  });
  afterAll(() => t?.stop());

  const checksOf = async (canaryId: string) =>
    (
      await t.pool.query(`select type, name, spec->>'endpoint' endpoint, deleted_at is not null deleted from checks where canary_id = $1 order by name`, [
        canaryId,
      ])
    ).rows;

  it('POST /api/db/canaries validates the spec and writes the checks in the same transaction', async () => {
    const res = await editor.agent
      .post('/api/db/canaries')
      .set('x-csrf-token', editor.csrf)
      .set('Prefer', 'return=representation')
      .send({ name: 'db-made', namespace: 'ops', spec: { schedule: '@every 1m', tcp: [{ name: 'pg', endpoint: '127.0.0.1:5432' }] } })
      .expect(201);
    const id = res.body[0].id;
    expect(res.body[0].schedule).toBeNull(); // the representation is the row as inserted; the sync sets schedule after
    expect((await t.pool.query(`select schedule from canaries where id = $1`, [id])).rows[0].schedule).toBe('@every 1m');
    expect(await checksOf(id)).toEqual([{ type: 'tcp', name: 'pg', endpoint: '127.0.0.1:5432', deleted: false }]);
    // the settings list's Job Status is the last sync of the checks
    const listed = await editor.agent.get(`/api/db/canaries_with_status?id=eq.${id}&select=job_name,job_status,job_details`).expect(200);
    expect(listed.body[0]).toEqual({ job_name: 'SyncCanary', job_status: 'SUCCESS', job_details: { checks: ['tcp/pg'], removed: 0 } });
  });

  it('answers 400 naming the field and saves nothing when the spec is invalid', async () => {
    const before = Number((await t.pool.query(`select count(*) n from canaries`)).rows[0].n);
    const res = await editor.agent
      .post('/api/db/canaries')
      .set('x-csrf-token', editor.csrf)
      .send({ name: 'db-bad', spec: { http: [{ name: 'no-url' }] } })
      .expect(400);
    expect(res.body.message).toBe('spec.http[0].url: required');
    // the rows the validation runs on are found by their write time, which a client cannot set
    await editor.agent
      .post('/api/db/canaries')
      .set('x-csrf-token', editor.csrf)
      .send({ name: 'db-sneaky', updated_at: '2000-01-01T00:00:00Z', spec: { http: [{ name: 'no-url' }] } })
      .expect(403)
      .expect((r) => expect(r.body.message).toContain('updated_at'));
    expect(Number((await t.pool.query(`select count(*) n from canaries`)).rows[0].n)).toBe(before);
  });

  it('PATCH re-syncs the checks; a soft delete retires them; checks themselves are read-only', async () => {
    const res = await editor.agent
      .post('/api/db/canaries')
      .set('x-csrf-token', editor.csrf)
      .set('Prefer', 'return=representation')
      .send({
        name: 'db-patch',
        spec: {
          tcp: [
            { name: 'a', endpoint: '127.0.0.1:1' },
            { name: 'b', endpoint: '127.0.0.1:2' },
          ],
        },
      })
      .expect(201);
    const id = res.body[0].id;
    await editor.agent
      .patch(`/api/db/canaries?id=eq.${id}`)
      .set('x-csrf-token', editor.csrf)
      .send({ spec: { tcp: [{ name: 'a', endpoint: '127.0.0.1:3' }] } })
      .expect(204);
    expect(await checksOf(id)).toEqual([
      { type: 'tcp', name: 'a', endpoint: '127.0.0.1:3', deleted: false },
      { type: 'tcp', name: 'b', endpoint: '127.0.0.1:2', deleted: true },
    ]);
    await editor.agent.patch(`/api/db/canaries?id=eq.${id}`).set('x-csrf-token', editor.csrf).send({ deleted_at: new Date().toISOString() }).expect(204);
    expect((await checksOf(id)).every((c: { deleted: boolean }) => c.deleted)).toBe(true);
    await editor.agent.patch(`/api/db/checks?canary_id=eq.${id}`).set('x-csrf-token', editor.csrf).send({ name: 'x' }).expect(405);
  });

  it('POST /api/canaries/validate places each problem on its line and saves nothing', async () => {
    const yaml = [
      'apiVersion: canaries.flanksource.com/v1',
      'kind: Canary',
      'metadata:',
      '  name: v',
      'spec:',
      '  schedule: "@every 30s"',
      '  http:',
      '    - name: web',
      '      method: 12',
      '',
    ].join('\n');
    const res = await editor.agent.post('/api/canaries/validate').set('x-csrf-token', editor.csrf).send({ yaml }).expect(200);
    expect(res.body.errors).toEqual([
      // url is missing: the problem points at its check's first line
      { message: 'spec.http[0].url: required', path: 'spec.http[0].url', line: 8, column: 7 },
      { message: 'spec.http[0].method: must be an HTTP method', path: 'spec.http[0].method', line: 9, column: 7 },
    ]);
    const syntax = await editor.agent
      .post('/api/canaries/validate')
      .set('x-csrf-token', editor.csrf)
      .send({ yaml: 'metadata:\n  name: x\n bad: [' })
      .expect(200);
    expect(syntax.body.errors[0]).toMatchObject({ line: 3 });
    const ok = await editor.agent
      .post('/api/canaries/validate')
      .set('x-csrf-token', editor.csrf)
      .send({ yaml: yaml.replace('      method: 12', '      url: http://127.0.0.1:1/') })
      .expect(200);
    expect(ok.body.errors).toEqual([]);
    expect(Number((await t.pool.query(`select count(*) n from canaries where name = 'v'`)).rows[0].n)).toBe(0);
  });
});
