import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Read models the spec's calls select from (plain views; counts are cast to int so the driver returns
 * numbers) and the two catalogue functions exposed as `/rpc/...`. Views keep the foreign-key columns of their
 * base table (agent_id, created_by, scraper_id, ...) so the data API can embed through them.
 */
export class ReadModelViews1732300000005 implements MigrationInterface {
  name = 'ReadModelViews1732300000005';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [, sql] of VIEWS) await queryRunner.query(sql);
    for (const [, sql] of FUNCTIONS) await queryRunner.query(sql);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [signature] of [...FUNCTIONS].reverse()) await queryRunner.query(`DROP FUNCTION ${signature}`);
    for (const [name] of [...VIEWS].reverse()) await queryRunner.query(`DROP VIEW ${name}`);
  }
}

/**
 * The first `related_configs_recursive` (one recursive query over every edge). The catalogue's migration
 * RelatedConfigsWalk1732300011200 replaces it and restores it on the way down.
 */
export const RELATED_CONFIGS_RECURSIVE = `CREATE FUNCTION related_configs_recursive(
       config_id uuid,
       type_filter text DEFAULT 'all',
       include_deleted_configs boolean DEFAULT false,
       max_depth integer DEFAULT 10,
       incoming_relation text DEFAULT 'both',
       outgoing_relation text DEFAULT 'both'
     ) RETURNS TABLE (
       id uuid, name text, type text, config_class text, status text, health text, labels jsonb, tags jsonb,
       agent_id uuid, created_at timestamptz, updated_at timestamptz, deleted_at timestamptz,
       depth integer, direction text, relation_type text, relation text, related_id uuid
     ) LANGUAGE sql STABLE AS $$
       WITH RECURSIVE edges AS (
         SELECT c.parent_id AS from_id, c.id AS to_id, 'hard'::text AS kind, 'parent'::text AS relation
         FROM config_items c WHERE c.parent_id IS NOT NULL
         UNION ALL
         SELECT r.config_id, r.related_id, 'soft', r.relation
         FROM config_relationships r WHERE r.deleted_at IS NULL
       ),
       opts AS (
         SELECT CASE WHEN $2 IN ('incoming', 'upstream') THEN 'incoming'
                     WHEN $2 IN ('outgoing', 'downstream') THEN 'outgoing'
                     ELSE 'all' END AS dir
       ),
       walk AS (
         SELECT n.next_id AS id, $1 AS related_id, d.direction, e.kind, e.relation, 1 AS depth,
           ARRAY[$1, n.next_id] AS path
         FROM (VALUES ('outgoing'), ('incoming')) d (direction)
         CROSS JOIN opts
         JOIN edges e ON (d.direction = 'outgoing' AND e.from_id = $1) OR (d.direction = 'incoming' AND e.to_id = $1)
         CROSS JOIN LATERAL (SELECT CASE WHEN d.direction = 'outgoing' THEN e.to_id ELSE e.from_id END AS next_id) n
         WHERE opts.dir IN ('all', d.direction)
           AND (CASE d.direction WHEN 'outgoing' THEN $6 ELSE $5 END) IN ('both', e.kind)
         UNION ALL
         SELECT n.next_id, w.id, w.direction, e.kind, e.relation, w.depth + 1, w.path || n.next_id
         FROM walk w
         JOIN edges e ON (w.direction = 'outgoing' AND e.from_id = w.id) OR (w.direction = 'incoming' AND e.to_id = w.id)
         CROSS JOIN LATERAL (SELECT CASE WHEN w.direction = 'outgoing' THEN e.to_id ELSE e.from_id END AS next_id) n
         WHERE w.depth < $4
           AND NOT n.next_id = ANY (w.path)
           AND (CASE w.direction WHEN 'outgoing' THEN $6 ELSE $5 END) IN ('both', e.kind)
       )
       SELECT DISTINCT ON (c.id) c.id, c.name, c.type, c.config_class, c.status, c.health, c.labels, c.tags,
         c.agent_id, c.created_at, c.updated_at, c.deleted_at, w.depth, w.direction, w.kind, w.relation, w.related_id
       FROM walk w
       JOIN config_items c ON c.id = w.id
       WHERE ($3 OR c.deleted_at IS NULL) AND c.id <> $1
       ORDER BY c.id, w.depth
     $$`;

/**
 * The config detail read model (spec 02 §7 /config_detail): the item, its namespace and its tabs' counts. `ci.*` is
 * expanded when the view is created, so the catalogue's CatalogEngine1732300011000 recreates it with this text after
 * adding columns to config_items.
 */
export const CONFIG_DETAIL_VIEW = `CREATE VIEW config_detail AS
     SELECT ci.*,
       coalesce(ci.tags ->> 'namespace', ci.labels ->> 'namespace') AS namespace,
       jsonb_build_object(
         'changes', (SELECT count(*) FROM config_changes cc WHERE cc.config_id = ci.id),
         'analysis', (SELECT count(*) FROM config_analysis ca WHERE ca.config_id = ci.id),
         'relationships',
           (SELECT count(*) FROM config_relationships cr
             WHERE (cr.config_id = ci.id OR cr.related_id = ci.id) AND cr.deleted_at IS NULL)
           + (SELECT count(*) FROM config_items child WHERE child.parent_id = ci.id AND child.deleted_at IS NULL)
           + (CASE WHEN ci.parent_id IS NULL THEN 0 ELSE 1 END),
         'playbook_runs', (SELECT count(*) FROM playbook_runs pr WHERE pr.config_id = ci.id),
         'checks', (SELECT count(*) FROM check_config_relationships ccr
                     WHERE ccr.config_id = ci.id AND ccr.deleted_at IS NULL)
       ) AS summary
     FROM config_items ci`;

const LOCAL_AGENT = `'00000000-0000-0000-0000-000000000000'::uuid`;

/** Latest job of a resource plus its last failure (spec 03 §3 settings resource). */
const withStatus = (table: string, extraColumns = '', extraJoins = '') => `
  CREATE VIEW ${table}_with_status AS
  SELECT t.*,
    j.status AS job_status,
    j.details AS job_details,
    j.name AS job_name,
    j.time_start AS job_time_start,
    j.time_start AS last_runtime,
    (SELECT max(f.time_start) FROM job_history f WHERE f.resource_id = t.id AND f.status = 'FAILED') AS job_last_failed
    ${extraColumns}
  FROM ${table} t
  LEFT JOIN LATERAL (
    SELECT jh.status, jh.details, jh.name, jh.time_start
    FROM job_history jh
    WHERE jh.resource_id = t.id
    ORDER BY jh.time_start DESC
    LIMIT 1
  ) j ON true
  ${extraJoins}`;

const integration = (table: string, type: string) => `
  SELECT s.id, s.name, s.namespace, s.source, s.labels, s.spec, s.agent_id, s.created_by, s.created_at,
    s.updated_at, s.deleted_at, '${type}'::text AS integration_type, s.job_status, s.job_details, s.job_name,
    s.job_time_start, s.last_runtime, s.job_last_failed
  FROM ${table}_with_status s
  WHERE s.deleted_at IS NULL`;

const person = (alias: string) =>
  `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE jsonb_build_object('id', ${alias}.id, 'name', ${alias}.name, 'avatar', ${alias}.avatar) END`;

const VIEWS: [string, string][] = [
  // ---- identity -------------------------------------------------------------------------------------------
  [
    'people_roles',
    `CREATE VIEW people_roles AS
     SELECT p.id, p.name, p.email, p.avatar, p.type, p.state, p.created_at, p.deleted_at,
       coalesce(array_agg(pr.role ORDER BY pr.role) FILTER (WHERE pr.role IS NOT NULL), '{}'::text[]) AS roles
     FROM people p
     LEFT JOIN person_roles pr ON pr.person_id = p.id
     GROUP BY p.id`,
  ],

  // ---- incidents ------------------------------------------------------------------------------------------
  [
    'incident_summary',
    `CREATE VIEW incident_summary AS
     SELECT i.id, i.incident_id, i.title, i.description, i.severity, i.status, i.type, i.created_by,
       i.commander_id, i.communicator_id, i.acknowledged, i.resolved, i.closed, i.created_at, i.updated_at,
       (SELECT ${person('p')} FROM people p WHERE p.id = i.commander_id) AS commander,
       (SELECT ${person('p')} FROM people p WHERE p.id = i.communicator_id) AS communicator,
       coalesce((
         SELECT jsonb_agg(jsonb_build_object(
                  'id', r.id, 'type', r.type,
                  'team', CASE WHEN t.id IS NULL THEN NULL ELSE jsonb_build_object('id', t.id, 'name', t.name, 'icon', t.icon) END,
                  'person', ${person('rp')}) ORDER BY r.created_at)
         FROM responders r
         LEFT JOIN teams t ON t.id = r.team_id
         LEFT JOIN people rp ON rp.id = r.person_id
         WHERE r.incident_id = i.id AND r.deleted_at IS NULL
       ), '[]'::jsonb) AS responders,
       (SELECT count(*) FROM hypotheses h WHERE h.incident_id = i.id)::int AS hypotheses_count,
       (SELECT count(*) FROM comments c WHERE c.incident_id = i.id)::int AS comments_count
     FROM incidents i`,
  ],
  [
    'incidents_by_component',
    `CREATE VIEW incidents_by_component AS
     SELECT DISTINCT e.component_id, i.id, i.incident_id, i.title, i.severity, i.status, i.type, i.created_at,
       i.updated_at
     FROM evidences e
     JOIN hypotheses h ON h.id = e.hypothesis_id
     JOIN incidents i ON i.id = h.incident_id
     WHERE e.component_id IS NOT NULL`,
  ],
  [
    'incidents_by_config',
    `CREATE VIEW incidents_by_config AS
     SELECT DISTINCT e.config_id, i.id, i.incident_id, i.title, i.severity, i.status, i.type, i.created_at,
       i.updated_at
     FROM evidences e
     JOIN hypotheses h ON h.id = e.hypothesis_id
     JOIN incidents i ON i.id = h.incident_id
     WHERE e.config_id IS NOT NULL`,
  ],

  // ---- catalogue ------------------------------------------------------------------------------------------
  [
    'configs',
    `CREATE VIEW configs AS
     SELECT ci.id, ci.scraper_id, ci.agent_id, ci.external_id, ci.config_class, ci.type, ci.name, ci.status,
       ci.health, ci.ready, ci.description, ci.labels, ci.tags, ci.parent_id, ci.path, ci.cost_per_minute,
       ci.cost_total_1d, ci.cost_total_7d, ci.cost_total_30d, ci.last_scraped_time, ci.created_at,
       ci.updated_at, ci.deleted_at,
       coalesce(ci.tags ->> 'namespace', ci.labels ->> 'namespace') AS namespace,
       (SELECT count(*) FROM config_changes cc
         WHERE cc.config_id = ci.id AND cc.created_at > now() - interval '30 days')::int AS changes,
       (SELECT jsonb_object_agg(a.analysis_type, a.n)
          FROM (SELECT ca.analysis_type, count(*)::int AS n FROM config_analysis ca
                 WHERE ca.config_id = ci.id AND ca.status = 'open' GROUP BY ca.analysis_type) a) AS analysis
     FROM config_items ci`,
  ],
  ['config_detail', CONFIG_DETAIL_VIEW],
  [
    'config_names',
    `CREATE VIEW config_names AS
     SELECT ci.id, ci.name, ci.type, ci.config_class, ci.agent_id, ci.deleted_at FROM config_items ci`,
  ],
  [
    'config_types',
    `CREATE VIEW config_types AS
     SELECT DISTINCT ci.type FROM config_items ci WHERE ci.deleted_at IS NULL`,
  ],
  [
    'config_tags',
    `CREATE VIEW config_tags AS
     SELECT DISTINCT t.key, t.value
     FROM config_items ci, jsonb_each_text(ci.tags) t
     WHERE ci.deleted_at IS NULL`,
  ],
  [
    'config_labels',
    `CREATE VIEW config_labels AS
     SELECT DISTINCT l.key, l.value
     FROM config_items ci, jsonb_each_text(ci.labels) l
     WHERE ci.deleted_at IS NULL`,
  ],
  [
    'config_statuses',
    `CREATE VIEW config_statuses AS
     SELECT DISTINCT ci.status FROM config_items ci WHERE ci.deleted_at IS NULL AND ci.status IS NOT NULL`,
  ],
  [
    'config_analysis_items',
    `CREATE VIEW config_analysis_items AS
     SELECT ca.id, ca.config_id, ca.scraper_id, ca.analyzer, ca.analysis_type, ca.severity, ca.status,
       ca.message, ca.summary, ca.source, ca.analysis, ca.first_observed, ca.last_observed,
       ci.name AS config_name, ci.type AS config_type, ci.config_class,
       jsonb_build_object('id', ci.id, 'name', ci.name, 'type', ci.type, 'config_class', ci.config_class) AS config
     FROM config_analysis ca
     JOIN config_items ci ON ci.id = ca.config_id`,
  ],
  ['config_analysis_analyzers', `CREATE VIEW config_analysis_analyzers AS SELECT DISTINCT ca.analyzer FROM config_analysis ca`],
  [
    'analysis_by_component',
    `CREATE VIEW analysis_by_component AS
     SELECT DISTINCT ON (cai.id, ccr.component_id) ccr.component_id, cai.*
     FROM config_analysis_items cai
     JOIN config_component_relationships ccr ON ccr.config_id = cai.config_id AND ccr.deleted_at IS NULL`,
  ],
  ['change_types', `CREATE VIEW change_types AS SELECT DISTINCT cc.change_type FROM config_changes cc`],
  [
    'changes_by_component',
    `CREATE VIEW changes_by_component AS
     SELECT DISTINCT ON (cc.id, ccr.component_id) ccr.component_id, cc.id, cc.config_id, cc.change_type,
       cc.severity, cc.source, cc.summary, cc.created_by, cc.external_created_by, cc.count, cc.first_observed,
       cc.created_at, ci.name AS config_name, ci.type AS config_type
     FROM config_changes cc
     JOIN config_items ci ON ci.id = cc.config_id
     JOIN config_component_relationships ccr ON ccr.config_id = cc.config_id AND ccr.deleted_at IS NULL`,
  ],

  // ---- health ---------------------------------------------------------------------------------------------
  [
    'check_summary',
    `CREATE VIEW check_summary AS
     SELECT c.id, c.canary_id, c.agent_id, c.type, c.name, c.description, c.icon, c.labels, c.endpoint,
       c.namespace, c.severity, c.owner, c.spec, c.status, c.last_runtime, c.last_transition_time,
       c.next_runtime, c.created_at, c.updated_at, c.deleted_at,
       ca.name AS canary_name, ca.namespace AS canary_namespace,
       jsonb_build_object('passed', s.passed, 'failed', s.failed) AS uptime,
       jsonb_build_object('p95', s.p95, 'p97', s.p97, 'p99', s.p99, 'rolling1h', s.rolling1h) AS latency
     FROM checks c
     JOIN canaries ca ON ca.id = c.canary_id
     CROSS JOIN LATERAL (
       SELECT count(*) FILTER (WHERE cs.status)::int AS passed,
         count(*) FILTER (WHERE NOT cs.status)::int AS failed,
         round(percentile_cont(0.95) WITHIN GROUP (ORDER BY cs.duration))::int AS p95,
         round(percentile_cont(0.97) WITHIN GROUP (ORDER BY cs.duration))::int AS p97,
         round(percentile_cont(0.99) WITHIN GROUP (ORDER BY cs.duration))::int AS p99,
         round(avg(cs.duration))::int AS rolling1h
       FROM check_statuses cs
       WHERE cs.check_id = c.id AND cs.time > now() - interval '1 hour'
     ) s
     WHERE c.deleted_at IS NULL AND ca.deleted_at IS NULL`,
  ],
  [
    'check_summary_for_config',
    `CREATE VIEW check_summary_for_config AS
     SELECT DISTINCT ON (ccr.config_id, cs.id) ccr.config_id, cs.*
     FROM check_config_relationships ccr
     JOIN check_summary cs ON cs.id = ccr.check_id
     WHERE ccr.deleted_at IS NULL`,
  ],

  // ---- agents, jobs, events -------------------------------------------------------------------------------
  [
    'agents_summary',
    `CREATE VIEW agents_summary AS
     SELECT a.id, a.name, a.description, a.properties, a.person_id, a.last_seen, a.last_received, a.cleanup,
       a.created_by, a.created_at, a.updated_at, a.deleted_at,
       (SELECT count(*) FROM config_items ci WHERE ci.agent_id = a.id AND ci.deleted_at IS NULL)::int AS config_count,
       (SELECT count(*) FROM checks c WHERE c.agent_id = a.id AND c.deleted_at IS NULL)::int AS checks_count,
       (SELECT count(*) FROM config_scrapers cs WHERE cs.agent_id = a.id AND cs.deleted_at IS NULL)::int
         AS config_scrapper_count,
       (SELECT count(*) FROM playbook_runs pr WHERE pr.agent_id = a.id)::int AS playbook_runs_count
     FROM agents a
     WHERE a.id <> ${LOCAL_AGENT} AND a.deleted_at IS NULL`,
  ],
  ['job_history_names', `CREATE VIEW job_history_names AS SELECT DISTINCT jh.name FROM job_history jh`],
  [
    'job_histories',
    `CREATE VIEW job_histories AS
     SELECT jh.*,
       CASE jh.resource_type
         WHEN 'canary' THEN (SELECT x.name FROM canaries x WHERE x.id = jh.resource_id)
         WHEN 'topology' THEN (SELECT x.name FROM topologies x WHERE x.id = jh.resource_id)
         WHEN 'config_scraper' THEN (SELECT x.name FROM config_scrapers x WHERE x.id = jh.resource_id)
         WHEN 'team' THEN (SELECT x.name FROM teams x WHERE x.id = jh.resource_id)
         WHEN 'incident_rule' THEN (SELECT x.name FROM incident_rules x WHERE x.id = jh.resource_id)
         WHEN 'logging_backend' THEN (SELECT x.name FROM logging_backends x WHERE x.id = jh.resource_id)
         WHEN 'notification' THEN (SELECT x.name FROM notifications x WHERE x.id = jh.resource_id)
         WHEN 'playbook' THEN (SELECT x.name FROM playbooks x WHERE x.id = jh.resource_id)
         WHEN 'agent' THEN (SELECT x.name FROM agents x WHERE x.id = jh.resource_id)
       END AS resource_name
     FROM job_history jh`,
  ],
  [
    'event_queue_summary',
    `CREATE VIEW event_queue_summary AS
     SELECT eq.name,
       count(*) FILTER (WHERE eq.error IS NULL)::int AS pending,
       count(*) FILTER (WHERE eq.error IS NOT NULL)::int AS failed,
       round(avg(eq.attempts), 2)::float8 AS average_attempts,
       min(eq.last_attempt) FILTER (WHERE eq.error IS NOT NULL) AS first_failure,
       max(eq.last_attempt) FILTER (WHERE eq.error IS NOT NULL) AS last_failure,
       mode() WITHIN GROUP (ORDER BY eq.error) FILTER (WHERE eq.error IS NOT NULL) AS most_common_error
     FROM event_queue eq
     GROUP BY eq.name`,
  ],

  // ---- settings resources with their latest job -----------------------------------------------------------
  ['canaries_with_status', withStatus('canaries')],
  ['topologies_with_status', withStatus('topologies')],
  ['config_scrapers_with_status', withStatus('config_scrapers')],
  ['teams_with_status', withStatus('teams')],
  ['logging_backends_with_status', withStatus('logging_backends')],
  [
    'notifications_with_status',
    withStatus(
      'notifications',
      `, s.pending, s.failed, s.sent, s.avg_duration_ms, s.most_common_error`,
      `CROSS JOIN LATERAL (
         SELECT count(*) FILTER (WHERE h.status = 'pending')::int AS pending,
           count(*) FILTER (WHERE h.status = 'error')::int AS failed,
           count(*) FILTER (WHERE h.status = 'sent')::int AS sent,
           round(avg(h.duration_millis) FILTER (WHERE h.status = 'sent'))::int AS avg_duration_ms,
           mode() WITHIN GROUP (ORDER BY h.error) FILTER (WHERE h.error IS NOT NULL) AS most_common_error
         FROM notification_send_history h
         WHERE h.notification_id = t.id
       ) s`,
    ),
  ],
  [
    'integrations_with_status',
    `CREATE VIEW integrations_with_status AS
     ${integration('config_scrapers', 'scrapers')}
     UNION ALL
     ${integration('topologies', 'topologies')}
     UNION ALL
     ${integration('logging_backends', 'logging_backends')}`,
  ],

  // ---- playbooks and notifications ------------------------------------------------------------------------
  [
    'playbook_names',
    `CREATE VIEW playbook_names AS
     SELECT p.id, p.name, p.title, p.icon, p.category, p.description FROM playbooks p WHERE p.deleted_at IS NULL`,
  ],
  [
    'notification_send_history_summary',
    `CREATE VIEW notification_send_history_summary AS
     SELECT h.*,
       CASE h.resource_type
         WHEN 'config' THEN (SELECT jsonb_build_object('id', x.id, 'name', x.name, 'type', x.type,
                               'config_class', x.config_class) FROM config_items x WHERE x.id = h.resource_id)
         WHEN 'component' THEN (SELECT jsonb_build_object('id', x.id, 'name', x.name, 'type', x.type, 'icon', x.icon)
                                  FROM components x WHERE x.id = h.resource_id)
         WHEN 'check' THEN (SELECT jsonb_build_object('id', x.id, 'name', x.name, 'type', x.type, 'icon', x.icon)
                              FROM checks x WHERE x.id = h.resource_id)
         WHEN 'canary' THEN (SELECT jsonb_build_object('id', x.id, 'name', x.name, 'namespace', x.namespace)
                               FROM canaries x WHERE x.id = h.resource_id)
       END AS resource
     FROM notification_send_history h`,
  ],
];

const FUNCTIONS: [string, string][] = [
  [
    'lookup_analysis_by_component(uuid)',
    `CREATE FUNCTION lookup_analysis_by_component(id uuid) RETURNS SETOF config_analysis
     LANGUAGE sql STABLE AS $$
       SELECT ca.* FROM config_analysis ca
       WHERE ca.config_id IN (
         SELECT ccr.config_id FROM config_component_relationships ccr
         WHERE ccr.component_id = $1 AND ccr.deleted_at IS NULL)
     $$`,
  ],
  [
    // Related configs of one config, walking parent/child links ('hard') and config_relationships ('soft').
    // type_filter: outgoing|downstream, incoming|upstream or all; *_relation: hard, soft or both.
    // Further filters of the spec's call (type, status, health) apply to the returned rows.
    'related_configs_recursive(uuid, text, boolean, integer, text, text)',
    RELATED_CONFIGS_RECURSIVE,
  ],
];
