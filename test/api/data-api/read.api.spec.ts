import { ID, startDataApiApp, type DataApiTestApp } from './fixture';

/** Reading through /api/db: operators, select, embeds, order, paging and counts on a real Postgres. */
describe('data API reads', () => {
  let t: DataApiTestApp;
  beforeAll(async () => {
    t = await startDataApiApp();
  });
  afterAll(() => t?.stop());

  const titles = async (query: string): Promise<string[]> => {
    const res = await t.as().get(`/api/db/incidents?select=title&order=title.asc&${query}`).expect(200);
    return (res.body as Array<{ title: string }>).map((r) => r.title);
  };

  describe('operators', () => {
    it.each([
      ['eq', 'status=eq.closed', ['Old certificate, expired']],
      ['neq', 'status=neq.open', ['Disk almost full', 'Old certificate, expired']],
      ['gt', 'priority=gt.2', ['Old certificate, expired']],
      ['gte', 'priority=gte.2', ['Checkout latency', 'Old certificate, expired']],
      ['lt', 'priority=lt.2', ['API outage']],
      ['lte', 'priority=lte.2', ['API outage', 'Checkout latency']],
      ['like', 'title=like.*latency', ['Checkout latency']],
      ['ilike', 'title=ilike.*DISK*', ['Disk almost full']],
      ['in', 'severity=in.(critical,low)', ['API outage', 'Old certificate, expired']],
      ['in with a quoted comma', `title=in.("Old certificate, expired",nothing)`, ['Old certificate, expired']],
      ['is.null', 'priority=is.null', ['Disk almost full']],
      ['is.not_null', 'commander_id=is.not_null&priority=gte.2', ['Checkout latency', 'Old certificate, expired']],
      ['cs on an array', 'tags=cs.{prod,api}', ['API outage']],
      ['cd on an array', 'tags=cd.{prod,api,staging}&tags=neq.{}', ['API outage', 'Checkout latency']],
      ['cs on jsonb', `labels=cs.${encodeURIComponent('{"env":"staging"}')}`, ['Disk almost full']],
      ['not', 'status=not.in.(open,investigating)', ['Old certificate, expired']],
      ['not.is.null', 'priority=not.is.null&severity=eq.high', ['Checkout latency']],
      ['repeated keys', 'priority=gt.1&priority=lt.3', ['Checkout latency']],
      ['a JSON path', `${encodeURIComponent('labels->>env')}=eq.staging`, ['Disk almost full']],
      ['a nested JSON path', `${encodeURIComponent('labels->owner->>team')}=eq.platform`, ['API outage']],
    ])('filters with %s', async (_, query, expected) => {
      expect(await titles(query)).toEqual(expected);
    });

    it('combines or=, and= and not.or= with nesting', async () => {
      expect(await titles(`or=(${encodeURIComponent('severity.eq.medium,and(status.eq.open,priority.gt.1)')})`)).toEqual([
        'Checkout latency',
        'Disk almost full',
      ]);
      expect(await titles(`not.or=(status.eq.open,status.eq.investigating)`)).toEqual(['Old certificate, expired']);
      expect(await titles(`and=(status.eq.open,or(title.ilike.*api*,title.ilike.*checkout*))&priority=eq.1`)).toEqual(['API outage']);
    });

    it('answers the catalogue or-search over several columns', async () => {
      expect(await titles(`or=(title.ilike.*cert*,type.ilike.*cert*,description.ilike.*cert*)`)).toEqual(['Old certificate, expired']);
    });
  });

  describe('select and embeds', () => {
    it('answers the responder list of the spec with team and person embedded', async () => {
      const res = await t
        .as()
        .get(
          `/api/db/responders?incident_id=eq.${ID.outage}&select=*,team:team_id(id,name,icon,spec),person:person_id(id,name,avatar)&deleted_at=is.null&order=type.desc`,
        )
        .expect(200);
      expect(res.body).toHaveLength(2);
      expect(res.body[0]).toMatchObject({
        id: ID.teamResponder,
        type: 'jira',
        properties: { responderType: 'jira' },
        team: { id: ID.platform, name: 'Platform', icon: 'kubernetes', spec: { responder_clients: { jira: true } } },
        person: null,
      });
      expect(res.body[1]).toMatchObject({ id: ID.personResponder, team: null, person: { id: ID.bob, name: 'Bob', avatar: null } });
      expect(Object.keys(res.body[1].person)).toEqual(['id', 'name', 'avatar']);
    });

    it('selects columns with aliases, casts and JSON paths', async () => {
      const res = await t
        .as()
        .get(
          `/api/db/incidents?id=eq.${ID.outage}&select=${encodeURIComponent('name:title,priority::text,labels->>app,team:labels->owner->>team,labels->owner')}`,
        )
        .expect(200);
      expect(res.body).toEqual([{ name: 'API outage', priority: '1', app: 'api', team: 'platform', owner: { team: 'platform' } }]);
    });

    it('nests one-to-many embeds with their own filter, order and limit', async () => {
      const res = await t
        .as()
        .get(`/api/db/incidents?id=eq.${ID.outage}&select=title,hypotheses(title,evidences(description))&hypotheses.order=title.asc&hypotheses.limit=1`)
        .expect(200);
      expect(res.body).toEqual([{ title: 'API outage', hypotheses: [{ title: 'API outage', evidences: [] }] }]);
    });

    it('filters parents by an embedded resource only with !inner, as the incident list does', async () => {
      const component = `hypotheses.evidences.component_id=eq.${ID.component}`;
      const loose = await t.as().get(`/api/db/incidents?select=id,hypotheses(id,evidences(id))&${component}`).expect(200);
      expect(loose.body).toHaveLength(4);
      const inner = await t
        .as()
        .get(`/api/db/incidents?select=id,hypotheses!inner(id,evidences!inner(id))&${component}`)
        .set('Prefer', 'count=exact')
        .expect(200);
      expect(inner.body.map((i: { id: string }) => i.id)).toEqual([ID.outage]);
      expect(inner.body[0].hypotheses).toEqual([{ id: ID.childHypothesis, evidences: [{ id: ID.evidence }] }]);
      expect(inner.headers['content-range']).toBe('0-0/1');
    });

    it('embeds created_by and hinted foreign keys, and lists the choices when ambiguous', async () => {
      const res = await t.as().get(`/api/db/incidents?id=eq.${ID.closed}&select=title,created_by(name),commander:people!commander_id(name)`).expect(200);
      expect(res.body).toEqual([{ title: 'Old certificate, expired', created_by: { name: 'Bob' }, commander: { name: 'Carol' } }]);
      const ambiguous = await t.as().get('/api/db/incidents?select=title,people(name)').expect(300);
      expect(ambiguous.body).toMatchObject({ code: 'PGRST201' });
      expect(ambiguous.body.hint).toContain("'people!commander_id'");
    });

    it('embeds from a view through its base-table keys and declared relations', async () => {
      const res = await t
        .as()
        .get(
          `/api/db/incident_summary?id=eq.${ID.outage}&select=title,hypothesis_count,commander_id(name),boss:commander(name),hypotheses(title)&hypotheses.order=title`,
        )
        .expect(200);
      expect(res.body).toEqual([
        {
          title: 'API outage',
          hypothesis_count: 2,
          commander_id: { name: 'Alice' },
          boss: { name: 'Alice' },
          hypotheses: [{ title: 'API outage' }, { title: 'Bad deploy' }],
        },
      ]);
    });

    it('filters with an empty embed and embed=not.is.null without adding it to the output', async () => {
      const res = await t.as().get('/api/db/responders?select=id,team:team_id()&team.name=eq.Platform&team=not.is.null').expect(200);
      expect(res.body).toEqual([{ id: ID.teamResponder }]);
    });

    it('never shows hidden columns, and treats them as unknown', async () => {
      const res = await t.as().get('/api/db/people?select=*&order=name').expect(200);
      expect(res.body[0]).not.toHaveProperty('password_hash');
      const named = await t.as().get('/api/db/people?select=password_hash').expect(400);
      expect(named.body).toEqual({ code: '42703', message: 'column people.password_hash does not exist', details: null, hint: null });
      await t.as().get('/api/db/people?password_hash=eq.secret-hash-a').expect(400);
      const embedded = await t.as().get('/api/db/incidents?select=created_by(password_hash)').expect(400);
      expect(embedded.body.code).toBe('42703');
    });
  });

  describe('order, paging and counts', () => {
    it('orders by several columns with null placement', async () => {
      const res = await t.as().get('/api/db/incidents?select=priority,title&order=priority.desc.nullsfirst,title').expect(200);
      expect(res.body.map((r: { priority: number | null }) => r.priority)).toEqual([null, 3, 2, 1]);
      const json = await t
        .as()
        .get(`/api/db/incidents?select=title&order=${encodeURIComponent('labels->>app')}.asc&limit=1`)
        .expect(200);
      expect(json.body).toEqual([{ title: 'API outage' }]);
    });

    it('answers Content-Range with the exact count and 206 for a partial page', async () => {
      const res = await t.as().get('/api/db/incidents?select=id&order=created_at&limit=2&offset=1').set('Prefer', 'count=exact').expect(206);
      expect(res.headers['content-range']).toBe('1-2/4');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['preference-applied']).toBe('count=exact');
      expect(res.body).toHaveLength(2);
    });

    it('answers 200 with the full count when the page holds every row, */0 when empty and /* without a count', async () => {
      const all = await t.as().get('/api/db/incidents?select=id').set('Prefer', 'count=exact').expect(200);
      expect(all.headers['content-range']).toBe('0-3/4');
      const none = await t.as().get('/api/db/incidents?status=eq.nothing').set('Prefer', 'count=exact').expect(200);
      expect(none.headers['content-range']).toBe('*/0');
      expect(none.body).toEqual([]);
      const uncounted = await t.as().get('/api/db/incidents?select=id&limit=2').expect(200);
      expect(uncounted.headers['content-range']).toBe('0-1/*');
    });

    it('pages with the Range header and refuses an offset past the end with 416', async () => {
      const ranged = await t.as().get('/api/db/incidents?select=id&order=created_at').set('Range-Unit', 'items').set('Range', '1-2').expect(200);
      expect(ranged.headers['content-range']).toBe('1-2/*');
      expect(ranged.body.map((r: { id: string }) => r.id)).toEqual([ID.latency, ID.disk]);
      const past = await t.as().get('/api/db/incidents?offset=10').set('Prefer', 'count=exact').expect(416);
      expect(past.body).toMatchObject({ code: 'PGRST103' });
    });

    it('answers HEAD with the headers only', async () => {
      const res = await t.as().head('/api/db/incidents?status=eq.open').set('Prefer', 'count=exact').expect(200);
      expect(res.headers['content-range']).toBe('0-1/2');
      expect(res.text ?? '').toBe('');
    });

    it('answers one object for Accept: application/vnd.pgrst.object+json, 406 otherwise', async () => {
      const one = await t.as().get(`/api/db/teams?id=eq.${ID.platform}&select=name`).set('Accept', 'application/vnd.pgrst.object+json').expect(200);
      expect(one.body).toEqual({ name: 'Platform' });
      const many = await t.as().get('/api/db/teams?select=name').set('Accept', 'application/vnd.pgrst.object+json').expect(406);
      expect(many.body).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
    });
  });

  describe('bad requests', () => {
    it.each([
      ['a filter without operator', '/api/db/incidents?status=open', 'PGRST100'],
      ['an unknown operator', '/api/db/incidents?status=like2.open', 'PGRST100'],
      ['a broken select', '/api/db/incidents?select=id,(', 'PGRST100'],
      ['a bad limit', '/api/db/incidents?limit=abc', 'PGRST100'],
      ['an unknown column', '/api/db/incidents?nope=eq.1', '42703'],
      ['an unknown embed', '/api/db/incidents?select=*,nothing(*)', 'PGRST200'],
      ['a filter on an embed not selected', '/api/db/incidents?hypotheses.title=eq.x', 'PGRST108'],
      ['a value of the wrong type', '/api/db/incidents?id=eq.not-a-uuid', '22P02'],
      ['ilike on a uuid column', '/api/db/incidents?id=ilike.*1*', '42883'],
    ])('answers 400 in PostgREST shape for %s', async (_, url, code) => {
      const res = await t.as().get(url).expect(400);
      expect(Object.keys(res.body).sort()).toEqual(['code', 'details', 'hint', 'message']);
      expect(res.body.code).toBe(code);
      expect(res.body.message).not.toMatch(/SELECT|FROM|t0\./);
    });
  });
});
