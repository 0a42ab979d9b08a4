import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { INCIDENT_HISTORY_TYPES, LOCAL_AGENT_ID } from '@contracts';
import { MIGRATIONS, runMigrations } from '../../gateway/src/database/migrate';
import { seedDemoData } from '../../gateway/src/database/seed/demo-data';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

// Wrapped by hand: one name per line would triple the file.
// prettier-ignore
const TABLES = [
  'people', 'person_roles', 'teams', 'team_members', 'access_tokens', 'sessions', 'login_attempts', 'identity_codes',
  'recovery_codes', 'webauthn_credentials', 'properties', 'agents',
  'config_scrapers', 'config_items', 'config_changes', 'config_analysis', 'config_relationships', 'topologies',
  'components', 'team_components', 'config_component_relationships', 'canaries', 'checks', 'check_statuses',
  'check_component_relationships', 'check_config_relationships',
  'incident_rules', 'incidents', 'hypotheses', 'evidences', 'comments', 'responders', 'incident_histories',
  'playbooks', 'playbook_runs', 'playbook_run_actions', 'playbook_approvals', 'job_history', 'event_queue',
  'connections', 'logging_backends', 'notifications', 'notification_send_history', 'notification_silences',
];

// Wrapped by hand: one name per line would triple the file.
// prettier-ignore
const VIEWS = [
  'people_roles', 'incident_summary', 'incidents_by_component', 'incidents_by_config', 'configs', 'config_detail',
  'config_names', 'config_types', 'config_tags', 'config_labels', 'config_statuses', 'config_analysis_items',
  'config_analysis_analyzers', 'analysis_by_component', 'change_types', 'changes_by_component', 'check_summary',
  'check_summary_for_config', 'agents_summary', 'job_history_names', 'job_histories', 'event_queue_summary',
  'canaries_with_status', 'topologies_with_status', 'config_scrapers_with_status', 'teams_with_status',
  'logging_backends_with_status', 'notifications_with_status', 'integrations_with_status', 'playbook_names',
  'notification_send_history_summary',
];

/** Tables whose row counts must not change when the demo data is seeded a second time. */
// Wrapped by hand: one name per line would triple the file.
// prettier-ignore
const SEEDED = [
  'people', 'person_roles', 'teams', 'team_members', 'agents', 'config_scrapers', 'config_items', 'config_changes',
  'config_analysis', 'config_relationships', 'topologies', 'components', 'team_components',
  'config_component_relationships', 'canaries', 'checks', 'check_statuses', 'check_component_relationships',
  'check_config_relationships', 'incidents', 'hypotheses', 'evidences', 'comments', 'responders', 'incident_histories',
  'playbooks', 'playbook_runs', 'playbook_run_actions', 'job_history', 'event_queue', 'connections', 'notifications',
  'notification_send_history', 'properties',
];

describe('database schema', () => {
  let db: TestDatabase;
  let client: Client;

  const rows = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> => (await client.query(sql, params)).rows as T[];
  const one = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T> => (await rows<T>(sql, params))[0];
  const count = async (table: string): Promise<number> => Number((await one<{ n: string }>(`select count(*) as n from ${table}`)).n);
  const newPerson = async (name: string): Promise<string> =>
    (await one<{ id: string }>(`insert into people (name, email) values ($1, $2) returning id`, [name, `${name.toLowerCase()}@schema.test`])).id;

  beforeAll(async () => {
    db = await createTestDatabase('schema_test');
    client = new Client({ connectionString: db.url });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end().catch(() => undefined);
    await db?.drop();
  });

  it('applies every migration of the history in order', async () => {
    const applied = await runMigrations(db.url);
    const names = MIGRATIONS.map((m) => new (m as new () => { name: string })().name);
    expect(applied).toEqual(names);
    expect(await runMigrations(db.url)).toEqual([]);
  });

  it('creates every table and view the spec calls read', async () => {
    const found = await rows<{ table_name: string; table_type: string }>(
      `select table_name, table_type from information_schema.tables where table_schema = 'public'`,
    );
    const tables = found.filter((t) => t.table_type === 'BASE TABLE').map((t) => t.table_name);
    const views = found.filter((t) => t.table_type === 'VIEW').map((t) => t.table_name);
    expect(tables).toEqual(expect.arrayContaining(TABLES));
    expect(views).toEqual(expect.arrayContaining(VIEWS));
  });

  it('can select from every view while the database is empty', async () => {
    const views = await rows<{ viewname: string }>(`select viewname from pg_views where schemaname = 'public'`);
    expect(views.length).toBeGreaterThanOrEqual(VIEWS.length);
    for (const { viewname } of views) {
      await expect(client.query(`select * from "${viewname}" limit 1`)).resolves.toBeDefined();
    }
  });

  it('indexes every foreign key column (the data API embeds through them)', async () => {
    const unindexed = await rows<{ tbl: string; col: string }>(
      `select c.conrelid::regclass::text as tbl, a.attname as col
         from pg_constraint c
         join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        where c.contype = 'f' and c.connamespace = 'public'::regnamespace
          and not exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])`,
    );
    expect(unindexed).toEqual([]);
    const fks = await one<{ n: string }>(`select count(*) as n from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`);
    expect(Number(fks.n)).toBeGreaterThan(80);
  });

  it('has the local agent with the all-zero id, which cannot be deleted', async () => {
    expect(await one(`select id, name from agents where id = $1`, [LOCAL_AGENT_ID])).toEqual({ id: LOCAL_AGENT_ID, name: 'local' });
    await expect(client.query(`delete from agents where id = $1`, [LOCAL_AGENT_ID])).rejects.toThrow(/local agent/);
    await expect(client.query(`update agents set deleted_at = now() where id = $1`, [LOCAL_AGENT_ID])).rejects.toThrow(/local agent/);
    const canary = await one<{ agent_id: string }>(`insert into canaries (name) values ('agent-default') returning agent_id`);
    expect(canary.agent_id).toBe(LOCAL_AGENT_ID);
    await client.query(`delete from canaries where name = 'agent-default'`);
  });

  it('gives incidents display ids INC0000001, INC0000002, ... with the spec defaults', async () => {
    const a = await one<{ incident_id: string; status: string; severity: string; type: string }>(
      `insert into incidents (title) values ('first') returning incident_id, status, severity, type`,
    );
    const b = await one<{ incident_id: string }>(`insert into incidents (title) values ('second') returning incident_id`);
    expect(a).toEqual({ incident_id: expect.stringMatching(/^INC\d{7}$/), status: 'open', severity: 'low', type: 'availability' });
    expect(Number(b.incident_id.slice(3))).toBe(Number(a.incident_id.slice(3)) + 1);
    await client.query(`delete from incidents where title in ('first', 'second')`);
  });

  it('writes the incident changelog for all eight event kinds with who did it', async () => {
    const creator = await newPerson('Creator');
    const responderPerson = await newPerson('Rita');
    const incident = await one<{ id: string }>(
      `insert into incidents (title, severity, type, status, created_by) values ('Checkout down', 'high', 'availability', 'open', $1) returning id`,
      [creator],
    );
    await client.query(`update incidents set status = 'closed' where id = $1`, [incident.id]);
    const hypothesis = await one<{ id: string }>(
      `insert into hypotheses (incident_id, title, type, created_by) values ($1, 'Checkout down', 'root', $2) returning id`,
      [incident.id, creator],
    );
    await client.query(`update hypotheses set status = 'likely' where id = $1`, [hypothesis.id]);
    const evidence = await one<{ id: string; type: string }>(
      `insert into evidences (hypothesis_id, type, description, created_by) values ($1, 'Topology', 'Topology', $2) returning id, type`,
      [hypothesis.id, creator],
    );
    expect(evidence.type).toBe('topology');
    await client.query(`update evidences set definition_of_done = true where id = $1`, [evidence.id]);
    const responder = await one<{ id: string }>(
      `insert into responders (incident_id, type, person_id, created_by) values ($1, 'person', $2, $3) returning id`,
      [incident.id, responderPerson, creator],
    );
    await client.query(
      `insert into comments (incident_id, hypothesis_id, comment, created_by) values ($1, $2, 'Looking at it @[Rita](user:${responderPerson})', $3)`,
      [incident.id, hypothesis.id, creator],
    );

    const history = await rows<{
      type: string;
      description: string;
      created_by: string;
      responder_id: string | null;
      evidence_id: string | null;
      hypothesis_id: string | null;
      comment_id: string | null;
    }>(
      `select type, description, created_by, responder_id, evidence_id, hypothesis_id, comment_id
         from incident_histories where incident_id = $1 order by created_at`,
      [incident.id],
    );
    expect(history.map((h) => h.type).sort()).toEqual([...INCIDENT_HISTORY_TYPES].sort());
    expect(history.map((h) => h.type)).toEqual([
      'incident.created',
      'incident.status_updated',
      'hypothesis.created',
      'hypothesis.status_updated',
      'evidence.created',
      'evidence.done_definition_added',
      'responder.created',
      'responder.commented',
    ]);
    expect(history.every((h) => h.created_by === creator)).toBe(true);
    const byType = Object.fromEntries(history.map((h) => [h.type, h]));
    expect(byType['incident.status_updated'].description).toBe('open → closed');
    expect(byType['hypothesis.status_updated'].description).toBe('possible → likely');
    expect(byType['hypothesis.created'].hypothesis_id).toBe(hypothesis.id);
    expect(byType['evidence.created'].evidence_id).toBe(evidence.id);
    expect(byType['evidence.done_definition_added'].evidence_id).toBe(evidence.id);
    expect(byType['responder.created']).toMatchObject({ responder_id: responder.id, description: 'Rita' });
    expect(byType['responder.commented'].comment_id).toEqual(expect.any(String));

    // A changed title is not a status change: no further history.
    await client.query(`update incidents set title = 'Checkout is down' where id = $1`, [incident.id]);
    expect(await count(`incident_histories where incident_id = '${incident.id}'`)).toBe(8);
  });

  it('names the person a writer sets as the actor of a status change', async () => {
    const creator = await newPerson('Owner');
    const actor = await newPerson('Actor');
    const incident = await one<{ id: string }>(`insert into incidents (title, created_by) values ('Actor test', $1) returning id`, [creator]);
    await client.query('begin');
    await client.query(`select set_config('console.person_id', $1, true)`, [actor]);
    await client.query(`update incidents set status = 'resolved' where id = $1`, [incident.id]);
    await client.query('commit');
    const change = await one<{ created_by: string }>(`select created_by from incident_histories where incident_id = $1 and type = 'incident.status_updated'`, [
      incident.id,
    ]);
    expect(change.created_by).toBe(actor);
    const times = await one<{ resolved: Date | null; closed: Date | null }>(`select resolved, closed from incidents where id = $1`, [incident.id]);
    expect(times.resolved).toBeInstanceOf(Date);
    expect(times.closed).toBeNull();
  });

  it('enqueues incident, responder and comment events and notifies listeners', async () => {
    const listener = new Client({ connectionString: db.url });
    await listener.connect();
    try {
      await listener.query('listen event_queue');
      const heard: string[] = [];
      listener.on('notification', (n) => heard.push(n.payload ?? ''));
      await client.query(`delete from event_queue`);
      const incident = await one<{ id: string }>(`insert into incidents (title) values ('Events') returning id`);
      await client.query(`update incidents set status = 'investigating' where id = $1`, [incident.id]);
      const team = await one<{ id: string }>(`insert into teams (name) values ('Events team') returning id`);
      await client.query(`insert into responders (incident_id, type, team_id, properties) values ($1, 'system', $2, '{"responderType":"jira"}')`, [
        incident.id,
        team.id,
      ]);
      await client.query(`insert into comments (incident_id, comment) values ($1, 'hello')`, [incident.id]);

      const events = await rows<{ name: string; properties: Record<string, unknown> }>(`select name, properties from event_queue order by created_at, name`);
      expect(events.map((e) => e.name).sort()).toEqual(['comment.created', 'incident.created', 'incident.status.updated', 'responder.created']);
      expect(events.find((e) => e.name === 'incident.status.updated')?.properties).toEqual({
        id: incident.id,
        old_status: 'open',
        new_status: 'investigating',
      });
      for (let i = 0; i < 50 && heard.length < 4; i++) await new Promise((r) => setTimeout(r, 20));
      expect(heard.sort()).toEqual(['comment.created', 'incident.created', 'incident.status.updated', 'responder.created']);
    } finally {
      await listener.end();
    }
  });

  it('maintains updated_at on every update', async () => {
    const row = await one<{ id: string }>(`insert into teams (name, updated_at) values ('Stale team', '2000-01-01') returning id`);
    await client.query(`update teams set icon = 'team' where id = $1`, [row.id]);
    const after = await one<{ updated_at: Date }>(`select updated_at from teams where id = $1`, [row.id]);
    expect(after.updated_at.getFullYear()).toBeGreaterThan(2000);
  });

  it.each([
    ['a bad severity', `insert into incidents (title, severity) values ('x', 'apocalyptic')`],
    ['a bad incident status', `insert into incidents (title, status) values ('x', 'done')`],
    ['a bad incident type', `insert into incidents (title, type) values ('x', 'technical_debt')`],
    ['a bad role', `insert into person_roles (person_id, role) select id, 'owner' from people limit 1`],
    ['a bad job status', `insert into job_history (name, status) values ('x', 'OK')`],
    ['a bad playbook run status', `insert into playbook_runs (playbook_id, status) select gen_random_uuid(), 'done'`],
  ])('rejects %s with a check violation', async (_label, sql) => {
    await expect(client.query(sql)).rejects.toMatchObject({ code: '23514' });
  });

  it('rejects a responder that is neither or both a team and a person', async () => {
    const incident = await one<{ id: string }>(`insert into incidents (title) values ('Responder check') returning id`);
    await expect(client.query(`insert into responders (incident_id, type) values ($1, 'person')`, [incident.id])).rejects.toMatchObject({ code: '23514' });
  });

  it('lists every person in people_roles, with an empty array when they have no role', async () => {
    const lonely = await newPerson('Lonely');
    const boss = await newPerson('Boss');
    await client.query(`insert into person_roles (person_id, role) values ($1, 'editor'), ($1, 'admin')`, [boss]);
    const found = await rows<{ id: string; roles: string[] }>(`select id, roles from people_roles where id = any($1)`, [[lonely, boss]]);
    expect(Object.fromEntries(found.map((r) => [r.id, r.roles]))).toEqual({ [lonely]: [], [boss]: ['admin', 'editor'] });
  });

  it('seeds the demo data once: a second run changes nothing', async () => {
    const admin = await newPerson('Admin');
    await seedDemoData(client, admin);
    const counts = async () => {
      const result: Record<string, number> = {};
      for (const table of SEEDED) result[table] = await count(table);
      return result;
    };
    const first = await counts();
    await seedDemoData(client, admin);
    const second = await counts();
    expect(second).toEqual(first);
    expect(await one(`select value from properties where name = 'demo.seeded'`)).toEqual({ value: 'true' });

    const demo = await one<Record<string, string>>(
      `select (select count(*) from people where email like '%@example.com') as people,
              (select count(*) from teams where created_by = $1) as teams,
              (select count(*) from config_items) as configs,
              (select count(distinct type) from config_items) as config_types,
              (select count(*) from components) as components,
              (select count(*) from topologies where next_runtime <= now()) as due_topologies,
              (select count(*) from check_statuses where time > now() - interval '1 hour') as statuses,
              (select count(*) from incidents where created_by = $1) as incidents,
              (select count(*) from playbooks) as playbooks,
              (select count(*) from connections) as connections`,
      [admin],
    );
    expect(Number(demo.people)).toBeGreaterThanOrEqual(4);
    expect(Number(demo.people)).toBeLessThanOrEqual(6);
    expect(Number(demo.teams)).toBe(3);
    expect(Number(demo.configs)).toBeGreaterThanOrEqual(40);
    expect(Number(demo.configs)).toBeLessThanOrEqual(80);
    expect(Number(demo.config_types)).toBeGreaterThanOrEqual(5);
    // Components are not seeded: the demo topology's first run (due at once) builds them (test/api/topology/demo.api.spec.ts).
    expect(Number(demo.components)).toBe(0);
    expect(Number(demo.due_topologies)).toBe(1);
    expect(Number(demo.statuses)).toBeGreaterThan(0);
    expect(Number(demo.incidents)).toBe(2);
    expect(Number(demo.playbooks)).toBeGreaterThanOrEqual(1);
    expect(Number(demo.connections)).toBeGreaterThanOrEqual(1);

    const team = await one<{ spec: { responder_clients: Record<string, unknown> } }>(
      `select spec from teams where spec ? 'responder_clients' and created_by = $1`,
      [admin],
    );
    expect(Object.keys(team.spec.responder_clients).sort()).toEqual(['email', 'jira']);

    const kinds = await rows<{ type: string }>(
      `select distinct h.type from incident_histories h join incidents i on i.id = h.incident_id where i.created_by = $1`,
      [admin],
    );
    expect(kinds.map((k) => k.type)).toEqual(
      expect.arrayContaining(['incident.created', 'hypothesis.created', 'evidence.created', 'responder.created', 'responder.commented']),
    );
    const types = await rows<{ type: string }>(`select h.type from hypotheses h join incidents i on i.id = h.incident_id where i.created_by = $1`, [admin]);
    expect(new Set(types.map((t) => t.type))).toEqual(new Set(['root', 'factor', 'solution']));
  });

  it('computes the read models over the demo data', async () => {
    const views = await rows<{ viewname: string }>(`select viewname from pg_views where schemaname = 'public'`);
    for (const { viewname } of views) {
      await expect(client.query(`select * from "${viewname}"`)).resolves.toBeDefined();
    }
    const check = await one<{ uptime: { passed: number; failed: number }; latency: { p95: number | null }; canary_name: string }>(
      `select uptime, latency, canary_name from check_summary order by (uptime->>'failed')::int desc limit 1`,
    );
    expect(check.uptime.passed + check.uptime.failed).toBeGreaterThan(0);
    expect(check.uptime.failed).toBeGreaterThan(0);
    expect(check.latency.p95).toEqual(expect.any(Number));
    expect(check.canary_name).toEqual(expect.any(String));

    const integrations = await rows<{ integration_type: string; job_status: string | null }>(
      `select integration_type, job_status from integrations_with_status`,
    );
    expect(new Set(integrations.map((i) => i.integration_type))).toEqual(new Set(['scrapers', 'topologies', 'logging_backends']));
    expect(integrations.some((i) => i.job_status !== null)).toBe(true);

    const config = await one<{ changes: number; analysis: Record<string, number> | null; namespace: string | null }>(
      `select changes, analysis, namespace from configs where changes > 0 order by changes desc limit 1`,
    );
    expect(config.changes).toEqual(expect.any(Number));
    const detail = await one<{ summary: Record<string, number> }>(`select summary from config_detail where type = 'Kubernetes::Deployment' limit 1`);
    expect(Object.keys(detail.summary).sort()).toEqual(['analysis', 'changes', 'checks', 'playbook_runs', 'relationships']);

    const related = await rows<{ id: string; depth: number; direction: string }>(
      `select id, depth, direction from related_configs_recursive((select id from config_items where type = 'Kubernetes::Cluster' limit 1), 'outgoing')`,
    );
    expect(related.length).toBeGreaterThan(5);
    expect(Math.max(...related.map((r) => r.depth))).toBeGreaterThanOrEqual(3);
    expect(new Set(related.map((r) => r.direction))).toEqual(new Set(['outgoing']));

    const summary = await rows<{ name: string; pending: number }>(`select name, pending from event_queue_summary`);
    expect(summary.length).toBeGreaterThan(0);
    const withStatus = await one<{ job_status: string; job_last_failed: Date | null }>(
      `select job_status, job_last_failed from canaries_with_status where job_status is not null limit 1`,
    );
    expect(withStatus.job_status).toEqual(expect.any(String));
  });

  it('undoes every migration with its down method, leaving nothing behind', async () => {
    const dataSource = new DataSource({
      type: 'postgres',
      url: db.url,
      migrations: MIGRATIONS,
      migrationsTableName: 'schema_migrations',
      migrationsTransactionMode: 'each',
      logging: false,
    });
    await dataSource.initialize();
    try {
      for (let i = 0; i < MIGRATIONS.length; i++) await dataSource.undoLastMigration({ transaction: 'each' });
    } finally {
      await dataSource.destroy();
    }
    const left = await rows<{ kind: string; name: string }>(
      `select 'relation' as kind, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relname not like 'schema_migrations%'
           and not exists (select 1 from pg_index i join pg_class t on t.oid = i.indrelid
                            where i.indexrelid = c.oid and t.relname = 'schema_migrations')
       union all
       select 'function', p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'
       union all
       select 'type', t.typname from pg_type t join pg_namespace n on n.oid = t.typnamespace
         where n.nspname = 'public' and t.typname not like '%schema_migrations%'
       union all
       select 'extension', e.extname from pg_extension e where e.extname <> 'plpgsql'`,
    );
    expect(left).toEqual([]);
    expect(await count('schema_migrations')).toBe(0);
  });
});
