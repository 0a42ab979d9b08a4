import type { SeedContext } from './context';
import { ensure } from './context';
import { demoId, json, REGION } from './demo-ids';

/** The demo topology's document: components over the demo catalogue and demo checks, linked by selector. */
export function demoTopologySpec(): Record<string, unknown> {
  const service = (name: string, type: string, icon: string, version: string, extra: Record<string, unknown> = {}) => ({
    name,
    type,
    icon,
    properties: [{ name: 'Version', text: version, headline: true }],
    checks: [{ selector: { name: `${name}*` } }],
    configs: [{ types: ['Kubernetes::Deployment'], name }],
    logs: [{ name: 'console', backend: 'console' }],
    ...extra,
  });
  return {
    schedule: '@every 5m',
    type: 'Application',
    icon: 'shopping-cart',
    label: 'Checkout Platform',
    properties: [
      { name: 'Environment', text: 'production', headline: true },
      { name: 'Region', text: REGION, headline: true },
    ],
    logs: [{ name: 'console', backend: 'console' }],
    components: [
      service('checkout-api', 'Service', 'http', '1.42.0', {
        properties: [
          { name: 'Version', text: '1.42.0', headline: true },
          { name: 'CPU', value: 320, max: 1000, unit: 'millicores', headline: true },
        ],
      }),
      service('checkout-web', 'Service', 'http', '2.7.1'),
      service('payments-api', 'Service', 'http', '3.9.0', {
        properties: [
          { name: 'Version', text: '3.9.0', headline: true },
          { name: 'Error rate', value: 38, max: 100, unit: '%', headline: true },
        ],
      }),
      service('ledger-worker', 'Worker', 'cog', '2.3.1'),
      {
        name: 'orders-db',
        type: 'Database',
        icon: 'postgres',
        properties: [
          { name: 'Version', text: '16.4', headline: true },
          { name: 'Connections', value: 112, max: 500, headline: true },
        ],
        checks: [{ selector: { name: 'orders-db*' } }],
      },
      {
        // Children from the catalogue: every deployment, with its health, through a catalog lookup.
        name: 'Deployments',
        type: 'Group',
        icon: 'kubernetes',
        lookup: { catalog: [{ name: 'deployments', selector: [{ types: ['Kubernetes::Deployment'] }], display: { jsonPath: '$.items' } }] },
      },
    ],
  };
}

/**
 * The demo topology: only its document. The first run (due at start) builds the components from the demo catalogue
 * and checks; the roll-up colours them. A `file` logging backend reads the console's own log when it writes one.
 */
export async function seedTopology(ctx: SeedContext, options: { logFile?: string | null } = {}): Promise<void> {
  const spec = demoTopologySpec();
  ctx.topologyId = await ensure(
    ctx,
    'topologies',
    {
      id: demoId('topology:checkout'),
      name: 'checkout-platform',
      namespace: 'default',
      icon: 'shopping-cart',
      labels: json({ team: 'sre' }),
      spec: json(spec),
      schedule: String(spec.schedule),
      created_by: ctx.adminId,
    },
    ['namespace', 'name'],
  );
  await ctx.db.query(`UPDATE topologies SET next_runtime = now() WHERE id = $1 AND next_runtime IS NULL`, [ctx.topologyId]);
  if (options.logFile) {
    await ensure(
      ctx,
      'logging_backends',
      {
        id: demoId('logging:console'),
        name: 'console',
        namespace: 'default',
        labels: json({ source: 'console' }),
        spec: json({ file: { path: [options.logFile, `${options.logFile}.1`] } }),
        created_by: ctx.adminId,
      },
      ['namespace', 'name'],
    );
  }
}
