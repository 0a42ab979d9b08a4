import { createHash } from 'node:crypto';

/** Anything with `query(sql, params)`: a pg Pool or Client, or the gateway's Db service. */
export interface SeedQueryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

type Row = Record<string, unknown>;

const MARKER = 'demo.seeded';
const LOCAL_AGENT_ID = '00000000-0000-0000-0000-000000000000';
const CLUSTER = 'prod-eu-1';
const REGION = 'eu-west-1';

/**
 * Fills an empty console with a small, coherent demo world: people and teams, a Kubernetes cluster and an AWS
 * account in the catalogue with changes and insights, a topology, a canary with an hour of results, two
 * incidents under investigation, playbooks with runs, job history, a connection and a notification rule.
 *
 * Idempotent: does nothing when the property `demo.seeded` exists and sets it at the end. Rows have stable
 * ids derived from a key and are inserted with ON CONFLICT DO NOTHING, so an interrupted seed can simply run
 * again. Plain parameterised SQL only, one statement per call (works on a pool; no transaction needed).
 */
export async function seedDemoData(db: SeedQueryable, adminId: string): Promise<void> {
  const marker = rowsOf(await db.query(`SELECT 1 FROM properties WHERE name = $1`, [MARKER]));
  if (marker.length) return;
  await new DemoSeeder(db, adminId).run();
  await db.query(
    `INSERT INTO properties (name, value, description, created_by) VALUES ($1, 'true', $2, $3) ON CONFLICT (name) DO NOTHING`,
    [MARKER, 'Demo data has been loaded (delete this property and restart with demo data on to load it again)', adminId],
  );
}

function rowsOf(result: unknown): Row[] {
  if (Array.isArray(result)) return result as Row[];
  const rows = (result as { rows?: unknown } | null)?.rows;
  return Array.isArray(rows) ? (rows as Row[]) : [];
}

/** A stable UUID (v5 layout) for a demo key, so every run addresses the same rows. */
export function demoId(key: string): string {
  const hex = createHash('sha1').update(`ops-console-demo:${key}`).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const json = (value: unknown): string => JSON.stringify(value);
const minutesAgo = (minutes: number): Date => new Date(Date.now() - minutes * 60_000);

interface ConfigSeed {
  key: string;
  type: string;
  name: string;
  parent?: string;
  scraper: 'k8s' | 'aws';
  status: string;
  health: 'healthy' | 'unhealthy' | 'warning' | 'unknown';
  labels?: Record<string, string>;
  tags: Record<string, string>;
  config: Record<string, unknown>;
  properties?: { name: string; text: string }[];
  description?: string;
  costPerMinute?: number;
}

class DemoSeeder {
  private readonly people = new Map<string, string>();
  private readonly teams = new Map<string, string>();
  private readonly configs = new Map<string, ConfigSeed>();
  private scrapers: Record<'k8s' | 'aws', string> = { k8s: '', aws: '' };
  private canaryId = '';
  private topologyId = '';

  constructor(
    private readonly db: SeedQueryable,
    private readonly adminId: string,
  ) {}

  async run(): Promise<void> {
    await this.seedPeopleAndTeams();
    await this.seedAgent();
    await this.seedCatalog();
    await this.seedTopology();
    await this.seedHealth();
    await this.seedIncidents();
    await this.seedPlaybooks();
    await this.seedSettings();
  }

  // ---- helpers --------------------------------------------------------------------------------------------

  private async insert(table: string, row: Row): Promise<Row[]> {
    const columns = Object.keys(row);
    const sql =
      `INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')}) ` +
      `VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) ON CONFLICT DO NOTHING RETURNING *`;
    return rowsOf(await this.db.query(sql, columns.map((c) => row[c])));
  }

  /**
   * Inserts a row that also has a natural key (email, name, namespace+name, ...) and returns its id: the new
   * one, or the id of the row that already holds that key.
   */
  private async ensure(table: string, row: Row, naturalKey: string[], softDeleted = true): Promise<string> {
    const inserted = await this.insert(table, row);
    if (inserted.length) return String(inserted[0].id);
    const where = naturalKey.map((c, i) => `"${c}" = $${i + 1}`);
    if (softDeleted) where.push('deleted_at IS NULL');
    const found = rowsOf(
      await this.db.query(`SELECT id FROM ${table} WHERE ${where.join(' AND ')} LIMIT 1`, naturalKey.map((c) => row[c])),
    );
    return found.length ? String(found[0].id) : String(row.id);
  }

  private person(key: string): string {
    const id = this.people.get(key);
    if (!id) throw new Error(`demo data: unknown person ${key}`);
    return id;
  }

  // ---- people, teams, agents ------------------------------------------------------------------------------

  private async seedPeopleAndTeams(): Promise<void> {
    const people = [
      { key: 'alice', name: 'Alice Nguyen', email: 'alice.nguyen@example.com', role: 'commander' },
      { key: 'bob', name: 'Bob Martins', email: 'bob.martins@example.com', role: 'responder' },
      { key: 'carla', name: 'Carla Diaz', email: 'carla.diaz@example.com', role: 'editor' },
      { key: 'deepak', name: 'Deepak Rao', email: 'deepak.rao@example.com', role: 'responder' },
      { key: 'emma', name: 'Emma Schmidt', email: 'emma.schmidt@example.com', role: 'viewer' },
    ];
    for (const p of people) {
      const id = await this.ensure('people', { id: demoId(`person:${p.key}`), name: p.name, email: p.email }, ['email'], false);
      this.people.set(p.key, id);
      await this.insert('person_roles', { person_id: id, role: p.role });
    }

    const teams = [
      {
        key: 'sre',
        name: 'SRE',
        icon: 'kubernetes',
        members: ['alice', 'bob', 'deepak'],
        spec: {
          responder_clients: {
            jira: {
              values: {
                projects: [
                  {
                    key: 'OPS',
                    name: 'Operations',
                    issueTypes: ['Incident', 'Task', 'Bug'],
                    priorities: ['Highest', 'High', 'Medium', 'Low'],
                  },
                  { key: 'PAY', name: 'Payments', issueTypes: ['Incident', 'Bug'], priorities: ['High', 'Medium', 'Low'] },
                ],
              },
              defaults: {
                project: 'OPS',
                issueType: 'Incident',
                priority: 'High',
                summary: '[{{incident.incident_id}}] {{incident.title}}',
                description: '{{incident.description}}',
              },
              linkUrl: 'https://example.atlassian.net/browse/{{external_id}}',
            },
            email: {
              values: { to: ['sre-oncall@example.com', 'sre@example.com'] },
              defaults: {
                to: 'sre-oncall@example.com',
                subject: '[{{incident.incident_id}}] {{incident.title}}',
                body: 'Severity {{incident.severity}}: {{incident.description}}',
              },
              linkUrl: 'mailto:sre-oncall@example.com',
            },
          },
        },
      },
      { key: 'platform', name: 'Platform', icon: 'cloud', members: ['carla', 'emma'], spec: {} },
      { key: 'database', name: 'Database', icon: 'database', members: ['deepak', 'bob'], spec: {} },
    ];
    for (const t of teams) {
      const id = await this.ensure(
        'teams',
        { id: demoId(`team:${t.key}`), name: t.name, icon: t.icon, spec: json(t.spec), created_by: this.adminId },
        ['name'],
      );
      this.teams.set(t.key, id);
      for (const member of t.members) await this.insert('team_members', { team_id: id, person_id: this.person(member) });
    }
  }

  private async seedAgent(): Promise<void> {
    await this.ensure(
      'agents',
      {
        id: demoId('agent:edge'),
        name: 'edge-eu-west-2',
        description: 'Edge cluster in London',
        properties: json({ region: 'eu-west-2', env: 'edge' }),
        last_seen: minutesAgo(180),
        last_received: minutesAgo(181),
        created_by: this.adminId,
      },
      ['name'],
    );
  }

  // ---- catalogue ------------------------------------------------------------------------------------------

  private configList(): ConfigSeed[] {
    const list: ConfigSeed[] = [];
    const k8sTags = (namespace?: string) => ({ cluster: CLUSTER, ...(namespace ? { namespace } : {}) });
    list.push({
      key: 'cluster',
      type: 'Kubernetes::Cluster',
      name: CLUSTER,
      scraper: 'k8s',
      status: 'Running',
      health: 'healthy',
      tags: k8sTags(),
      config: { apiVersion: 'v1', kind: 'Cluster', metadata: { name: CLUSTER }, version: 'v1.30.4' },
      properties: [{ name: 'version', text: 'v1.30.4' }, { name: 'region', text: REGION }],
    });
    const nodes = ['ip-10-0-1-21', 'ip-10-0-2-37', 'ip-10-0-3-54'];
    nodes.forEach((node, i) => {
      list.push({
        key: `node:${node}`,
        type: 'Kubernetes::Node',
        name: `${node}.${REGION}.compute.internal`,
        parent: 'cluster',
        scraper: 'k8s',
        status: 'Ready',
        health: 'healthy',
        labels: { 'node.kubernetes.io/instance-type': 'm5.xlarge', 'topology.kubernetes.io/zone': `${REGION}${'abc'[i]}` },
        tags: k8sTags(),
        config: { apiVersion: 'v1', kind: 'Node', metadata: { name: `${node}.${REGION}.compute.internal` } },
        properties: [
          { name: 'zone', text: `${REGION}${'abc'[i]}` },
          { name: 'os', text: 'linux' },
          { name: 'arch', text: 'amd64' },
        ],
      });
    });
    const namespaces = ['checkout', 'payments', 'monitoring'];
    for (const ns of namespaces) {
      list.push({
        key: `ns:${ns}`,
        type: 'Kubernetes::Namespace',
        name: ns,
        parent: 'cluster',
        scraper: 'k8s',
        status: 'Active',
        health: 'healthy',
        labels: { 'kubernetes.io/metadata.name': ns },
        tags: k8sTags(ns),
        config: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } },
      });
    }
    const deployments = [
      { ns: 'checkout', name: 'checkout-api', image: 'checkout-api:1.42.0', health: 'healthy', status: 'Running', team: 'sre' },
      { ns: 'checkout', name: 'checkout-web', image: 'checkout-web:2.7.1', health: 'healthy', status: 'Running', team: 'sre' },
      { ns: 'payments', name: 'payments-api', image: 'payments-api:3.9.0', health: 'unhealthy', status: 'Degraded', team: 'sre' },
      { ns: 'payments', name: 'ledger-worker', image: 'ledger-worker:2.3.1', health: 'warning', status: 'Progressing', team: 'database' },
      { ns: 'monitoring', name: 'prometheus', image: 'prometheus:v2.54.1', health: 'healthy', status: 'Running', team: 'platform' },
      { ns: 'monitoring', name: 'grafana', image: 'grafana:11.2.0', health: 'healthy', status: 'Running', team: 'platform' },
    ] as const;
    const podSuffixes = [
      ['7d9f8c6b5-x2k4p', '7d9f8c6b5-qm8zt'],
      ['5b6c9d7f4-h7r2n', '5b6c9d7f4-wp3kd'],
      ['6f4b8d9c7-ztl5v', '6f4b8d9c7-9nq2c'],
      ['84c7d5f96-b4m7x', '84c7d5f96-r6t9s'],
      ['0', '1'],
      ['68f9c7b54-kk2vd', '68f9c7b54-s8x3j'],
    ];
    deployments.forEach((d, i) => {
      const labels = { app: d.name, team: d.team, 'app.kubernetes.io/part-of': d.ns };
      list.push({
        key: `deploy:${d.name}`,
        type: 'Kubernetes::Deployment',
        name: d.name,
        parent: `ns:${d.ns}`,
        scraper: 'k8s',
        status: d.status,
        health: d.health,
        labels,
        tags: k8sTags(d.ns),
        config: {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: d.name, namespace: d.ns, labels },
          spec: {
            replicas: d.name === 'checkout-web' ? 1 : 2,
            template: { spec: { containers: [{ name: d.name, image: `registry.example.com/${d.image}` }] } },
          },
        },
        properties: [{ name: 'version', text: d.image.split(':')[1] }, { name: 'part-of', text: d.ns }],
      });
      podSuffixes[i].forEach((suffix, p) => {
        const crashing = d.name === 'payments-api';
        const pending = d.name === 'ledger-worker' && p === 1;
        const name = d.name === 'prometheus' ? `prometheus-server-${suffix}` : `${d.name}-${suffix}`;
        list.push({
          key: `pod:${d.name}:${p}`,
          type: 'Kubernetes::Pod',
          name,
          parent: `deploy:${d.name}`,
          scraper: 'k8s',
          status: crashing ? 'CrashLoopBackOff' : pending ? 'Pending' : 'Running',
          health: crashing ? 'unhealthy' : pending ? 'warning' : 'healthy',
          labels: { app: d.name, 'pod-template-hash': suffix.split('-')[0] },
          tags: k8sTags(d.ns),
          config: {
            apiVersion: 'v1',
            kind: 'Pod',
            metadata: { name, namespace: d.ns },
            spec: { nodeName: `${nodes[(i + p) % nodes.length]}.${REGION}.compute.internal` },
            status: { phase: pending ? 'Pending' : 'Running', restartCount: crashing ? 37 : 0 },
          },
        });
      });
      list.push({
        key: `svc:${d.name}`,
        type: 'Kubernetes::Service',
        name: d.name,
        parent: `ns:${d.ns}`,
        scraper: 'k8s',
        status: 'Active',
        health: 'healthy',
        labels: { app: d.name },
        tags: k8sTags(d.ns),
        config: {
          apiVersion: 'v1',
          kind: 'Service',
          metadata: { name: d.name, namespace: d.ns },
          spec: { type: 'ClusterIP', ports: [{ port: 80, targetPort: 8080 }], selector: { app: d.name } },
        },
      });
    });
    for (const [ns, name] of [
      ['checkout', 'checkout-config'],
      ['payments', 'payments-config'],
      ['monitoring', 'prometheus-config'],
    ]) {
      list.push({
        key: `cm:${name}`,
        type: 'Kubernetes::ConfigMap',
        name,
        parent: `ns:${ns}`,
        scraper: 'k8s',
        status: 'Active',
        health: 'healthy',
        tags: k8sTags(ns),
        config: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: ns }, data: { LOG_LEVEL: 'info' } },
      });
    }

    const awsTags = { account: 'prod', region: REGION };
    list.push({
      key: 'eks',
      type: 'AWS::EKS::Cluster',
      name: CLUSTER,
      scraper: 'aws',
      status: 'ACTIVE',
      health: 'healthy',
      labels: { env: 'production' },
      tags: awsTags,
      config: { Name: CLUSTER, Version: '1.30', PlatformVersion: 'eks.8' },
      costPerMinute: 0.0694,
    });
    const instances = [
      { key: 'ec2:node-a', name: 'eks-prod-eu-1-node-a', id: 'i-0a4f9c2e1b7d30001', state: 'running', health: 'healthy', type: 'm5.xlarge' },
      { key: 'ec2:node-b', name: 'eks-prod-eu-1-node-b', id: 'i-0a4f9c2e1b7d30002', state: 'running', health: 'healthy', type: 'm5.xlarge' },
      { key: 'ec2:node-c', name: 'eks-prod-eu-1-node-c', id: 'i-0a4f9c2e1b7d30003', state: 'running', health: 'healthy', type: 'm5.xlarge' },
      { key: 'ec2:bastion', name: 'bastion', id: 'i-07c1e5d9a2b460004', state: 'running', health: 'healthy', type: 't3.micro' },
      { key: 'ec2:legacy', name: 'legacy-batch', id: 'i-03b8d6f2c9e170005', state: 'stopped', health: 'unknown', type: 'r5.2xlarge' },
    ];
    for (const vm of instances) {
      list.push({
        key: vm.key,
        type: 'AWS::EC2::Instance',
        name: vm.name,
        scraper: 'aws',
        status: vm.state,
        health: vm.health as ConfigSeed['health'],
        labels: { Name: vm.name, env: 'production' },
        tags: { ...awsTags, zone: `${REGION}a` },
        config: { InstanceId: vm.id, InstanceType: vm.type, State: { Name: vm.state }, VpcId: 'vpc-0c2d4e6f8a1b3c5d7' },
        properties: [
          { name: 'region', text: REGION },
          { name: 'zone', text: `${REGION}a` },
          { name: 'vpc', text: 'vpc-0c2d4e6f8a1b3c5d7' },
          { name: 'subnet', text: 'subnet-0a1b2c3d4e5f60718' },
          { name: 'os', text: 'linux' },
          { name: 'arch', text: 'x86_64' },
        ],
        costPerMinute: vm.state === 'stopped' ? 0.0011 : vm.type === 't3.micro' ? 0.0002 : 0.0032,
      });
    }
    for (const [key, name, health, status] of [
      ['rds:orders', 'orders-db', 'healthy', 'available'],
      ['rds:ledger', 'ledger-db', 'warning', 'storage-full-soon'],
    ] as const) {
      list.push({
        key,
        type: 'AWS::RDS::DBInstance',
        name,
        scraper: 'aws',
        status,
        health,
        labels: { env: 'production' },
        tags: awsTags,
        config: { DBInstanceIdentifier: name, Engine: 'postgres', EngineVersion: '16.4', DBInstanceClass: 'db.r6g.large' },
        properties: [{ name: 'version', text: '16.4' }, { name: 'region', text: REGION }],
        costPerMinute: 0.0048,
      });
    }
    for (const name of ['checkout-assets', 'ledger-exports', 'logs-archive']) {
      list.push({
        key: `s3:${name}`,
        type: 'AWS::S3::Bucket',
        name: `example-${name}`,
        scraper: 'aws',
        status: 'Active',
        health: 'healthy',
        tags: awsTags,
        config: { Name: `example-${name}`, Versioning: name === 'checkout-assets' ? 'Suspended' : 'Enabled' },
        costPerMinute: 0.0003,
      });
    }
    for (const [key, name, health] of [
      ['iam:irsa', 'checkout-api-irsa', 'healthy'],
      ['iam:ci', 'ci-deployer', 'warning'],
    ] as const) {
      list.push({
        key,
        type: 'AWS::IAM::Role',
        name,
        scraper: 'aws',
        status: 'Active',
        health,
        tags: { account: 'prod' },
        config: { RoleName: name, Arn: `arn:aws:iam::123456789012:role/${name}` },
      });
    }
    return list;
  }

  private async seedCatalog(): Promise<void> {
    for (const [key, name, spec] of [
      ['k8s', `kubernetes-${CLUSTER}`, { kubernetes: [{ clusterName: CLUSTER }] }],
      ['aws', 'aws-prod', { aws: [{ region: [REGION], compliance: true, costReporting: { table: 'cur' } }] }],
    ] as const) {
      this.scrapers[key] = await this.ensure(
        'config_scrapers',
        {
          id: demoId(`scraper:${key}`),
          name,
          namespace: 'default',
          spec: json({ schedule: '@every 30m', ...spec }),
          schedule: '@every 30m',
          source: 'UI',
          created_by: this.adminId,
        },
        ['namespace', 'name'],
      );
    }

    const list = this.configList();
    for (const c of list) this.configs.set(c.key, c);
    const pathOf = (c: ConfigSeed): string => (c.parent ? `${pathOf(this.configs.get(c.parent)!)}.${demoId(`config:${c.parent}`)}` : '');
    for (const c of list) {
      const perMinute = c.costPerMinute ?? null;
      await this.insert('config_items', {
        id: demoId(`config:${c.key}`),
        scraper_id: this.scrapers[c.scraper],
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
      await this.insert('config_changes', {
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
      await this.insert('config_analysis', {
        id: demoId(`analysis:${i}`),
        config_id: demoId(`config:${config}`),
        scraper_id: this.scrapers[this.configs.get(config)!.scraper],
        analyzer,
        analysis_type: type,
        severity,
        status,
        message,
        summary,
        source: this.configs.get(config)!.scraper === 'aws' ? 'AWS Trusted Advisor' : 'kubernetes',
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
      await this.insert('config_relationships', {
        config_id: demoId(`config:${from}`),
        related_id: demoId(`config:${to}`),
        relation,
        selector_id: 'demo',
      });
    }
  }

  // ---- topology -------------------------------------------------------------------------------------------

  private async seedTopology(): Promise<void> {
    this.topologyId = await this.ensure(
      'topologies',
      {
        id: demoId('topology:checkout'),
        name: 'checkout-platform',
        namespace: 'default',
        icon: 'shopping-cart',
        labels: json({ team: 'sre' }),
        spec: json({ type: 'Application', icon: 'shopping-cart', schedule: '@every 5m', components: [{ name: 'checkout-api' }] }),
        schedule: '@every 5m',
        created_by: this.adminId,
      },
      ['namespace', 'name'],
    );
    const root = demoId('component:root');
    await this.insert('components', {
      id: root,
      topology_id: this.topologyId,
      name: 'Checkout Platform',
      type: 'Application',
      icon: 'shopping-cart',
      namespace: 'checkout',
      status: 'unhealthy',
      health: 'unhealthy',
      status_reason: '1 of 9 components unhealthy',
      labels: json({ namespace: 'checkout', team: 'sre' }),
      properties: json([
        { name: 'Environment', text: 'production', headline: true },
        { name: 'Region', text: REGION, headline: true },
      ]),
      summary: json({
        checks: { healthy: 3, unhealthy: 1 },
        incidents: { availability: { high: 1 } },
        insights: { reliability: { high: 1 }, performance: { warning: 1 } },
      }),
    });
    const children: [string, string, string, string, string, string | null, string | null, Row[]][] = [
      ['checkout-api', 'Service', 'http', 'healthy', 'checkout', 'deploy:checkout-api', null, [{ name: 'Version', text: '1.42.0', headline: true }, { name: 'CPU', value: 320, max: 1000, unit: 'millicores', headline: true }]],
      ['checkout-web', 'Service', 'http', 'healthy', 'checkout', 'deploy:checkout-web', null, [{ name: 'Version', text: '2.7.1', headline: true }]],
      ['payments-api', 'Service', 'http', 'unhealthy', 'payments', 'deploy:payments-api', 'CrashLoopBackOff on 2/2 pods', [{ name: 'Version', text: '3.9.0', headline: true }, { name: 'Error rate', value: 38, max: 100, unit: '%', headline: true }]],
      ['ledger-worker', 'Worker', 'cog', 'warning', 'payments', 'deploy:ledger-worker', '1 pod pending: insufficient memory', [{ name: 'Queue depth', value: 1840, headline: true }]],
      ['orders-db', 'Database', 'postgres', 'healthy', 'checkout', 'rds:orders', null, [{ name: 'Version', text: '16.4', headline: true }, { name: 'Connections', value: 112, max: 500, headline: true }]],
      ['ledger-db', 'Database', 'postgres', 'warning', 'payments', 'rds:ledger', 'Free storage below 15%', [{ name: 'Storage', value: 212, max: 250, unit: 'GiB', headline: true }]],
      ['redis-cache', 'Cache', 'redis', 'healthy', 'checkout', null, null, [{ name: 'Hit ratio', value: 97, max: 100, unit: '%', headline: true }]],
      ['ingress-nginx', 'Ingress', 'nginx', 'healthy', 'checkout', null, null, [{ name: 'Requests/s', value: 420, headline: true }]],
      ['prometheus', 'Monitoring', 'prometheus', 'healthy', 'monitoring', 'deploy:prometheus', null, [{ name: 'Series', value: 184000, headline: true }]],
    ];
    for (const [name, type, icon, health, ns, config, reason, properties] of children) {
      const id = demoId(`component:${name}`);
      await this.insert('components', {
        id,
        topology_id: this.topologyId,
        parent_id: root,
        name,
        type,
        icon,
        namespace: ns,
        path: root,
        status: health,
        health,
        status_reason: reason,
        labels: json({ namespace: ns }),
        properties: json(properties),
        logs: json(type === 'Database' ? [] : [{ name: 'loki' }]),
        is_leaf: true,
      });
      if (config) await this.insert('config_component_relationships', { component_id: id, config_id: demoId(`config:${config}`), selector_id: 'manual' });
    }
    const teamLinks: [string, string][] = [
      ['sre', 'component:root'],
      ['sre', 'component:payments-api'],
      ['database', 'component:orders-db'],
      ['database', 'component:ledger-db'],
      ['platform', 'component:ingress-nginx'],
      ['platform', 'component:prometheus'],
    ];
    for (const [team, component] of teamLinks) {
      await this.insert('team_components', { team_id: this.teams.get(team), component_id: demoId(component), selector_id: 'demo' });
    }
  }

  // ---- health ---------------------------------------------------------------------------------------------

  private async seedHealth(): Promise<void> {
    const checks = [
      { key: 'checkout', type: 'http', name: 'checkout-api health', endpoint: 'https://checkout.example.com/healthz', base: 110, spread: 60, failEvery: 0, severity: 'high', component: 'checkout-api', config: 'deploy:checkout-api' },
      { key: 'payments', type: 'http', name: 'payments-api health', endpoint: 'https://payments.example.com/healthz', base: 640, spread: 900, failEvery: 3, severity: 'critical', component: 'payments-api', config: 'deploy:payments-api' },
      { key: 'orders-db', type: 'tcp', name: 'orders-db port', endpoint: `orders-db.c9xk2.${REGION}.rds.amazonaws.com:5432`, base: 12, spread: 9, failEvery: 0, severity: 'high', component: 'orders-db', config: 'rds:orders' },
      { key: 'dns', type: 'dns', name: 'checkout.example.com', endpoint: 'checkout.example.com', base: 6, spread: 11, failEvery: 0, severity: 'medium', component: null, config: null },
    ];
    const spec = {
      schedule: '@every 1m',
      http: checks.filter((c) => c.type === 'http').map((c) => ({ name: c.name, url: c.endpoint, responseCodes: [200] })),
      tcp: checks.filter((c) => c.type === 'tcp').map((c) => ({ name: c.name, endpoint: c.endpoint })),
      dns: checks.filter((c) => c.type === 'dns').map((c) => ({ name: c.name, query: c.endpoint, querytype: 'A' })),
    };
    this.canaryId = await this.ensure(
      'canaries',
      {
        id: demoId('canary:checkout'),
        name: 'checkout-endpoints',
        namespace: 'default',
        labels: json({ team: 'sre', env: 'production' }),
        spec: json(spec),
        schedule: '@every 1m',
        source: 'UI',
        created_by: this.adminId,
      },
      ['namespace', 'name'],
    );
    for (const c of checks) {
      const id = await this.ensure(
        'checks',
        {
          id: demoId(`check:${c.key}`),
          canary_id: this.canaryId,
          type: c.type,
          name: c.name,
          description: `${c.type.toUpperCase()} check of ${c.endpoint}`,
          icon: c.type,
          labels: json({ team: 'sre', env: 'production' }),
          endpoint: c.endpoint,
          namespace: 'default',
          severity: c.severity,
          owner: 'sre',
          spec: json({ name: c.name, endpoint: c.endpoint }),
          status: c.failEvery ? 'unhealthy' : 'healthy',
          last_runtime: minutesAgo(0.5),
          last_transition_time: minutesAgo(c.failEvery ? 118 : 60 * 26),
          next_runtime: minutesAgo(-0.5),
        },
        ['canary_id', 'type', 'name'],
        false,
      );
      // One result per minute for the last hour: duration varies, every failEvery-th run fails.
      await this.db.query(
        `INSERT INTO check_statuses (check_id, time, duration, status, message, error)
         SELECT $1::uuid, date_trunc('minute', now()) - make_interval(mins => n),
                $2::int + ((n * 37) % ($3::int + 1)),
                ($4::int = 0 OR n % $4::int <> 0),
                CASE WHEN $4::int = 0 OR n % $4::int <> 0 THEN $5 ELSE NULL END,
                CASE WHEN $4::int = 0 OR n % $4::int <> 0 THEN NULL ELSE $6 END
         FROM generate_series(0, 59) AS n
         ON CONFLICT DO NOTHING`,
        [id, c.base, c.spread, c.failEvery, c.type === 'http' ? 'HTTP 200 OK' : 'ok', 'HTTP 503 Service Unavailable'],
      );
      if (c.component) {
        await this.insert('check_component_relationships', { component_id: demoId(`component:${c.component}`), check_id: id, canary_id: this.canaryId, selector_id: 'demo' });
      }
      if (c.config) {
        await this.insert('check_config_relationships', { config_id: demoId(`config:${c.config}`), check_id: id, canary_id: this.canaryId, selector_id: 'demo' });
      }
    }
  }

  // ---- incidents ------------------------------------------------------------------------------------------

  private async seedIncidents(): Promise<void> {
    const admin = this.adminId;
    const payments = demoId('incident:payments');
    const inserted = await this.insert('incidents', {
      id: payments,
      title: 'Payments API returning 5xx after the 3.9.0 rollout',
      description: 'Checkout payments fail for about 38% of orders since the payments-api 3.9.0 rollout.',
      severity: 'high',
      type: 'availability',
      status: 'open',
      created_by: admin,
      commander_id: this.person('alice'),
      communicator_id: this.person('carla'),
      created_at: minutesAgo(115),
    });
    if (inserted.length) {
      await this.db.query(`UPDATE incidents SET status = 'investigating', acknowledged = $2 WHERE id = $1 AND status = 'open'`, [payments, minutesAgo(100)]);
      // The trigger stamps the status change with the wall clock; place it in the demo timeline.
      await this.db.query(
        `UPDATE incident_histories SET created_at = $2 WHERE incident_id = $1 AND type = 'incident.status_updated'`,
        [payments, minutesAgo(100)],
      );
    }
    const h = {
      root: demoId('hypothesis:payments:root'),
      factor: demoId('hypothesis:payments:factor'),
      solution: demoId('hypothesis:payments:solution'),
    };
    await this.insert('hypotheses', { id: h.root, incident_id: payments, title: 'Payments API returning 5xx after the 3.9.0 rollout', type: 'root', status: 'likely', created_by: admin, created_at: minutesAgo(114) });
    await this.insert('hypotheses', { id: h.factor, incident_id: payments, parent_id: h.root, title: 'payments-api 3.9.0 crashes at start: LEDGER_DB_POOL_SIZE was removed from payments-config', type: 'factor', status: 'likely', created_by: this.person('bob'), created_at: minutesAgo(105) });
    await this.insert('hypotheses', { id: h.solution, incident_id: payments, parent_id: h.factor, title: 'Roll back payments-api to 3.8.0 and restore LEDGER_DB_POOL_SIZE', type: 'solution', status: 'possible', created_by: this.person('alice'), created_at: minutesAgo(90) });

    const evidences: Row[] = [
      { id: demoId('evidence:payments:component'), hypothesis_id: h.root, type: 'topology', description: 'Topology', component_id: demoId('component:payments-api'), created_by: admin, created_at: minutesAgo(113) },
      {
        id: demoId('evidence:payments:check'),
        hypothesis_id: h.root,
        type: 'check',
        description: 'payments-api health check failing',
        check_id: demoId('check:payments'),
        evidence: json({ start: '1h', includeMessages: true }),
        definition_of_done: true,
        script: 'check is healthy and older than 5m',
        created_by: this.person('alice'),
        created_at: minutesAgo(112),
      },
      { id: demoId('evidence:payments:change'), hypothesis_id: h.factor, type: 'config_change', description: 'Image updated to 3.9.0', config_change_id: demoId('change:2'), config_id: demoId('config:deploy:payments-api'), created_by: this.person('bob'), created_at: minutesAgo(104) },
      { id: demoId('evidence:payments:configmap'), hypothesis_id: h.factor, type: 'config_change', description: 'LEDGER_DB_POOL_SIZE removed', config_change_id: demoId('change:12'), config_id: demoId('config:cm:payments-config'), created_by: this.person('bob'), created_at: minutesAgo(103) },
      {
        id: demoId('evidence:payments:log'),
        hypothesis_id: h.factor,
        type: 'log',
        description: 'Start-up failure in payments-api logs',
        config_id: demoId('config:pod:payments-api:0'),
        evidence: json({
          lines: [
            { timestamp: minutesAgo(117).toISOString(), message: 'starting payments-api 3.9.0', labels: { pod: 'payments-api-6f4b8d9c7-ztl5v' } },
            { timestamp: minutesAgo(117).toISOString(), message: 'fatal: environment variable LEDGER_DB_POOL_SIZE not set', labels: { pod: 'payments-api-6f4b8d9c7-ztl5v' } },
          ],
          selected_lines: { '1': true },
        }),
        created_by: this.person('bob'),
        created_at: minutesAgo(102),
      },
      { id: demoId('evidence:payments:analysis'), hypothesis_id: h.solution, type: 'config_analysis', description: 'Crash loop detected', config_analysis_id: demoId('analysis:2'), config_id: demoId('config:deploy:payments-api'), definition_of_done: true, script: 'analysis resolved', created_by: this.person('alice'), created_at: minutesAgo(88) },
    ];
    for (const e of evidences) await this.insert('evidences', e);

    const sre = demoId('responder:payments:sre');
    const bob = demoId('responder:payments:bob');
    await this.insert('responders', {
      id: sre,
      incident_id: payments,
      type: 'system',
      team_id: this.teams.get('sre'),
      properties: json({ responderType: 'jira', project: 'OPS', issueType: 'Incident', priority: 'High', summary: '[payments] Payments API returning 5xx', description: 'See the console incident.' }),
      external_id: 'OPS-1287',
      acknowledge_time: minutesAgo(100),
      created_by: admin,
      created_at: minutesAgo(111),
    });
    await this.insert('responders', { id: bob, incident_id: payments, type: 'person', person_id: this.person('bob'), properties: json({ responderType: 'person' }), acknowledge_time: minutesAgo(98), created_by: admin, created_at: minutesAgo(110) });
    await this.insert('comments', { id: demoId('comment:payments:1'), incident_id: payments, hypothesis_id: h.root, comment: `Paging SRE. 5xx rate is 38% since the rollout, @[Bob Martins](user:${this.person('bob')}) can you look at the pods?`, created_by: this.person('alice'), created_at: minutesAgo(108) });
    await this.insert('comments', { id: demoId('comment:payments:2'), incident_id: payments, hypothesis_id: h.factor, responder_id: bob, comment: 'Pods crash with "LEDGER_DB_POOL_SIZE not set". The key was removed from payments-config in the same change. Preparing a rollback.', created_by: this.person('bob'), created_at: minutesAgo(97) });

    const iam = demoId('incident:iam');
    await this.insert('incidents', {
      id: iam,
      title: 'IAM role ci-deployer allows s3:* on all buckets',
      description: 'AmazonS3FullAccess was attached to the CI role during the pipeline migration.',
      severity: 'medium',
      type: 'security',
      status: 'open',
      created_by: admin,
      commander_id: this.person('carla'),
      created_at: minutesAgo(60 * 20),
    });
    const i = {
      root: demoId('hypothesis:iam:root'),
      factor: demoId('hypothesis:iam:factor'),
      solution: demoId('hypothesis:iam:solution'),
    };
    await this.insert('hypotheses', { id: i.root, incident_id: iam, title: 'IAM role ci-deployer allows s3:* on all buckets', type: 'root', status: 'proven', created_by: admin, created_at: minutesAgo(1199) });
    await this.insert('hypotheses', { id: i.factor, incident_id: iam, parent_id: i.root, title: 'Policy attached by hand during the pipeline migration', type: 'factor', status: 'likely', created_by: this.person('carla'), created_at: minutesAgo(1100) });
    await this.insert('hypotheses', { id: i.solution, incident_id: iam, parent_id: i.factor, title: 'Scope the policy to the deployment buckets', type: 'solution', status: 'possible', created_by: this.person('carla'), created_at: minutesAgo(1090) });
    await this.insert('evidences', { id: demoId('evidence:iam:analysis'), hypothesis_id: i.root, type: 'config_analysis', description: 'Wildcard S3 access', config_analysis_id: demoId('analysis:0'), config_id: demoId('config:iam:ci'), definition_of_done: true, script: 'analysis resolved', created_by: this.person('carla'), created_at: minutesAgo(1195) });
    await this.insert('evidences', { id: demoId('evidence:iam:change'), hypothesis_id: i.factor, type: 'config_change', description: 'AttachRolePolicy AmazonS3FullAccess', config_change_id: demoId('change:10'), config_id: demoId('config:iam:ci'), created_by: this.person('carla'), created_at: minutesAgo(1098) });
    await this.insert('responders', { id: demoId('responder:iam:deepak'), incident_id: iam, type: 'person', person_id: this.person('deepak'), properties: json({ responderType: 'person' }), created_by: admin, created_at: minutesAgo(1180) });
    await this.insert('comments', { id: demoId('comment:iam:1'), incident_id: iam, hypothesis_id: i.factor, comment: 'CloudTrail shows the attachment came from the migration runbook. Drafting a scoped policy.', created_by: this.person('carla'), created_at: minutesAgo(1095) });
  }

  // ---- playbooks ------------------------------------------------------------------------------------------

  private async seedPlaybooks(): Promise<void> {
    const restartSpec = {
      title: 'Restart deployment',
      description: 'Rolling restart of a Kubernetes deployment',
      category: 'Kubernetes',
      icon: 'kubernetes',
      configs: [{ types: ['Kubernetes::Deployment'] }],
      parameters: [
        { name: 'reason', label: 'Reason', type: 'text', required: true },
        { name: 'wait', label: 'Wait for rollout', type: 'checkbox', default: 'true' },
      ],
      actions: [
        { name: 'Restart', exec: { script: 'kubectl rollout restart deployment/{{.config.name}} -n {{.config.tags.namespace}}' } },
        { name: 'Wait for rollout', exec: { script: 'kubectl rollout status deployment/{{.config.name}} -n {{.config.tags.namespace}} --timeout=5m' } },
      ],
    };
    const diagnoseSpec = {
      title: 'Collect pod diagnostics',
      description: 'Describe a pod and keep the last 500 log lines of each container',
      category: 'Troubleshooting',
      icon: 'search',
      configs: [{ types: ['Kubernetes::Pod'] }],
      parameters: [{ name: 'lines', label: 'Log lines', type: 'text', default: '500', properties: { regex: '^[0-9]+$' } }],
      actions: [{ name: 'Describe and logs', exec: { script: 'kubectl describe pod {{.config.name}} -n {{.config.tags.namespace}}' } }],
    };
    const restart = await this.ensure(
      'playbooks',
      { id: demoId('playbook:restart'), name: 'restart-deployment', title: restartSpec.title, icon: restartSpec.icon, description: restartSpec.description, category: restartSpec.category, spec: json(restartSpec), created_by: this.adminId },
      ['namespace', 'name'],
    );
    await this.ensure(
      'playbooks',
      { id: demoId('playbook:diagnose'), name: 'collect-pod-diagnostics', title: diagnoseSpec.title, icon: diagnoseSpec.icon, description: diagnoseSpec.description, category: diagnoseSpec.category, spec: json(diagnoseSpec), created_by: this.adminId },
      ['namespace', 'name'],
    );

    const runs = [
      { key: 'ok', config: 'deploy:checkout-api', status: 'completed', ago: 60 * 22, took: 3, error: null as string | null },
      { key: 'failed', config: 'deploy:payments-api', status: 'failed', ago: 95, took: 6, error: 'deployment "payments-api" exceeded its progress deadline' },
    ];
    for (const r of runs) {
      const run = demoId(`run:${r.key}`);
      await this.insert('playbook_runs', {
        id: run,
        playbook_id: restart,
        status: r.status,
        spec: json(restartSpec),
        parameters: json({ reason: r.key === 'ok' ? 'Pick up rotated credentials' : 'Pods in CrashLoopBackOff', wait: 'true' }),
        config_id: demoId(`config:${r.config}`),
        error: r.error,
        scheduled_time: minutesAgo(r.ago),
        start_time: minutesAgo(r.ago),
        end_time: minutesAgo(r.ago - r.took),
        created_by: r.key === 'ok' ? this.adminId : this.person('bob'),
        created_at: minutesAgo(r.ago),
      });
      await this.insert('playbook_run_actions', {
        id: demoId(`run:${r.key}:restart`),
        playbook_run_id: run,
        name: 'Restart',
        status: 'completed',
        scheduled_time: minutesAgo(r.ago),
        start_time: minutesAgo(r.ago),
        end_time: minutesAgo(r.ago - 0.1),
        result: json({ stdout: `deployment.apps/${this.configs.get(r.config)!.name} restarted`, stderr: '' }),
      });
      await this.insert('playbook_run_actions', {
        id: demoId(`run:${r.key}:wait`),
        playbook_run_id: run,
        name: 'Wait for rollout',
        status: r.status,
        scheduled_time: minutesAgo(r.ago - 0.1),
        start_time: minutesAgo(r.ago - 0.1),
        end_time: minutesAgo(r.ago - r.took),
        result: json(
          r.error
            ? { stdout: 'Waiting for deployment "payments-api" rollout to finish: 0 of 2 updated replicas are available...', stderr: r.error }
            : { stdout: 'deployment "checkout-api" successfully rolled out', stderr: '' },
        ),
        error: r.error,
      });
    }
  }

  // ---- settings: jobs, connections, log backends, notifications -------------------------------------------

  private async seedSettings(): Promise<void> {
    const lokiId = await this.ensure(
      'logging_backends',
      { id: demoId('logging:loki'), name: 'loki', namespace: 'monitoring', labels: json({ team: 'platform' }), spec: json({ loki: { url: 'http://loki.monitoring:3100' } }), created_by: this.adminId },
      ['namespace', 'name'],
    );

    const jobs: Row[] = [];
    for (let n = 0; n < 6; n++) {
      const failed = n === 2;
      jobs.push({
        id: demoId(`job:canary:${n}`),
        name: 'CanaryCheck',
        resource_id: this.canaryId,
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
        resource_id: this.scrapers.k8s,
        resource_type: 'config_scraper',
        status: 'SUCCESS',
        time_start: minutesAgo(12),
        time_end: minutesAgo(11.5),
        duration_millis: 31_250,
        success_count: 34,
        details: json({ scrape_summary: { 'Kubernetes::Pod': { added: 0, updated: 12, unchanged: 0 }, 'Kubernetes::Deployment': { added: 0, updated: 2, unchanged: 4 } } }),
      },
      {
        id: demoId('job:scraper:aws'),
        name: 'ConfigScraper',
        resource_id: this.scrapers.aws,
        resource_type: 'config_scraper',
        status: 'WARNING',
        time_start: minutesAgo(15),
        time_end: minutesAgo(14),
        duration_millis: 58_900,
        success_count: 13,
        error_count: 1,
        details: json({ errors: ['AccessDeniedException: not authorized to perform ce:GetCostAndUsage'], scrape_summary: { 'AWS::EC2::Instance': { updated: 5 } } }),
      },
      {
        id: demoId('job:topology'),
        name: 'TopologyRun',
        resource_id: this.topologyId,
        resource_type: 'topology',
        status: 'SUCCESS',
        time_start: minutesAgo(4),
        time_end: minutesAgo(3.9),
        duration_millis: 4_300,
        success_count: 10,
        details: json({ summary: { components: 10 } }),
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
    for (const job of jobs) await this.insert('job_history', job);

    await this.ensure(
      'connections',
      { id: demoId('connection:status-page'), name: 'status-page', namespace: 'default', type: 'http', url: 'https://status.example.com/api/v2', properties: json({ method: 'GET' }), created_by: this.adminId },
      ['namespace', 'name'],
    );
    await this.ensure(
      'connections',
      { id: demoId('connection:jira'), name: 'jira-cloud', namespace: 'default', type: 'jira', url: 'https://example.atlassian.net', username: 'ops-bot@example.com', properties: json({ project: 'OPS' }), created_by: this.adminId },
      ['namespace', 'name'],
    );

    const rule = await this.ensure(
      'notifications',
      {
        id: demoId('notification:failed-checks'),
        name: 'failed-checks',
        namespace: 'default',
        title: 'Check {{.check.name}} failed',
        events: ['check.failed'],
        template: '{{.check.name}} is failing: {{.status.message}}',
        team_id: this.teams.get('sre'),
        repeat_interval: '1h',
        wait_for: 5 * 60 * 1e9,
        created_by: this.adminId,
      },
      ['namespace', 'name'],
    );
    await this.insert('notification_send_history', {
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
    await this.insert('notification_send_history', {
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
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

function diffOf(details: Row): string {
  const image = details.image as { from: string; to: string } | undefined;
  if (!image) return '';
  return `--- before\n+++ after\n@@ -1 +1 @@\n-        image: ${image.from}\n+        image: ${image.to}\n`;
}
