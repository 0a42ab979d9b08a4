import { ensure, insert, type Row, type SeedContext } from './context';
import { demoId, json, REGION } from './demo-ids';

/** A topology with components, linked to configs and teams. */
export async function seedTopology(ctx: SeedContext): Promise<void> {
  ctx.topologyId = await ensure(
    ctx,
    'topologies',
    {
      id: demoId('topology:checkout'),
      name: 'checkout-platform',
      namespace: 'default',
      icon: 'shopping-cart',
      labels: json({ team: 'sre' }),
      spec: json({ type: 'Application', icon: 'shopping-cart', schedule: '@every 5m', components: [{ name: 'checkout-api' }] }),
      schedule: '@every 5m',
      created_by: ctx.adminId,
    },
    ['namespace', 'name'],
  );
  const root = demoId('component:root');
  await insert(ctx, 'components', {
    id: root,
    topology_id: ctx.topologyId,
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
    [
      'checkout-api',
      'Service',
      'http',
      'healthy',
      'checkout',
      'deploy:checkout-api',
      null,
      [
        { name: 'Version', text: '1.42.0', headline: true },
        { name: 'CPU', value: 320, max: 1000, unit: 'millicores', headline: true },
      ],
    ],
    ['checkout-web', 'Service', 'http', 'healthy', 'checkout', 'deploy:checkout-web', null, [{ name: 'Version', text: '2.7.1', headline: true }]],
    [
      'payments-api',
      'Service',
      'http',
      'unhealthy',
      'payments',
      'deploy:payments-api',
      'CrashLoopBackOff on 2/2 pods',
      [
        { name: 'Version', text: '3.9.0', headline: true },
        { name: 'Error rate', value: 38, max: 100, unit: '%', headline: true },
      ],
    ],
    [
      'ledger-worker',
      'Worker',
      'cog',
      'warning',
      'payments',
      'deploy:ledger-worker',
      '1 pod pending: insufficient memory',
      [{ name: 'Queue depth', value: 1840, headline: true }],
    ],
    [
      'orders-db',
      'Database',
      'postgres',
      'healthy',
      'checkout',
      'rds:orders',
      null,
      [
        { name: 'Version', text: '16.4', headline: true },
        { name: 'Connections', value: 112, max: 500, headline: true },
      ],
    ],
    [
      'ledger-db',
      'Database',
      'postgres',
      'warning',
      'payments',
      'rds:ledger',
      'Free storage below 15%',
      [{ name: 'Storage', value: 212, max: 250, unit: 'GiB', headline: true }],
    ],
    ['redis-cache', 'Cache', 'redis', 'healthy', 'checkout', null, null, [{ name: 'Hit ratio', value: 97, max: 100, unit: '%', headline: true }]],
    ['ingress-nginx', 'Ingress', 'nginx', 'healthy', 'checkout', null, null, [{ name: 'Requests/s', value: 420, headline: true }]],
    ['prometheus', 'Monitoring', 'prometheus', 'healthy', 'monitoring', 'deploy:prometheus', null, [{ name: 'Series', value: 184000, headline: true }]],
  ];
  for (const [name, type, icon, health, ns, config, reason, properties] of children) {
    const id = demoId(`component:${name}`);
    await insert(ctx, 'components', {
      id,
      topology_id: ctx.topologyId,
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
    if (config) await insert(ctx, 'config_component_relationships', { component_id: id, config_id: demoId(`config:${config}`), selector_id: 'manual' });
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
    await insert(ctx, 'team_components', { team_id: ctx.teams.get(team), component_id: demoId(component), selector_id: 'demo' });
  }
}
