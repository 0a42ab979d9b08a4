import * as path from 'node:path';
import { configList, type ConfigSeed } from './catalog-items';
import { ensure, insert, type Row, type SeedContext } from './context';
import { CLUSTER, demoId, json, minutesAgo, REGION } from './demo-ids';

/** Config scrapers, config items, their changes, insights (analyses) and relationships. */
export async function seedCatalog(ctx: SeedContext): Promise<void> {
  for (const [key, name, spec] of [
    ['k8s', `kubernetes-${CLUSTER}`, { kubernetes: [{ clusterName: CLUSTER }] }],
    ['aws', 'aws-prod', { aws: [{ region: [REGION], compliance: true, costReporting: { table: 'cur' } }] }],
  ] as const) {
    ctx.scrapers[key] = await ensure(
      ctx,
      'config_scrapers',
      {
        id: demoId(`scraper:${key}`),
        name,
        namespace: 'default',
        spec: json({ schedule: '@every 30m', ...spec }),
        schedule: '@every 30m',
        source: 'UI',
        created_by: ctx.adminId,
      },
      ['namespace', 'name'],
    );
  }

  const list = configList();
  for (const c of list) ctx.configs.set(c.key, c);
  const pathOf = (c: ConfigSeed): string => (c.parent ? `${pathOf(ctx.configs.get(c.parent)!)}.${demoId(`config:${c.parent}`)}` : '');
  for (const c of list) {
    const perMinute = c.costPerMinute ?? null;
    await insert(ctx, 'config_items', {
      id: demoId(`config:${c.key}`),
      scraper_id: ctx.scrapers[c.scraper],
      type: c.type,
      name: c.name,
      status: c.status,
      health: c.health,
      description: c.description ?? null,
      labels: json(c.labels ?? {}),
      tags: json(c.tags),
      config: json(c.config),
      properties: c.properties ? json(c.properties) : null,
      external_id: `${c.scraper}/${c.type}/${c.name}`,
      parent_id: c.parent ? demoId(`config:${c.parent}`) : null,
      path: pathOf(c).replace(/^\./, '') || null,
      cost_per_minute: perMinute,
      cost_total_1d: perMinute === null ? null : round(perMinute * 1440),
      cost_total_7d: perMinute === null ? null : round(perMinute * 1440 * 7),
      cost_total_30d: perMinute === null ? null : round(perMinute * 1440 * 30),
      last_scraped_time: minutesAgo(c.key === 'ec2:legacy' ? 190 : 12),
      created_at: minutesAgo(60 * 24 * 40),
    });
  }

  const changes: [string, string, string, string, string, number, Row?][] = [
    ['deploy:checkout-api', 'diff', 'info', 'Image updated: checkout-api 1.41.2 → 1.42.0', 'kubernetes', 20 * 60, { image: { from: '1.41.2', to: '1.42.0' } }],
    ['deploy:checkout-api', 'ScalingReplicaSet', 'info', 'Scaled up replica set checkout-api-7d9f8c6b5 to 2', 'kubernetes', 20 * 60 - 2],
    ['deploy:payments-api', 'diff', 'medium', 'Image updated: payments-api 3.8.0 → 3.9.0', 'kubernetes', 130, { image: { from: '3.8.0', to: '3.9.0' } }],
    ['pod:payments-api:0', 'BackOff', 'high', 'Back-off restarting failed container payments-api', 'kubernetes', 118],
    ['pod:payments-api:1', 'BackOff', 'high', 'Back-off restarting failed container payments-api', 'kubernetes', 117],
    ['pod:payments-api:0', 'Unhealthy', 'warning', 'Readiness probe failed: HTTP probe failed with statuscode: 503', 'kubernetes', 116],
    ['deploy:ledger-worker', 'diff', 'low', 'Resources changed: memory limit 512Mi → 1Gi', 'kubernetes', 300],
    ['pod:ledger-worker:1', 'FailedScheduling', 'warning', '0/3 nodes are available: 3 Insufficient memory', 'kubernetes', 290],
    ['rds:ledger', 'ModifyDBInstance', 'medium', 'Allocated storage changed 200 GiB → 250 GiB (pending reboot)', 'AWS CloudTrail', 26 * 60],
    ['ec2:legacy', 'StopInstances', 'info', 'Instance stopped by ops-automation', 'AWS CloudTrail', 14 * 24 * 60],
    ['iam:ci', 'AttachRolePolicy', 'high', 'Policy AmazonS3FullAccess attached to role ci-deployer', 'AWS CloudTrail', 30 * 60],
    ['deploy:prometheus', 'diff', 'info', 'Scrape interval changed 30s → 15s', 'kubernetes', 44 * 60],
    ['cm:payments-config', 'diff', 'medium', 'Key LEDGER_DB_POOL_SIZE removed', 'kubernetes', 135],
    ['s3:checkout-assets', 'PutBucketVersioning', 'medium', 'Versioning suspended', 'AWS CloudTrail', 6 * 24 * 60],
  ];
  for (const [i, [config, type, severity, summary, source, ago, details]] of changes.entries()) {
    await insert(ctx, 'config_changes', {
      id: demoId(`change:${i}`),
      config_id: demoId(`config:${config}`),
      external_change_id: `demo-${i}`,
      change_type: type,
      severity,
      summary,
      source,
      details: details ? json(details) : null,
      diff: type === 'diff' && details ? diffOf(details) : null,
      created_at: minutesAgo(ago),
      first_observed: minutesAgo(ago),
    });
  }

  const analyses: [string, string, string, string, string, string, string][] = [
    ['iam:ci', 'iam-policy-wildcard', 'security', 'high', 'open', 'Role ci-deployer allows s3:* on all buckets', 'Wildcard S3 access'],
    ['ec2:legacy', 'ec2-idle-instance', 'cost', 'medium', 'open', 'Instance stopped for 14 days; its EBS volumes are still billed', 'Idle instance'],
    ['deploy:payments-api', 'crashloop-detector', 'reliability', 'high', 'open', 'Pods restarted 37 times in the last hour', 'Crash loop'],
    ['deploy:checkout-web', 'single-replica', 'availability', 'low', 'open', 'Deployment runs a single replica', 'Single replica'],
    ['rds:ledger', 'rds-free-storage', 'performance', 'warning', 'open', 'Free storage below 15%', 'Low free storage'],
    ['s3:checkout-assets', 'bucket-versioning', 'security', 'medium', 'resolved', 'Bucket versioning is suspended', 'Versioning suspended'],
  ];
  for (const [i, [config, analyzer, type, severity, status, message, summary]] of analyses.entries()) {
    await insert(ctx, 'config_analysis', {
      id: demoId(`analysis:${i}`),
      config_id: demoId(`config:${config}`),
      scraper_id: ctx.scrapers[ctx.configs.get(config)!.scraper],
      analyzer,
      analysis_type: type,
      severity,
      status,
      message,
      summary,
      source: ctx.configs.get(config)!.scraper === 'aws' ? 'AWS Trusted Advisor' : 'kubernetes',
      first_observed: minutesAgo(60 * (i + 2)),
      last_observed: minutesAgo(10),
    });
  }

  const relationships: [string, string, string][] = [
    ['eks', 'cluster', 'EKSCluster'],
    ['node:ip-10-0-1-21', 'ec2:node-a', 'NodeInstance'],
    ['node:ip-10-0-2-37', 'ec2:node-b', 'NodeInstance'],
    ['node:ip-10-0-3-54', 'ec2:node-c', 'NodeInstance'],
    ['svc:checkout-api', 'deploy:checkout-api', 'ServiceDeployment'],
    ['svc:payments-api', 'deploy:payments-api', 'ServiceDeployment'],
    ['deploy:checkout-api', 'cm:checkout-config', 'DeploymentConfigMap'],
    ['deploy:payments-api', 'cm:payments-config', 'DeploymentConfigMap'],
    ['deploy:checkout-api', 'rds:orders', 'UsesDatabase'],
    ['deploy:ledger-worker', 'rds:ledger', 'UsesDatabase'],
    ['deploy:payments-api', 'rds:ledger', 'UsesDatabase'],
    ['iam:irsa', 'deploy:checkout-api', 'ServiceAccountRole'],
  ];
  for (const [from, to, relation] of relationships) {
    await insert(ctx, 'config_relationships', {
      config_id: demoId(`config:${from}`),
      related_id: demoId(`config:${to}`),
      relation,
      selector_id: 'demo',
    });
  }
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

function diffOf(details: Row): string {
  const image = details.image as { from: string; to: string } | undefined;
  if (!image) return '';
  return `--- before\n+++ after\n@@ -1 +1 @@\n-        image: ${image.from}\n+        image: ${image.to}\n`;
}

/**
 * A real scraper over the shipped demo files (`demo/catalog`): services (YAML), databases (one JSON list split into
 * items) and shop settings (properties), with each service related to its database. Due at once, so a newcomer's
 * first start shows scraped items within seconds; editing a demo file shows up as a change on the next scrape.
 */
export async function seedDemoScraper(ctx: SeedContext, demoDir: string): Promise<void> {
  const dir = path.join(demoDir, 'catalog');
  const spec = {
    schedule: '@every 5m',
    file: [
      {
        paths: [path.join(dir, 'services', '*.yaml')],
        id: '$.id',
        name: '$.name',
        type: '$.type',
        health: '$.health',
        tags: { team: '$.team' },
        transform: { relationship: [{ name: '$.database', type: 'Shop::Database', relation: 'ServiceDatabase' }] },
      },
      { paths: [path.join(dir, 'databases.json')], items: '$[*]', id: '$.id', name: '$.name', type: 'Shop::Database', health: '$.health' },
      { paths: [path.join(dir, 'shop.properties')], id: 'shop-settings', name: 'shop settings', type: 'Shop::Settings' },
    ],
  };
  await ensure(
    ctx,
    'config_scrapers',
    {
      id: demoId('scraper:demo-files'),
      name: 'demo-catalog',
      namespace: 'default',
      description: 'Scrapes the demo files shipped in demo/catalog',
      spec: json(spec),
      schedule: spec.schedule,
      source: 'UI',
      created_by: ctx.adminId,
      next_runtime: new Date(),
    },
    ['namespace', 'name'],
  );
}
