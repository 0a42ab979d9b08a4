import { CLUSTER, REGION } from './demo-ids';

/** One catalogue item of the demo world; `parent` and relationships refer to other items by key. */
export interface ConfigSeed {
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

/** The demo catalogue: a Kubernetes cluster (nodes, namespaces, workloads) and an AWS account. */
export function configList(): ConfigSeed[] {
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
    properties: [
      { name: 'version', text: 'v1.30.4' },
      { name: 'region', text: REGION },
    ],
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
      properties: [
        { name: 'version', text: d.image.split(':')[1] },
        { name: 'part-of', text: d.ns },
      ],
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
      properties: [
        { name: 'version', text: '16.4' },
        { name: 'region', text: REGION },
      ],
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
