import { insert, person, type Row, type SeedContext } from './context';
import { demoId, json, minutesAgo } from './demo-ids';

/** Two incidents with hypotheses, evidence, responders and comments. */
export async function seedIncidents(ctx: SeedContext): Promise<void> {
  const admin = ctx.adminId;
  const payments = demoId('incident:payments');
  const inserted = await insert(ctx, 'incidents', {
    id: payments,
    title: 'Payments API returning 5xx after the 3.9.0 rollout',
    description: 'Checkout payments fail for about 38% of orders since the payments-api 3.9.0 rollout.',
    severity: 'high',
    type: 'availability',
    status: 'open',
    created_by: admin,
    commander_id: person(ctx, 'alice'),
    communicator_id: person(ctx, 'carla'),
    created_at: minutesAgo(115),
  });
  if (inserted.length) {
    await ctx.db.query(`UPDATE incidents SET status = 'investigating', acknowledged = $2 WHERE id = $1 AND status = 'open'`, [payments, minutesAgo(100)]);
    // The trigger stamps the status change with the wall clock; place it in the demo timeline.
    await ctx.db.query(`UPDATE incident_histories SET created_at = $2 WHERE incident_id = $1 AND type = 'incident.status_updated'`, [
      payments,
      minutesAgo(100),
    ]);
  }
  const h = {
    root: demoId('hypothesis:payments:root'),
    factor: demoId('hypothesis:payments:factor'),
    solution: demoId('hypothesis:payments:solution'),
  };
  await insert(ctx, 'hypotheses', {
    id: h.root,
    incident_id: payments,
    title: 'Payments API returning 5xx after the 3.9.0 rollout',
    type: 'root',
    status: 'likely',
    created_by: admin,
    created_at: minutesAgo(114),
  });
  await insert(ctx, 'hypotheses', {
    id: h.factor,
    incident_id: payments,
    parent_id: h.root,
    title: 'payments-api 3.9.0 crashes at start: LEDGER_DB_POOL_SIZE was removed from payments-config',
    type: 'factor',
    status: 'likely',
    created_by: person(ctx, 'bob'),
    created_at: minutesAgo(105),
  });
  await insert(ctx, 'hypotheses', {
    id: h.solution,
    incident_id: payments,
    parent_id: h.factor,
    title: 'Roll back payments-api to 3.8.0 and restore LEDGER_DB_POOL_SIZE',
    type: 'solution',
    status: 'possible',
    created_by: person(ctx, 'alice'),
    created_at: minutesAgo(90),
  });

  const evidences: Row[] = [
    {
      id: demoId('evidence:payments:component'),
      hypothesis_id: h.root,
      type: 'config',
      description: 'payments-api deployment',
      config_id: demoId('config:deploy:payments-api'),
      created_by: admin,
      created_at: minutesAgo(113),
    },
    {
      id: demoId('evidence:payments:check'),
      hypothesis_id: h.root,
      type: 'check',
      description: 'payments-api health check failing',
      check_id: demoId('check:payments'),
      evidence: json({ start: '1h', includeMessages: true }),
      definition_of_done: true,
      script: 'check is healthy and older than 5m',
      created_by: person(ctx, 'alice'),
      created_at: minutesAgo(112),
    },
    {
      id: demoId('evidence:payments:change'),
      hypothesis_id: h.factor,
      type: 'config_change',
      description: 'Image updated to 3.9.0',
      config_change_id: demoId('change:2'),
      config_id: demoId('config:deploy:payments-api'),
      created_by: person(ctx, 'bob'),
      created_at: minutesAgo(104),
    },
    {
      id: demoId('evidence:payments:configmap'),
      hypothesis_id: h.factor,
      type: 'config_change',
      description: 'LEDGER_DB_POOL_SIZE removed',
      config_change_id: demoId('change:12'),
      config_id: demoId('config:cm:payments-config'),
      created_by: person(ctx, 'bob'),
      created_at: minutesAgo(103),
    },
    {
      id: demoId('evidence:payments:log'),
      hypothesis_id: h.factor,
      type: 'log',
      description: 'Start-up failure in payments-api logs',
      config_id: demoId('config:pod:payments-api:0'),
      evidence: json({
        lines: [
          { timestamp: minutesAgo(117).toISOString(), message: 'starting payments-api 3.9.0', labels: { pod: 'payments-api-6f4b8d9c7-ztl5v' } },
          {
            timestamp: minutesAgo(117).toISOString(),
            message: 'fatal: environment variable LEDGER_DB_POOL_SIZE not set',
            labels: { pod: 'payments-api-6f4b8d9c7-ztl5v' },
          },
        ],
        selected_lines: { '1': true },
      }),
      created_by: person(ctx, 'bob'),
      created_at: minutesAgo(102),
    },
    {
      id: demoId('evidence:payments:analysis'),
      hypothesis_id: h.solution,
      type: 'config_analysis',
      description: 'Crash loop detected',
      config_analysis_id: demoId('analysis:2'),
      config_id: demoId('config:deploy:payments-api'),
      definition_of_done: true,
      script: 'analysis resolved',
      created_by: person(ctx, 'alice'),
      created_at: minutesAgo(88),
    },
  ];
  for (const e of evidences) await insert(ctx, 'evidences', e);

  const sre = demoId('responder:payments:sre');
  const bob = demoId('responder:payments:bob');
  await insert(ctx, 'responders', {
    id: sre,
    incident_id: payments,
    type: 'system',
    team_id: ctx.teams.get('sre'),
    properties: json({
      responderType: 'jira',
      project: 'OPS',
      issueType: 'Incident',
      priority: 'High',
      summary: '[payments] Payments API returning 5xx',
      description: 'See the console incident.',
    }),
    external_id: 'OPS-1287',
    acknowledge_time: minutesAgo(100),
    created_by: admin,
    created_at: minutesAgo(111),
  });
  await insert(ctx, 'responders', {
    id: bob,
    incident_id: payments,
    type: 'person',
    person_id: person(ctx, 'bob'),
    properties: json({ responderType: 'person' }),
    acknowledge_time: minutesAgo(98),
    created_by: admin,
    created_at: minutesAgo(110),
  });
  await insert(ctx, 'comments', {
    id: demoId('comment:payments:1'),
    incident_id: payments,
    hypothesis_id: h.root,
    comment: `Paging SRE. 5xx rate is 38% since the rollout, @[Bob Martins](user:${person(ctx, 'bob')}) can you look at the pods?`,
    created_by: person(ctx, 'alice'),
    created_at: minutesAgo(108),
  });
  await insert(ctx, 'comments', {
    id: demoId('comment:payments:2'),
    incident_id: payments,
    hypothesis_id: h.factor,
    responder_id: bob,
    comment: 'Pods crash with "LEDGER_DB_POOL_SIZE not set". The key was removed from payments-config in the same change. Preparing a rollback.',
    created_by: person(ctx, 'bob'),
    created_at: minutesAgo(97),
  });

  const iam = demoId('incident:iam');
  await insert(ctx, 'incidents', {
    id: iam,
    title: 'IAM role ci-deployer allows s3:* on all buckets',
    description: 'AmazonS3FullAccess was attached to the CI role during the pipeline migration.',
    severity: 'medium',
    type: 'security',
    status: 'open',
    created_by: admin,
    commander_id: person(ctx, 'carla'),
    created_at: minutesAgo(60 * 20),
  });
  const i = {
    root: demoId('hypothesis:iam:root'),
    factor: demoId('hypothesis:iam:factor'),
    solution: demoId('hypothesis:iam:solution'),
  };
  await insert(ctx, 'hypotheses', {
    id: i.root,
    incident_id: iam,
    title: 'IAM role ci-deployer allows s3:* on all buckets',
    type: 'root',
    status: 'proven',
    created_by: admin,
    created_at: minutesAgo(1199),
  });
  await insert(ctx, 'hypotheses', {
    id: i.factor,
    incident_id: iam,
    parent_id: i.root,
    title: 'Policy attached by hand during the pipeline migration',
    type: 'factor',
    status: 'likely',
    created_by: person(ctx, 'carla'),
    created_at: minutesAgo(1100),
  });
  await insert(ctx, 'hypotheses', {
    id: i.solution,
    incident_id: iam,
    parent_id: i.factor,
    title: 'Scope the policy to the deployment buckets',
    type: 'solution',
    status: 'possible',
    created_by: person(ctx, 'carla'),
    created_at: minutesAgo(1090),
  });
  await insert(ctx, 'evidences', {
    id: demoId('evidence:iam:analysis'),
    hypothesis_id: i.root,
    type: 'config_analysis',
    description: 'Wildcard S3 access',
    config_analysis_id: demoId('analysis:0'),
    config_id: demoId('config:iam:ci'),
    definition_of_done: true,
    script: 'analysis resolved',
    created_by: person(ctx, 'carla'),
    created_at: minutesAgo(1195),
  });
  await insert(ctx, 'evidences', {
    id: demoId('evidence:iam:change'),
    hypothesis_id: i.factor,
    type: 'config_change',
    description: 'AttachRolePolicy AmazonS3FullAccess',
    config_change_id: demoId('change:10'),
    config_id: demoId('config:iam:ci'),
    created_by: person(ctx, 'carla'),
    created_at: minutesAgo(1098),
  });
  await insert(ctx, 'responders', {
    id: demoId('responder:iam:deepak'),
    incident_id: iam,
    type: 'person',
    person_id: person(ctx, 'deepak'),
    properties: json({ responderType: 'person' }),
    created_by: admin,
    created_at: minutesAgo(1180),
  });
  await insert(ctx, 'comments', {
    id: demoId('comment:iam:1'),
    incident_id: iam,
    hypothesis_id: i.factor,
    comment: 'CloudTrail shows the attachment came from the migration runbook. Drafting a scoped policy.',
    created_by: person(ctx, 'carla'),
    created_at: minutesAgo(1095),
  });
}
