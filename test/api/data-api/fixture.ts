import { Global, Injectable, Module, type INestApplication, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { NextFunction, Request, Response } from 'express';
import { Pool } from 'pg';
import request from 'supertest';
import type { Feature } from '@contracts';
import { isRole } from '@contracts';
import { PluginHostModule } from '@gateway/core/plugin-host/plugin-host.module';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { APP_CONFIG, loadConfig } from '@gateway/core/config/app-config';
import { DATA_API_DB, Db, PG_POOL } from '@gateway/core/database/db.service';
import {
  DataApiModule,
  DataApiRegistry,
  DATA_API_RESOURCES,
  FEATURE_GATE,
  type DataApiResourceProvider,
  type DataApiResourceRegistration,
  type DataApiRpcRegistration,
  type FeatureGate,
} from '@gateway/core/data-api';
import { createTestDatabase, type TestDatabase } from '../../support/test-db';

/**
 * A small fixture schema of its own (not the product's migrations): people, teams, incidents with
 * hypotheses and evidences, responders, comments, connections, a view and a few functions.
 */
export const ID = {
  alice: '00000000-0000-4000-8000-0000000000a1',
  bob: '00000000-0000-4000-8000-0000000000b0',
  carol: '00000000-0000-4000-8000-0000000000c0',
  platform: '00000000-0000-4000-8000-000000000071',
  database: '00000000-0000-4000-8000-000000000072',
  outage: '00000000-0000-4000-8000-000000000101',
  latency: '00000000-0000-4000-8000-000000000102',
  disk: '00000000-0000-4000-8000-000000000103',
  closed: '00000000-0000-4000-8000-000000000104',
  rootHypothesis: '00000000-0000-4000-8000-000000000201',
  childHypothesis: '00000000-0000-4000-8000-000000000202',
  latencyHypothesis: '00000000-0000-4000-8000-000000000203',
  component: '00000000-0000-4000-8000-000000000301',
  otherComponent: '00000000-0000-4000-8000-000000000302',
  evidence: '00000000-0000-4000-8000-000000000401',
  teamResponder: '00000000-0000-4000-8000-000000000501',
  personResponder: '00000000-0000-4000-8000-000000000502',
  deletedResponder: '00000000-0000-4000-8000-000000000503',
  connection: '00000000-0000-4000-8000-000000000601',
  aliceComment: '00000000-0000-4000-8000-000000000701',
  bobComment: '00000000-0000-4000-8000-000000000702',
};

const SCHEMA = `
create table people (
  id uuid primary key default gen_random_uuid(), name text not null, email text not null unique,
  avatar text, password_hash text, created_at timestamptz not null default now());
create table teams (
  id uuid primary key default gen_random_uuid(), name text not null unique, icon text,
  spec jsonb not null default '{}', created_by uuid references people(id), deleted_at timestamptz);
create table incidents (
  id uuid primary key default gen_random_uuid(), title text not null, description text,
  type text not null default 'issue', status text not null default 'open',
  severity text not null default 'low' check (severity in ('low', 'medium', 'high', 'critical')),
  created_by uuid references people(id), commander_id uuid references people(id), communicator_id uuid references people(id),
  labels jsonb not null default '{}', tags text[] not null default '{}', priority int,
  title_length int generated always as (length(title)) stored,
  created_at timestamptz not null default now(), deleted_at timestamptz);
create table hypotheses (
  id uuid primary key default gen_random_uuid(), incident_id uuid not null references incidents(id) on delete cascade,
  parent_id uuid references hypotheses(id), title text not null, type text not null default 'factor',
  status text not null default 'possible', created_by uuid references people(id), created_at timestamptz not null default now());
create table evidences (
  id uuid primary key default gen_random_uuid(), hypothesis_id uuid not null references hypotheses(id) on delete cascade,
  component_id uuid, description text, type text, evidence jsonb, done boolean,
  definition_of_done boolean not null default false, created_by uuid references people(id));
create table comments (
  id uuid primary key default gen_random_uuid(), incident_id uuid not null references incidents(id) on delete cascade,
  hypothesis_id uuid references hypotheses(id), comment text not null, created_by uuid references people(id),
  created_at timestamptz not null default now());
create table responders (
  id uuid primary key default gen_random_uuid(), incident_id uuid not null references incidents(id) on delete cascade,
  type text not null, team_id uuid references teams(id), person_id uuid references people(id), properties jsonb,
  created_by uuid references people(id), created_at timestamptz not null default now(), deleted_at timestamptz);
create table connections (
  id uuid primary key default gen_random_uuid(), name text not null unique, type text not null, url text,
  password text, created_by uuid references people(id));
create table team_members (
  team_id uuid not null references teams(id), person_id uuid not null references people(id), primary key (team_id, person_id));
create view incident_summary as
  select i.id, i.title, i.status, i.severity, i.commander_id,
         (select count(*) from hypotheses h where h.incident_id = i.id)::int as hypothesis_count
    from incidents i where i.deleted_at is null;
create function incident_count(p_status text default null) returns integer language sql stable
  as $$ select count(*)::int from incidents where p_status is null or status = p_status $$;
create function incidents_with_severity(p_severity text) returns setof incidents language sql stable
  as $$ select * from incidents where severity = p_severity $$;
create function incident_titles() returns setof text language sql stable
  as $$ select title from incidents order by title $$;
create function close_incident(p_id uuid) returns incidents language sql volatile
  as $$ update incidents set status = 'closed' where id = p_id returning * $$;
create function forget_nothing(p_note text) returns void language plpgsql as $$ begin perform p_note; end $$;
`;

const SEED = `
insert into people (id, name, email, avatar, password_hash) values
  ('${ID.alice}', 'Alice', 'alice@test.local', 'a.png', 'secret-hash-a'),
  ('${ID.bob}', 'Bob', 'bob@test.local', null, 'secret-hash-b'),
  ('${ID.carol}', 'Carol', 'carol@test.local', 'c.png', null);
insert into teams (id, name, icon, spec) values
  ('${ID.platform}', 'Platform', 'kubernetes', '{"responder_clients": {"jira": true}}'),
  ('${ID.database}', 'Database', 'postgres', '{}');
insert into incidents (id, title, type, status, severity, created_by, commander_id, labels, tags, priority, created_at) values
  ('${ID.outage}', 'API outage', 'availability', 'open', 'critical', '${ID.alice}', '${ID.alice}', '{"app": "api", "env": "prod", "owner": {"team": "platform"}}', '{prod,api}', 1, '2024-01-01T00:00:00Z'),
  ('${ID.latency}', 'Checkout latency', 'performance', 'open', 'high', '${ID.bob}', '${ID.bob}', '{"app": "checkout", "env": "prod"}', '{prod}', 2, '2024-01-02T00:00:00Z'),
  ('${ID.disk}', 'Disk almost full', 'capacity', 'investigating', 'medium', '${ID.alice}', null, '{"app": "db", "env": "staging"}', '{staging,db}', null, '2024-01-03T00:00:00Z'),
  ('${ID.closed}', 'Old certificate, expired', 'security', 'closed', 'low', '${ID.bob}', '${ID.carol}', '{}', '{}', 3, '2024-01-04T00:00:00Z');
insert into hypotheses (id, incident_id, parent_id, title, type, status, created_by) values
  ('${ID.rootHypothesis}', '${ID.outage}', null, 'API outage', 'root', 'possible', '${ID.alice}'),
  ('${ID.childHypothesis}', '${ID.outage}', '${ID.rootHypothesis}', 'Bad deploy', 'factor', 'likely', '${ID.alice}'),
  ('${ID.latencyHypothesis}', '${ID.latency}', null, 'Checkout latency', 'root', 'possible', '${ID.bob}');
insert into evidences (id, hypothesis_id, component_id, description, type, evidence, done, definition_of_done) values
  ('${ID.evidence}', '${ID.childHypothesis}', '${ID.component}', 'pods restarting', 'log', '{"lines": 3}', false, true),
  (gen_random_uuid(), '${ID.latencyHypothesis}', '${ID.otherComponent}', 'slow queries', 'topology', null, null, false);
insert into responders (id, incident_id, type, team_id, person_id, properties, created_by, deleted_at) values
  ('${ID.teamResponder}', '${ID.outage}', 'jira', '${ID.platform}', null, '{"responderType": "jira"}', '${ID.alice}', null),
  ('${ID.personResponder}', '${ID.outage}', 'email', null, '${ID.bob}', '{"responderType": "email"}', '${ID.alice}', null),
  ('${ID.deletedResponder}', '${ID.outage}', 'email', null, '${ID.carol}', '{}', '${ID.alice}', now());
insert into connections (id, name, type, url, password, created_by) values
  ('${ID.connection}', 'prod-db', 'postgres', 'postgres://db', 'hunter2', '${ID.alice}');
insert into comments (id, incident_id, comment, created_by) values
  ('${ID.aliceComment}', '${ID.outage}', 'looking', '${ID.alice}'),
  ('${ID.bobComment}', '${ID.outage}', 'me too', '${ID.bob}');
`;

/** The product-side registrations a plugin would make, split over two providers to show ownership. */
@Extension(DATA_API_RESOURCES, 'fixture-1')
@Injectable()
export class IncidentDataApiResources implements DataApiResourceProvider {
  resources(): DataApiResourceRegistration[] {
    return [
      { name: 'people', read: 'incident', write: null, columns: ['id', 'name', 'email', 'avatar', 'created_at'] },
      { name: 'teams', read: 'incident', write: 'rbac', softDelete: true },
      { name: 'team_members', read: 'incident', write: 'rbac' },
      { name: 'incidents', read: 'incident', write: 'incident', feature: 'incidents', softDelete: true },
      { name: 'hypotheses', read: 'incident', write: 'incident' },
      { name: 'evidences', read: 'evidences', write: 'evidences' },
      { name: 'comments', read: 'comments', write: 'comments', writableColumns: ['id', 'incident_id', 'hypothesis_id', 'comment'] },
      { name: 'responders', read: 'responder', write: 'responder', softDelete: true },
      {
        name: 'incident_summary',
        kind: 'view',
        read: 'incident',
        relations: [
          { name: 'commander', resource: 'people', columns: ['commander_id'], foreignColumns: ['id'], cardinality: 'one' },
          { name: 'hypotheses', resource: 'hypotheses', columns: ['id'], foreignColumns: ['incident_id'], cardinality: 'many' },
        ],
      },
    ];
  }

  rpcs(): DataApiRpcRegistration[] {
    return [
      { name: 'incident_count', read: 'incident' },
      { name: 'incidents_with_severity', read: 'incident' },
      { name: 'incident_titles', read: 'incident' },
      { name: 'close_incident', read: 'incident', write: 'incident', feature: 'incidents' },
      { name: 'forget_nothing', read: 'incident', write: 'incident' },
      { name: 'close_incident_readonly', fn: 'close_incident', read: 'incident' },
    ];
  }
}

@Extension(DATA_API_RESOURCES, 'fixture-2')
@Injectable()
export class SettingsDataApiResources implements DataApiResourceProvider {
  resources(): DataApiResourceRegistration[] {
    return [
      { name: 'connections', read: 'connections', write: 'connections', columns: ['id', 'name', 'type', 'url', 'created_by'] },
      // Row scope: each person sees and writes only the comments they wrote.
      {
        name: 'my_comments',
        table: 'comments',
        read: 'comments',
        write: 'comments',
        scope: (principal) => ({ sql: 'created_by = $1', params: [principal.personId] }),
      },
      { name: 'playbook_teams', table: 'teams', read: 'playbooks', feature: 'playbooks' },
    ];
  }
}

/** Feature flags for the tests: everything on except what a test switches off. */
@Injectable()
export class TestFeatureGate implements FeatureGate {
  readonly disabled = new Set<Feature>();
  async isEnabled(feature: Feature): Promise<boolean> {
    return !this.disabled.has(feature);
  }
}

/**
 * Stands in for the app's auth guard: `x-test-roles: viewer,responder` and `x-test-person: <uuid>`
 * (default Alice); `x-test-anonymous: 1` leaves the request without a principal.
 */
function testPrincipal(req: Request, _res: Response, next: NextFunction): void {
  if (!req.headers['x-test-anonymous']) {
    const roles = String(req.headers['x-test-roles'] ?? 'admin')
      .split(',')
      .map((r) => r.trim())
      .filter(isRole);
    const personId = String(req.headers['x-test-person'] ?? ID.alice);
    req.principal = { personId, email: 'test@test.local', name: 'Test', roles, via: 'session' };
  }
  next();
}

export interface DataApiTestApp {
  app: INestApplication;
  pool: Pool;
  gate: TestFeatureGate;
  registry: DataApiRegistry;
  /** Requests as a person with the given roles (default admin, as Alice). */
  as(roles?: string, person?: string): AgentFactory;
  /** Row count of a table, straight from the database. */
  count(table: string, where?: string): Promise<number>;
  stop(): Promise<void>;
}

type AgentFactory = {
  get(url: string): request.Test;
  head(url: string): request.Test;
  post(url: string): request.Test;
  patch(url: string): request.Test;
  put(url: string): request.Test;
  delete(url: string): request.Test;
};

export async function startDataApiApp(options: { bodyParser?: boolean } = {}): Promise<DataApiTestApp> {
  const database: TestDatabase = await createTestDatabase('data_api');
  const pool = new Pool({ connectionString: database.url, max: 5 });
  await pool.query(SCHEMA);
  await pool.query(SEED);
  const gate = new TestFeatureGate();

  @Global()
  @Module({
    providers: [
      { provide: PG_POOL, useValue: pool },
      Db,
      { provide: DATA_API_DB, useExisting: Db },
      { provide: APP_CONFIG, useValue: loadConfig({ DATABASE_URL: database.url }) },
      { provide: FEATURE_GATE, useValue: gate },
    ],
    exports: [PG_POOL, Db, DATA_API_DB, APP_CONFIG, FEATURE_GATE],
  })
  class TestInfraModule {}

  @Module({ imports: [TestInfraModule, PluginHostModule, DataApiModule], providers: [IncidentDataApiResources, SettingsDataApiResources] })
  class TestAppModule implements NestModule {
    configure(consumer: MiddlewareConsumer): void {
      consumer.apply(testPrincipal).forRoutes('*path');
    }
  }

  const moduleRef = await Test.createTestingModule({ imports: [TestAppModule] }).compile();
  // Without Nest's parser the data API reads the body itself (malformed JSON → PGRST102); with it, the
  // parsed body is used as is. The real app puts its own JSON parser in front (configureApp).
  const app = moduleRef.createNestApplication({ bodyParser: options.bodyParser ?? false, logger: false });
  await app.init();
  const server = app.getHttpServer();

  const as = (roles = 'admin', person: string = ID.alice): AgentFactory => {
    const wrap = (test: request.Test) => test.set('x-test-roles', roles).set('x-test-person', person);
    const agent = request(server);
    return {
      get: (url) => wrap(agent.get(url)),
      head: (url) => wrap(agent.head(url)),
      post: (url) => wrap(agent.post(url)),
      patch: (url) => wrap(agent.patch(url)),
      put: (url) => wrap(agent.put(url)),
      delete: (url) => wrap(agent.delete(url)),
    };
  };

  return {
    app,
    pool,
    gate,
    registry: app.get(DataApiRegistry),
    as,
    async count(table, where = 'true') {
      const { rows } = await pool.query<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`);
      return rows[0].n;
    },
    async stop() {
      // Db.onModuleDestroy ends the pool.
      await app.close();
      await database.drop();
    },
  };
}
