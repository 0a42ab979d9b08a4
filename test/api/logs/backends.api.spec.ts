import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Role } from '@contracts';
import { FeatureService } from '../../../gateway/src/core/features/feature.service';
import { TestApp, type SignedInAgent } from '../../support/test-app';

/**
 * Logging backends (spec 03 Log Backends) on the data API: a write's specs are judged by their type's plugin in the
 * same transaction (a 400 naming each problem, nothing saved), who may write them, the validate call, and the
 * `logs` feature flag.
 */
describe('logging backends', () => {
  let t: TestApp;
  let root: string;
  const who: Partial<Record<Role, SignedInAgent>> = {};

  beforeAll(async () => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'logs-backends-')));
    t = await TestApp.start({ LOG_FILE_ROOTS: root });
    for (const role of ['admin', 'editor', 'commander', 'responder', 'viewer'] as Role[]) who[role] = await t.signInAs([role]);
  });
  afterAll(async () => {
    await t?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const as = (role: Role) => who[role]!;
  const post = (role: Role, body: object) =>
    as(role).agent.post('/api/db/logging_backends').set('x-csrf-token', as(role).csrf).set('Prefer', 'return=representation').send(body);
  const count = async () => Number((await t.pool.query(`SELECT count(*) FROM logging_backends`)).rows[0].count);
  const good = { file: { path: 'app/*.log', format: 'json' } };

  it('lets admins and editors write backends; everyone else reads them', async () => {
    const created = await post('admin', { name: 'by-admin', spec: good }).expect(201);
    expect(created.body[0]).toMatchObject({ name: 'by-admin', spec: good });
    await post('editor', {
      name: 'by-editor',
      spec: { postgres: { connection: 'connection://logs', table: 'logs', timeColumn: 'at', messageColumn: 'msg' } },
    }).expect(201);
    for (const role of ['commander', 'responder', 'viewer'] as Role[]) {
      await post(role, { name: `by-${role}`, spec: good }).expect(403);
      const list = await as(role).agent.get('/api/db/logging_backends?select=name&deleted_at=is.null&order=name').expect(200);
      expect(list.body).toEqual([{ name: 'by-admin' }, { name: 'by-editor' }]);
      await as(role).agent.get('/api/db/logging_backends_with_status?select=name').expect(200);
    }
    expect(await count()).toBe(2);
  });

  it('refuses a bad spec with a 400 naming each problem, and saves nothing', async () => {
    const before = await count();
    const refused = async (spec: unknown) => {
      const res = await post('admin', { name: `bad-${Math.random().toString(36).slice(2, 8)}`, spec }).expect(400);
      expect(res.body.code).toBe('invalid_logging_backend');
      return res.body as { message: string; details: { problems: string[] } };
    };
    expect((await refused({})).details.problems).toEqual([expect.stringMatching(/^spec: names no backend type; use one of: .*file.*postgres/)]);
    expect((await refused({ file: {}, postgres: {} })).details.problems).toEqual([
      expect.stringMatching(/^spec: must have exactly one key, the backend type \(one of: .*\); found file, postgres$/),
    ]);
    expect((await refused({ syslog: { host: 'x' } })).details.problems).toEqual([
      expect.stringMatching(/^spec: unknown backend type 'syslog'; known types: .*file.*postgres/),
    ]);
    const file = await refused({ file: { path: ['/etc/passwd', 'ok.log'], pattern: '(?<message>.*' } });
    expect(file.details.problems).toEqual([
      expect.stringMatching(/^spec\.file\.path\[0\]: \/etc\/passwd is outside the folders log files may be read from \(.*; LOG_FILE_ROOTS\)$/),
      expect.stringMatching(/^spec\.file\.pattern: is not a valid regular expression/),
    ]);
    expect(file.message).toMatch(/^The logging backend 'bad-\w+' is not valid: spec\.file\.path\[0\]: .*; spec\.file\.pattern: /);
    expect((await refused({ postgres: { table: 'x; drop table y' } })).details.problems).toEqual([
      'spec.postgres.connection: required (a connection://name or a postgres:// URL; or url)',
      'spec.postgres.table: must be a table name, optionally schema-qualified (schema.table): letters, digits, _ and $',
      'spec.postgres.timeColumn: required',
      'spec.postgres.messageColumn: required',
    ]);
    // Several rows in one write: each problem names its row, and none of them is saved.
    const many = await as('admin')
      .agent.post('/api/db/logging_backends')
      .set('x-csrf-token', as('admin').csrf)
      .send([
        { name: 'fine', spec: good },
        { name: 'broken', spec: { file: { path: '' } } },
      ])
      .expect(400);
    expect(many.body.details.problems).toEqual(['broken: spec.file.path: required']);
    expect(await count()).toBe(before);
  });

  it('judges an update the same way and keeps the row as it was; a delete needs no valid spec', async () => {
    const id = (await post('editor', { name: 'to-edit', spec: good }).expect(201)).body[0].id;
    const patch = (body: object) => as('editor').agent.patch(`/api/db/logging_backends?id=eq.${id}`).set('x-csrf-token', as('editor').csrf).send(body);
    const res = await patch({ spec: { file: { path: '../outside.log' } } }).expect(400);
    expect(res.body.details.problems).toEqual(["spec.file.path: ../outside.log: '..' is not allowed"]);
    expect((await t.pool.query(`SELECT spec FROM logging_backends WHERE id = $1`, [id])).rows[0].spec).toEqual(good);
    await patch({ spec: { file: { path: 'other.log', format: 'text' } } }).expect((r) => expect(r.status).toBeLessThan(300));
    expect((await t.pool.query(`SELECT spec FROM logging_backends WHERE id = $1`, [id])).rows[0].spec).toEqual({ file: { path: 'other.log', format: 'text' } });
    // The written rows are found by their write time, which a client may not set.
    await patch({ updated_at: '2000-01-01T00:00:00Z', spec: { nope: {} } }).expect(403);
    // A row stored before the rules (straight into the table) can still be soft-deleted, and deleted.
    await t.pool.query(`UPDATE logging_backends SET spec = '{"nope": {}}' WHERE id = $1`, [id]);
    await patch({ deleted_at: new Date().toISOString() }).expect((r) => expect(r.status).toBeLessThan(300));
    expect((await t.pool.query(`SELECT deleted_at FROM logging_backends WHERE id = $1`, [id])).rows[0].deleted_at).not.toBeNull();
    await as('editor')
      .agent.delete(`/api/db/logging_backends?id=eq.${id}`)
      .set('x-csrf-token', as('editor').csrf)
      .expect((r) => expect(r.status).toBeLessThan(300));
    expect((await t.pool.query(`SELECT id FROM logging_backends WHERE id = $1`, [id])).rows).toEqual([]);
  });

  it('validates a spec without saving it, for whoever may read backends', async () => {
    const validate = (role: Role, spec: unknown) =>
      as(role).agent.post('/api/logs/backends/validate').set('x-csrf-token', as(role).csrf).send({ spec }).expect(200);
    expect((await validate('viewer', good)).body).toEqual({ errors: [] });
    expect((await validate('viewer', { file: { path: '/etc/*' } })).body.errors).toEqual([
      expect.stringMatching(/^spec\.file\.path: \/etc\/\* is outside the folders log files may be read from/),
    ]);
    expect((await validate('editor', 'file')).body.errors).toEqual([expect.stringMatching(/^spec: must be a map with one key, the backend type/)]);
    await t.http().post('/api/logs/backends/validate').send({ spec: good }).expect(401);
  });

  it('hides the logs routes and the backends while the logs feature is disabled', async () => {
    const component = (await t.pool.query(`INSERT INTO components (name, logs) VALUES ('c', '[{"name": "a", "backend": "by-admin"}]') RETURNING id`)).rows[0]
      .id;
    await as('viewer').agent.get('/api/logs/components').expect(200);
    await t.pool.query(`INSERT INTO properties (name, value) VALUES ('logs.disable', 'true')`);
    t.app.get(FeatureService).invalidate();
    try {
      const viewer = as('viewer');
      await viewer.agent.get('/api/logs/components').expect(403);
      await viewer.agent.get(`/api/logs/components/${component}`).expect(403);
      await viewer.agent.post('/api/logs').set('x-csrf-token', viewer.csrf).send({ id: component }).expect(403);
      await viewer.agent.post('/api/logs/backends/validate').set('x-csrf-token', viewer.csrf).send({ spec: good }).expect(403);
      await as('admin').agent.get('/api/db/logging_backends').expect(403);
      await post('admin', { name: 'while-disabled', spec: good }).expect(403);
    } finally {
      await t.pool.query(`DELETE FROM properties WHERE name = 'logs.disable'`);
      t.app.get(FeatureService).invalidate();
    }
    await as('viewer').agent.get('/api/logs/components').expect(200);
  });
});
