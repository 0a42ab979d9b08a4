import { ID, startDataApiApp, type DataApiTestApp } from './fixture';

/** Writing through /api/db: POST (single, bulk, upsert), PATCH and DELETE with filters and representation. */
describe('data API writes', () => {
  let t: DataApiTestApp;
  beforeAll(async () => {
    t = await startDataApiApp();
  });
  afterAll(() => t?.stop());

  describe('POST', () => {
    it('creates a row and answers 201 with an empty body by default', async () => {
      const res = await t.as().post('/api/db/teams').send({ name: 'Networking', icon: 'net' }).expect(201);
      expect(res.text).toBe('');
      expect(res.headers['content-range']).toBe('*/*');
      expect(await t.count('teams', "name = 'Networking'")).toBe(1);
    });

    it('answers the created rows shaped by select with return=representation, as the responder form needs', async () => {
      const res = await t
        .as('responder')
        .post('/api/db/responders?select=*,team:team_id(name)')
        .set('Prefer', 'return=representation')
        .send({ type: 'jira', incident_id: ID.latency, team_id: ID.database, properties: { responderType: 'jira', project: 'OPS' } })
        .expect(201);
      expect(res.body).toEqual([
        expect.objectContaining({ type: 'jira', team_id: ID.database, properties: { responderType: 'jira', project: 'OPS' }, team: { name: 'Database' } }),
      ]);
    });

    it('sets created_by from the signed-in person, whatever the body says', async () => {
      const res = await t
        .as('commander', ID.carol)
        .post('/api/db/incidents?select=id,created_by')
        .set('Prefer', 'return=representation')
        .send({ title: 'Forged author', created_by: ID.bob, commander_id: ID.carol })
        .expect(201);
      expect(res.body[0].created_by).toBe(ID.carol);
    });

    it('inserts arrays in one request, with the union of keys and defaults for missing ones', async () => {
      const res = await t
        .as()
        .post('/api/db/hypotheses?select=title,status,type')
        .set('Prefer', 'return=representation, count=exact')
        .send([
          { incident_id: ID.disk, title: 'Log volume', status: 'likely' },
          { incident_id: ID.disk, title: 'Backups', type: 'root' },
        ])
        .expect(201);
      expect(res.body).toEqual([
        { title: 'Log volume', status: 'likely', type: 'factor' },
        { title: 'Backups', status: 'possible', type: 'root' },
      ]);
      expect(res.headers['content-range']).toBe('*/2');
    });

    it('adds team members in bulk as the team page does, and writes only columns= when given', async () => {
      await t
        .as()
        .post('/api/db/team_members?columns=team_id,person_id')
        .send([
          { team_id: ID.platform, person_id: ID.alice, ignored: 'x' },
          { team_id: ID.platform, person_id: ID.bob },
        ])
        .expect(201);
      expect(await t.count('team_members', `team_id = '${ID.platform}'`)).toBe(2);
    });

    it('upserts with resolution=merge-duplicates and skips with ignore-duplicates', async () => {
      const merged = await t
        .as()
        .post('/api/db/teams?select=name,icon')
        .set('Prefer', 'return=representation,resolution=merge-duplicates')
        .send({ id: ID.database, name: 'Database', icon: 'pg' })
        .expect(201);
      expect(merged.body).toEqual([{ name: 'Database', icon: 'pg' }]);
      await t.as().post('/api/db/teams?on_conflict=name').set('Prefer', 'resolution=ignore-duplicates').send({ name: 'Database', icon: 'other' }).expect(201);
      const { rows } = await t.pool.query('select icon from teams where id = $1', [ID.database]);
      expect(rows[0].icon).toBe('pg');
    });

    it('accepts now() for timestamp columns', async () => {
      const res = await t
        .as()
        .post('/api/db/teams?select=deleted_at')
        .set('Prefer', 'return=representation')
        .send({ name: 'Retired', deleted_at: 'now()' })
        .expect(201);
      expect(Date.now() - Date.parse(res.body[0].deleted_at)).toBeLessThan(60_000);
    });

    it('answers an empty array with an empty array', async () => {
      const res = await t.as().post('/api/db/teams').set('Prefer', 'return=representation').send([]).expect(201);
      expect(res.body).toEqual([]);
    });

    it('answers one object for Accept: application/vnd.pgrst.object+json', async () => {
      const res = await t
        .as()
        .post('/api/db/teams?select=name')
        .set('Prefer', 'return=representation')
        .set('Accept', 'application/vnd.pgrst.object+json')
        .send({ name: 'Singular' })
        .expect(201);
      expect(res.body).toEqual({ name: 'Singular' });
    });
  });

  describe('PATCH and DELETE', () => {
    it('soft-deletes a responder with {deleted_at: now()} and answers 204', async () => {
      await t.as('responder').patch(`/api/db/responders?id=eq.${ID.personResponder}`).send({ deleted_at: 'now()' }).expect(204);
      const { rows } = await t.pool.query('select deleted_at from responders where id = $1', [ID.personResponder]);
      expect(rows[0].deleted_at).toBeInstanceOf(Date);
      const listed = await t.as().get(`/api/db/responders?incident_id=eq.${ID.outage}&deleted_at=is.null&select=id`).expect(200);
      expect(listed.body).toEqual([{ id: ID.teamResponder }]);
    });

    it('updates the rows matching the filters and returns them with return=representation', async () => {
      const res = await t
        .as('commander')
        .patch(`/api/db/incidents?id=eq.${ID.disk}&select=status,severity,title_length`)
        .set('Prefer', 'return=representation, count=exact')
        .send({ status: 'mitigated', severity: 'high' })
        .expect(200);
      expect(res.body).toEqual([{ status: 'mitigated', severity: 'high', title_length: 16 }]);
      expect(res.headers['content-range']).toBe('0-0/1');
    });

    it('ignores created_by in a PATCH body', async () => {
      await t.as().patch(`/api/db/incidents?id=eq.${ID.latency}`).send({ created_by: ID.carol, description: 'slow' }).expect(204);
      const { rows } = await t.pool.query('select created_by, description from incidents where id = $1', [ID.latency]);
      expect(rows[0]).toEqual({ created_by: ID.bob, description: 'slow' });
    });

    it('deletes by a list of ids and returns the deleted rows on request', async () => {
      const created = await t
        .as()
        .post('/api/db/hypotheses?select=id')
        .set('Prefer', 'return=representation')
        .send([
          { incident_id: ID.closed, title: 'one' },
          { incident_id: ID.closed, title: 'two' },
        ])
        .expect(201);
      const ids = created.body.map((h: { id: string }) => h.id).join(',');
      const res = await t.as().delete(`/api/db/hypotheses?id=in.(${ids})&select=title`).set('Prefer', 'return=representation').expect(200);
      expect(res.body.map((h: { title: string }) => h.title).sort()).toEqual(['one', 'two']);
      expect(await t.count('hypotheses', `incident_id = '${ID.closed}'`)).toBe(0);
      await t.as().delete(`/api/db/hypotheses?id=eq.${ID.evidence}`).expect(204);
    });

    it('refuses PATCH and DELETE without a filter and changes nothing', async () => {
      const before = await t.count('teams');
      const patch = await t.as().patch('/api/db/teams').send({ icon: 'x' }).expect(400);
      expect(patch.body).toMatchObject({ code: '21000', message: 'UPDATE requires a WHERE clause' });
      const del = await t.as().delete('/api/db/teams?select=name').expect(400);
      expect(del.body).toMatchObject({ code: '21000', message: 'DELETE requires a WHERE clause' });
      expect(await t.count('teams')).toBe(before);
      expect(await t.count('teams', "icon = 'x'")).toBe(0);
    });
  });

  describe('database errors', () => {
    it.each([
      ['a unique violation', 409, '23505', () => t.as().post('/api/db/teams').send({ name: 'Platform' })],
      ['a foreign-key violation', 409, '23503', () => t.as().post('/api/db/hypotheses').send({ incident_id: ID.alice, title: 'x' })],
      ['a check violation', 400, '23514', () => t.as().patch(`/api/db/incidents?id=eq.${ID.outage}`).send({ severity: 'apocalyptic' })],
      ['a not-null violation', 400, '23502', () => t.as().post('/api/db/teams').send({ icon: 'no-name' })],
      ['an invalid uuid', 400, '22P02', () => t.as().post('/api/db/hypotheses').send({ incident_id: 'nope', title: 'x' })],
      ['a bad timestamp', 400, '22007', () => t.as().patch(`/api/db/teams?id=eq.${ID.platform}`).send({ deleted_at: 'yesterday-ish' })],
    ])('answers %s with %i and the Postgres code, message and detail', async (_, status, code, send) => {
      const res = await send().expect(status);
      expect(Object.keys(res.body).sort()).toEqual(['code', 'details', 'hint', 'message']);
      expect(res.body.code).toBe(code);
      expect(res.body.message).not.toMatch(/INSERT|UPDATE|pgrst_mutation/);
    });

    it('names the conflicting key in details, without quoting the stored value', async () => {
      const res = await t.as().post('/api/db/teams').send({ name: 'Platform' }).expect(409);
      expect(res.body.details).toBe('Key (name) already exists.');
    });

    it.each([
      ['an unknown column', { name: 'x', nope: 1 }, 400, 'PGRST204'],
      ['a generated column', { title: 'x', title_length: 1 }, 403, '42501'],
    ])('refuses %s in the body', async (_, body, status, code) => {
      const res = await t.as().post('/api/db/incidents').send(body).expect(status);
      expect(res.body.code).toBe(code);
    });

    it('refuses columns the registration does not list as writable', async () => {
      const res = await t.as().post('/api/db/comments').send({ incident_id: ID.outage, comment: 'x', created_at: '2020-01-01' }).expect(403);
      expect(res.body).toMatchObject({ code: '42501', message: "permission denied to write column 'created_at' of comments" });
    });

    it('refuses bodies that are not objects', async () => {
      const scalar = await t.as().post('/api/db/teams').set('Content-Type', 'application/json').send('"just a string"').expect(400);
      expect(scalar.body).toMatchObject({ code: 'PGRST102' });
      await t
        .as()
        .post('/api/db/teams')
        .send([{ name: 'a' }, 1])
        .expect(400);
      await t
        .as()
        .patch(`/api/db/teams?id=eq.${ID.platform}`)
        .send([{ name: 'a' }])
        .expect(400);
      const empty = await t.as().post('/api/db/teams').expect(400);
      expect(empty.body.code).toBe('PGRST102');
      const malformed = await t.as().post('/api/db/teams').set('Content-Type', 'application/json').send('{"name": ').expect(400);
      expect(malformed.body).toMatchObject({ code: 'PGRST102', message: 'Empty or invalid json' });
    });
  });
});
