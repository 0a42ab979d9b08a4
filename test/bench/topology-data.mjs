// The data of `npm run bench:topology` (test/bench/topology.mjs): one topology of 20,000 components in a 5-level
// tree, 5,000 checks of one canary linked to its leaves and middle levels, 50,000 config items linked to its
// components, their recent results, changes and insights. Written with SQL (generate_series) in one transaction.

/** The tree, level by level: [level, first number, count, type]. Component number n has id md5('bench-component-' || n). */
export const LEVELS = [
  [0, 0, 1, 'Platform'],
  [1, 1, 20, 'Area'],
  [2, 21, 200, 'Service'],
  [3, 221, 2000, 'Workload'],
  [4, 2221, 17779, 'Pod'],
];
export const COMPONENTS = 20_000;
export const CHECKS = 5_000;
export const CONFIGS = 50_000;
/** Areas (level-1 components) 0..UNHEALTHY_AREAS-1 hold every unhealthy check and config; the others are healthy. */
export const UNHEALTHY_AREAS = 5;
export const ROOT_NAME = 'bench-platform';
export const componentName = (n) => (n === 0 ? ROOT_NAME : `${LEVELS.find(([, first, count]) => n >= first && n < first + count)[3].toLowerCase()}-${n}`);

/**
 * Parent number and area (index of the level-1 ancestor, 0..19) of component n, by arithmetic:
 * an area has 10 services, a service 10 workloads, workload k has the pods 2221 + k + 2000 j (8 or 9 of them).
 */
const TREE_SQL = `
  SELECT n, md5('bench-component-' || n)::uuid AS id, level, parent, area
    FROM (SELECT n,
                 CASE WHEN n = 0 THEN 0 WHEN n <= 20 THEN 1 WHEN n <= 220 THEN 2 WHEN n <= 2220 THEN 3 ELSE 4 END AS level,
                 CASE WHEN n = 0 THEN NULL WHEN n <= 20 THEN 0 WHEN n <= 220 THEN 1 + (n - 21) / 10
                      WHEN n <= 2220 THEN 21 + (n - 221) / 10 ELSE 221 + (n - 2221) % 2000 END AS parent,
                 CASE WHEN n = 0 THEN NULL WHEN n <= 20 THEN n - 1 WHEN n <= 220 THEN (n - 21) / 10
                      WHEN n <= 2220 THEN (n - 221) / 100 ELSE ((n - 2221) % 2000) / 100 END AS area
            FROM generate_series(0, ${COMPONENTS - 1}) n) t`;

/**
 * Loads everything in one transaction on `c` (a connected pg client) and answers what it wrote and how long each part
 * took. The components' insert trigger queues every component for the roll-up; the queue is filled explicitly too, so
 * the roll-up starts from the whole tree when the transaction commits. With `analyze` the new tables are analysed
 * before the commit (ANALYZE counts the transaction's own rows), so the roll-up is planned with statistics, as after
 * autovacuum's first pass; without, it starts on tables Postgres knows nothing about.
 */
export async function loadTopology(c, { analyze = true } = {}) {
  const timings = {};
  const step = async (name, sql, params) => {
    const t0 = Date.now();
    const r = await c.query(sql, params);
    timings[name] = Date.now() - t0;
    return r;
  };
  await c.query('BEGIN');
  try {
    await step('tree', `CREATE TEMP TABLE bench_tree ON COMMIT DROP AS ${TREE_SQL}`);
    await c.query(`ALTER TABLE bench_tree ADD COLUMN path text; CREATE UNIQUE INDEX ON bench_tree (n)`);
    // path = the ancestors' ids joined by '.', root first; the root's is ''.
    await c.query(`UPDATE bench_tree SET path = '' WHERE level = 0`);
    for (let level = 1; level <= 4; level++)
      await c.query(
        `UPDATE bench_tree t SET path = CASE WHEN p.path = '' THEN p.id::text ELSE p.path || '.' || p.id END
           FROM bench_tree p WHERE p.n = t.parent AND t.level = $1`,
        [level],
      );
    const {
      rows: [topology],
    } = await c.query(
      `INSERT INTO topologies (id, name, namespace, labels, spec, schedule, icon)
       VALUES (md5('bench-topology')::uuid, $1, 'default', '{"bench": "topology"}', '{"type": "Platform", "icon": "server"}', NULL, 'server')
       RETURNING id`,
      [ROOT_NAME],
    );
    // next_runtime stays NULL: the scheduler never runs this topology (a run would soft-delete what it did not build).
    await step(
      'components',
      `INSERT INTO components (id, topology_id, parent_id, external_id, name, type, icon, path, is_leaf, labels, properties,
                               own_status, status, health, summary)
       SELECT t.id, $1, p.id,
              CASE WHEN t.n = 0 THEN $2 ELSE $2 || '/' || t.n END,
              CASE WHEN t.n = 0 THEN $2 ELSE lower(($3::text[])[t.level + 1]) || '-' || t.n END,
              ($3::text[])[t.level + 1], (array['server','area','http','kubernetes','pod'])[t.level + 1],
              t.path, t.level = 4,
              jsonb_build_object('tier', lower(($3::text[])[t.level + 1])) || CASE WHEN t.area IS NULL THEN '{}' ELSE jsonb_build_object('area', 'area-' || t.area) END,
              jsonb_build_array(
                jsonb_build_object('name', 'CPU', 'value', (t.n * 37) % 100, 'max', 100, 'unit', '%', 'headline', true),
                jsonb_build_object('name', 'Region', 'text', 'eu-west-' || (1 + t.n % 3)),
                jsonb_build_object('name', 'Version', 'text', 'v1.' || (t.n % 20))),
              -- a document gives its named components a status; the leaves (data) have none of their own
              CASE WHEN t.level < 4 THEN 'healthy' END, 'unknown', 'unknown', '{}'
         FROM bench_tree t LEFT JOIN bench_tree p ON p.n = t.parent
        ORDER BY t.n`,
      [topology.id, ROOT_NAME, LEVELS.map((l) => l[3])],
    );
    const {
      rows: [canary],
    } = await c.query(
      `INSERT INTO canaries (id, name, namespace, spec, schedule) VALUES (md5('bench-canary')::uuid, 'bench-canary', 'default', '{}', '@every 5m') RETURNING id`,
    );
    // Checks 0..3999 on distinct leaves, 4000..4799 on workloads, 4800..4999 on services; one link each, so a
    // check counts once in each ancestor's summary. Unhealthy ones only in the first areas, a few never ran.
    await step(
      'checks',
      `CREATE TEMP TABLE bench_checks ON COMMIT DROP AS
       SELECT k, md5('bench-check-' || k)::uuid AS id,
              CASE WHEN k < 4000 THEN 2221 + (k * 17779) / 4000 WHEN k < 4800 THEN 221 + (k - 4000) * 2 ELSE 21 + (k - 4800) END AS component
         FROM generate_series(0, ${CHECKS - 1}) k`,
    );
    await step(
      'checks',
      `INSERT INTO checks (id, canary_id, type, name, namespace, status, last_runtime, last_transition_time)
       SELECT b.id, $1, 'http', 'check-' || lpad(b.k::text, 4, '0'), 'default',
              CASE WHEN b.k % 101 = 0 THEN NULL WHEN t.area < ${UNHEALTHY_AREAS} AND b.k % 7 = 0 THEN 'unhealthy' ELSE 'healthy' END,
              now() - interval '1 minute', now() - interval '1 day'
         FROM bench_checks b JOIN bench_tree t ON t.n = b.component`,
      [canary.id],
    );
    await step(
      'check links',
      `INSERT INTO check_component_relationships (component_id, check_id, canary_id)
       SELECT t.id, b.id, $1 FROM bench_checks b JOIN bench_tree t ON t.n = b.component`,
      [canary.id],
    );
    // Every 5 minutes over the last hour for checks that ran (snapshot: check_statuses.csv).
    await step(
      'check results',
      `INSERT INTO check_statuses (check_id, time, duration, status, message)
       SELECT k.id, now() - make_interval(mins => 5 * s, secs => (hashtext(k.id::text) & 255)), 20 + s + (hashtext(k.id::text) & 63),
              k.status = 'healthy', CASE WHEN k.status = 'healthy' THEN 'ok' ELSE 'connection refused' END
         FROM checks k CROSS JOIN generate_series(0, 11) s WHERE k.status IS NOT NULL`,
    );
    // Config g is linked to component 1 + g % 19999 (every component but the root has two or three).
    // config_items' own event trigger would queue an event per row: not what is measured here.
    await c.query('ALTER TABLE config_items DISABLE TRIGGER config_items_events');
    await step(
      'configs',
      `INSERT INTO config_items (id, config_class, type, name, status, health, labels, tags, last_scraped_time)
       SELECT md5('bench-config-' || g)::uuid, 'Kubernetes',
              (array['Kubernetes::Pod','Kubernetes::Deployment','Kubernetes::Service','Kubernetes::ConfigMap'])[1 + g % 4],
              'cfg-' || lpad(g::text, 5, '0'), 'Running',
              CASE WHEN g % 50 = 7 THEN 'unknown'
                   WHEN t.area < ${UNHEALTHY_AREAS} AND g % 20 = 0 THEN 'unhealthy'
                   WHEN t.area < ${UNHEALTHY_AREAS} AND g % 20 = 1 THEN 'warning' ELSE 'healthy' END,
              jsonb_build_object('app', 'app-' || (g % 400)), jsonb_build_object('namespace', 'ns-' || (g % 50)), now()
         FROM generate_series(0, ${CONFIGS - 1}) g JOIN bench_tree t ON t.n = 1 + g % ${COMPONENTS - 1}`,
    );
    await c.query('ALTER TABLE config_items ENABLE TRIGGER config_items_events');
    await step(
      'config links',
      `INSERT INTO config_component_relationships (component_id, config_id)
       SELECT md5('bench-component-' || (1 + g % ${COMPONENTS - 1}))::uuid, md5('bench-config-' || g)::uuid FROM generate_series(0, ${CONFIGS - 1}) g`,
    );
    // One change per config in the last two hours, open insights on 5 % of them (summaries count them).
    await step(
      'config changes',
      `INSERT INTO config_changes (config_id, change_type, severity, source, summary, first_observed, created_at)
       SELECT md5('bench-config-' || g)::uuid, (array['diff','Pulled','Scaled','Deployment'])[1 + g % 4], 'info', 'bench',
              'changed ' || g, now() - make_interval(secs => g % 7200), now() - make_interval(secs => g % 7200)
         FROM generate_series(0, ${CONFIGS - 1}) g`,
    );
    await step(
      'insights',
      `INSERT INTO config_analysis (config_id, analyzer, analysis_type, severity, status, message)
       SELECT md5('bench-config-' || g)::uuid, 'bench', (array['security','performance','cost','reliability'])[1 + g % 4],
              (array['low','medium','high','critical'])[1 + (g / 20) % 4], 'open', 'finding ' || g
         FROM generate_series(3, ${CONFIGS - 1}, 20) g`,
    );
    // The insert triggers queued every component already; this makes sure of it.
    await step('queue', `INSERT INTO component_rollup_queue (component_id) SELECT id FROM components WHERE deleted_at IS NULL ON CONFLICT DO NOTHING`);
    if (analyze)
      await step(
        'analyze',
        `ANALYZE components, checks, check_component_relationships, check_statuses, config_items, config_component_relationships, config_changes, config_analysis, component_rollup_queue`,
      );
    const {
      rows: [n],
    } = await c.query(
      `SELECT (SELECT count(*) FROM components)::int AS components, (SELECT count(*) FROM component_rollup_queue)::int AS queued,
              (SELECT count(*) FROM checks)::int AS checks, (SELECT count(*) FROM check_component_relationships)::int AS check_links,
              (SELECT count(*) FROM check_statuses)::int AS check_results,
              (SELECT count(*) FROM config_items)::int AS configs, (SELECT count(*) FROM config_component_relationships)::int AS config_links,
              (SELECT count(*) FROM config_changes)::int AS changes, (SELECT count(*) FROM config_analysis)::int AS insights`,
    );
    await c.query('COMMIT');
    return { ...n, topology_id: topology.id, timings };
  } catch (error) {
    await c.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

/** Component ids by number (the same md5 as the load). */
export async function componentIds(c, numbers) {
  const { rows } = await c.query(`SELECT n, md5('bench-component-' || n)::uuid AS id FROM unnest($1::int[]) n`, [numbers]);
  return new Map(rows.map((r) => [r.n, r.id]));
}
