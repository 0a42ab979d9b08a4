import { ensure, insert, type Row, type SeedContext } from './context';
import { demoId, json, minutesAgo } from './demo-ids';

/** Settings: a logging backend, job history, connections and a notification rule with its history. */
export async function seedSettings(ctx: SeedContext): Promise<void> {
  const lokiId = await ensure(
    ctx,
    'logging_backends',
    {
      id: demoId('logging:loki'),
      name: 'loki',
      namespace: 'monitoring',
      labels: json({ team: 'platform' }),
      spec: json({ loki: { url: 'http://loki.monitoring:3100' } }),
      created_by: ctx.adminId,
    },
    ['namespace', 'name'],
  );

  const jobs: Row[] = [];
  for (let n = 0; n < 6; n++) {
    const failed = n === 2;
    jobs.push({
      id: demoId(`job:canary:${n}`),
      name: 'CanaryCheck',
      resource_id: ctx.canaryId,
      resource_type: 'canary',
      status: failed ? 'FAILED' : 'SUCCESS',
      time_start: minutesAgo(50 - n * 10),
      time_end: minutesAgo(50 - n * 10 - 0.05),
      duration_millis: 2800 + n * 130,
      success_count: failed ? 3 : 4,
      error_count: failed ? 1 : 0,
      details: json(failed ? { errors: ['payments-api health: HTTP 503 Service Unavailable'] } : {}),
    });
  }
  jobs.push(
    {
      id: demoId('job:scraper:k8s'),
      name: 'ConfigScraper',
      resource_id: ctx.scrapers.k8s,
      resource_type: 'config_scraper',
      status: 'SUCCESS',
      time_start: minutesAgo(12),
      time_end: minutesAgo(11.5),
      duration_millis: 31_250,
      success_count: 34,
      details: json({
        scrape_summary: { 'Kubernetes::Pod': { added: 0, updated: 12, unchanged: 0 }, 'Kubernetes::Deployment': { added: 0, updated: 2, unchanged: 4 } },
      }),
    },
    {
      id: demoId('job:scraper:aws'),
      name: 'ConfigScraper',
      resource_id: ctx.scrapers.aws,
      resource_type: 'config_scraper',
      status: 'WARNING',
      time_start: minutesAgo(15),
      time_end: minutesAgo(14),
      duration_millis: 58_900,
      success_count: 13,
      error_count: 1,
      details: json({
        errors: ['AccessDeniedException: not authorized to perform ce:GetCostAndUsage'],
        scrape_summary: { 'AWS::EC2::Instance': { updated: 5 } },
      }),
    },
    {
      id: demoId('job:logging'),
      name: 'LoggingBackendSync',
      resource_id: lokiId,
      resource_type: 'logging_backend',
      status: 'SUCCESS',
      time_start: minutesAgo(30),
      time_end: minutesAgo(29.9),
      duration_millis: 850,
      success_count: 1,
    },
    {
      id: demoId('job:cleanup'),
      name: 'CleanupCheckStatuses',
      status: 'SUCCESS',
      time_start: minutesAgo(55),
      time_end: minutesAgo(54.8),
      duration_millis: 9_100,
      success_count: 1,
    },
  );
  for (const job of jobs) await insert(ctx, 'job_history', job);

  await ensure(
    ctx,
    'connections',
    {
      id: demoId('connection:status-page'),
      name: 'status-page',
      namespace: 'default',
      type: 'http',
      url: 'https://status.example.com/api/v2',
      properties: json({ method: 'GET' }),
      created_by: ctx.adminId,
    },
    ['namespace', 'name'],
  );
  await ensure(
    ctx,
    'connections',
    {
      id: demoId('connection:jira'),
      name: 'jira-cloud',
      namespace: 'default',
      type: 'jira',
      url: 'https://example.atlassian.net',
      username: 'ops-bot@example.com',
      properties: json({ project: 'OPS' }),
      created_by: ctx.adminId,
    },
    ['namespace', 'name'],
  );

  const rule = await ensure(
    ctx,
    'notifications',
    {
      id: demoId('notification:failed-checks'),
      name: 'failed-checks',
      namespace: 'default',
      title: 'Check {{.check.name}} failed',
      events: ['check.failed'],
      template: '{{.check.name}} is failing: {{.status.message}}',
      team_id: ctx.teams.get('sre'),
      repeat_interval: '1h',
      wait_for: 5 * 60 * 1e9,
      created_by: ctx.adminId,
    },
    ['namespace', 'name'],
  );
  await insert(ctx, 'notification_send_history', {
    id: demoId('notification:sent'),
    notification_id: rule,
    status: 'sent',
    source_event: 'check.failed',
    resource_id: demoId('check:payments'),
    resource_type: 'check',
    body: 'payments-api health is failing: HTTP 503 Service Unavailable',
    duration_millis: 412,
    first_observed: minutesAgo(110),
    created_at: minutesAgo(110),
  });
  await insert(ctx, 'notification_send_history', {
    id: demoId('notification:repeat'),
    notification_id: rule,
    status: 'repeat-interval',
    source_event: 'check.failed',
    resource_id: demoId('check:payments'),
    resource_type: 'check',
    count: 4,
    first_observed: minutesAgo(100),
    created_at: minutesAgo(40),
  });
}
