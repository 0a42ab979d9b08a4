import { Global, Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { APP_CONFIG, loadConfig } from '@gateway/core/config/app-config';
import { DATA_API_DB, Db, PG_POOL } from '@gateway/core/database/db.service';
import { PluginHostModule } from '@gateway/core/plugin-host/plugin-host.module';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { DataApiModule, DATA_API_RESOURCES, FEATURE_GATE, type DataApiResourceProvider } from '@gateway/core/data-api';
import { ID, TestFeatureGate, startDataApiApp, type DataApiTestApp } from './fixture';

/** Who may do what: RBAC per resource, feature flags, row scope, read-only resources and unknown names. */
describe('data API access', () => {
  let t: DataApiTestApp;
  beforeAll(async () => {
    t = await startDataApiApp();
  });
  afterAll(() => t?.stop());

  describe('RBAC', () => {
    it('lets a viewer read incidents but not write them', async () => {
      await t.as('viewer').get('/api/db/incidents?select=id').expect(200);
      const res = await t.as('viewer').post('/api/db/incidents').send({ title: 'nope' }).expect(403);
      expect(res.body).toEqual({ code: '42501', message: 'permission denied for incidents', details: null, hint: null });
      await t.as('viewer').patch(`/api/db/incidents?id=eq.${ID.outage}`).send({ status: 'closed' }).expect(403);
      await t.as('viewer').delete(`/api/db/incidents?id=eq.${ID.outage}`).expect(403);
      const { rows } = await t.pool.query('select status from incidents where id = $1', [ID.outage]);
      expect(rows[0].status).toBe('open');
    });

    it('lets a commander write incident resources but not read or write connections', async () => {
      await t.as('commander').patch(`/api/db/incidents?id=eq.${ID.closed}`).send({ description: 'renewed' }).expect(204);
      await t.as('commander').get('/api/db/connections').expect(403);
      const res = await t.as('commander').post('/api/db/connections').send({ name: 'x', type: 'http' }).expect(403);
      expect(res.body.message).toBe('permission denied for connections');
    });

    it('treats no role as viewer and merges several roles', async () => {
      await t.as('').get('/api/db/incidents?select=id').expect(200);
      await t.as('').post('/api/db/comments').send({ incident_id: ID.outage, comment: 'x' }).expect(403);
      await t.as('viewer,responder').post('/api/db/comments').send({ incident_id: ID.outage, comment: 'merged' }).expect(201);
    });

    it('checks read permission on every embedded resource', async () => {
      const res = await t.as('commander').get('/api/db/people?select=name,connections(name)').expect(403);
      expect(res.body.message).toBe('permission denied for connections');
      const admin = await t.as('admin').get(`/api/db/people?id=eq.${ID.alice}&select=name,connections(name,password)`).expect(400);
      expect(admin.body.code).toBe('42703');
    });

    it('answers 401 without a principal', async () => {
      const res = await t.as().get('/api/db/incidents').set('x-test-anonymous', '1').expect(401);
      expect(res.body.code).toBe('PGRST302');
    });
  });

  describe('feature flags', () => {
    afterEach(() => t.gate.disabled.clear());

    it('answers 403 naming the feature while it is disabled, for reads, embeds and rpc', async () => {
      t.gate.disabled.add('incidents');
      const res = await t.as().get('/api/db/incidents').expect(403);
      expect(res.body).toMatchObject({ code: '42501', message: "permission denied for incidents: the feature 'incidents' is disabled" });
      await t.as().get('/api/db/hypotheses?select=title,incidents(title)').expect(403);
      await t.as().post('/api/db/rpc/close_incident').send({ p_id: ID.outage }).expect(403);
      await t.as().get('/api/db/hypotheses?select=title').expect(200);
    });

    it('gates a resource behind its own feature', async () => {
      await t.as().get('/api/db/playbook_teams?select=name').expect(200);
      t.gate.disabled.add('playbooks');
      const res = await t.as().get('/api/db/playbook_teams?select=name').expect(403);
      expect(res.body.message).toContain("'playbooks'");
    });
  });

  describe('row scope', () => {
    it('shows and counts only the rows the scope allows', async () => {
      const res = await t.as('responder', ID.bob).get('/api/db/my_comments?select=comment').set('Prefer', 'count=exact').expect(200);
      expect(res.body).toEqual([{ comment: 'me too' }]);
      expect(res.headers['content-range']).toBe('0-0/1');
    });

    it('never updates or deletes rows outside the scope', async () => {
      await t.as('responder', ID.bob).patch(`/api/db/my_comments?id=eq.${ID.aliceComment}`).send({ comment: 'hijacked' }).expect(204);
      await t.as('responder', ID.bob).delete(`/api/db/my_comments?id=eq.${ID.aliceComment}`).expect(204);
      const { rows } = await t.pool.query('select comment from comments where id = $1', [ID.aliceComment]);
      expect(rows).toEqual([{ comment: 'looking' }]);
    });

    it('rolls back a write whose new rows fall outside the scope', async () => {
      // The scope is created_by = the principal, and created_by is forced on insert, so inserts pass...
      await t.as('responder', ID.bob).post('/api/db/my_comments').send({ incident_id: ID.outage, comment: 'mine' }).expect(201);
      // ...but moving a row out of the scope with an update is refused and undone.
      const before = await t.count('comments');
      await t.pool.query(`create or replace function forge() returns trigger language plpgsql as $$ begin new.created_by := '${ID.carol}'; return new; end $$`);
      await t.pool.query("create trigger forge before update on comments for each row when (new.comment = 'forge') execute function forge()");
      const res = await t.as('responder', ID.bob).patch(`/api/db/my_comments?id=eq.${ID.bobComment}`).send({ comment: 'forge' }).expect(403);
      expect(res.body.code).toBe('42501');
      const { rows } = await t.pool.query('select comment, created_by from comments where id = $1', [ID.bobComment]);
      expect(rows[0]).toEqual({ comment: 'me too', created_by: ID.bob });
      expect(await t.count('comments')).toBe(before);
    });
  });

  describe('resources that do not exist or cannot be written', () => {
    it('answers 404 in PostgREST shape for an unregistered table, even one that exists', async () => {
      for (const name of ['nothing', 'pg_class', 'team_memberz']) {
        const res = await t.as().get(`/api/db/${name}`).expect(404);
        expect(res.body).toEqual({ code: 'PGRST205', message: `Could not find the table 'public.${name}' in the schema cache`, details: null, hint: null });
      }
    });

    it('answers 405 to writes on read-only resources and to PUT', async () => {
      const res = await t.as().post('/api/db/people').send({ name: 'x', email: 'x@test.local' }).expect(405);
      expect(res.body).toMatchObject({ code: 'PGRST117' });
      await t.as().patch('/api/db/incident_summary?id=eq.x').send({ title: 'x' }).expect(405);
      await t.as().delete(`/api/db/people?id=eq.${ID.carol}`).expect(405);
      await t.as().put(`/api/db/teams?id=eq.${ID.platform}`).send({ name: 'x' }).expect(405);
      expect(await t.count('people')).toBe(3);
    });
  });

  it('uses a body the app already parsed', async () => {
    const parsed = await startDataApiApp({ bodyParser: true });
    try {
      const res = await parsed.as().post('/api/db/teams?select=name').set('Prefer', 'return=representation').send({ name: 'Parsed' }).expect(201);
      expect(res.body).toEqual([{ name: 'Parsed' }]);
    } finally {
      await parsed.stop();
    }
  });
});

describe('data API registration', () => {
  @Extension(DATA_API_RESOURCES, 'fixture-1')
  @Injectable()
  class IncidentsPluginResources implements DataApiResourceProvider {
    resources() {
      return [{ name: 'incidents', read: 'incident' as const }];
    }
  }

  @Extension(DATA_API_RESOURCES, 'fixture-2')
  @Injectable()
  class CopycatPluginResources implements DataApiResourceProvider {
    resources() {
      return [{ name: 'incidents', read: 'incident' as const }];
    }
  }

  it('fails at start when two providers register the same name, naming both', async () => {
    const pool = { query: jest.fn(), end: async () => undefined };
    @Global()
    @Module({
      providers: [
        { provide: PG_POOL, useValue: pool },
        Db,
        { provide: DATA_API_DB, useExisting: Db },
        { provide: APP_CONFIG, useValue: loadConfig({}) },
        { provide: FEATURE_GATE, useValue: new TestFeatureGate() },
      ],
      exports: [Db, DATA_API_DB, APP_CONFIG, FEATURE_GATE],
    })
    class Infra {}
    const moduleRef = await Test.createTestingModule({
      imports: [Infra, PluginHostModule, DataApiModule],
      providers: [IncidentsPluginResources, CopycatPluginResources],
    }).compile();
    const app = moduleRef.createNestApplication({ logger: false });
    await expect(app.init()).rejects.toThrow("Data API resource 'incidents' is registered by both IncidentsPluginResources and CopycatPluginResources");
    expect(pool.query).not.toHaveBeenCalled();
  });
});
