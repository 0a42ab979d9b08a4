import { ensure, insert, person, type SeedContext } from './context';
import { demoId, json, minutesAgo } from './demo-ids';

/**
 * Playbooks: two illustrative Kubernetes ones with a successful and a failed run (no cluster is connected, so running
 * them fails at kubectl), and two that really run against the demo catalogue's shop services (`Shop::Service`, from
 * demo/catalog): a report (an exec script and a templated parameter) and a scale request that waits for approval by
 * the admin who seeded the demo.
 */
export async function seedPlaybooks(ctx: SeedContext): Promise<void> {
  await seedShopPlaybooks(ctx);
  // Scripts are taken as written: the resource's fields reach them as environment variables.
  const deploymentEnv = [
    { name: 'NAME', value: '{{ .config.name }}' },
    { name: 'NAMESPACE', value: '{{ .config.tags.namespace }}' },
  ];
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
      { name: 'Restart', exec: { script: 'kubectl rollout restart "deployment/$NAME" -n "$NAMESPACE"', env: deploymentEnv } },
      { name: 'Wait for rollout', exec: { script: 'kubectl rollout status "deployment/$NAME" -n "$NAMESPACE" --timeout=5m', env: deploymentEnv } },
    ],
  };
  const diagnoseSpec = {
    title: 'Collect pod diagnostics',
    description: 'Describe a pod and keep the last 500 log lines of each container',
    category: 'Troubleshooting',
    icon: 'search',
    configs: [{ types: ['Kubernetes::Pod'] }],
    parameters: [{ name: 'lines', label: 'Log lines', type: 'text', default: '500', properties: { regex: '^[0-9]+$' } }],
    actions: [{ name: 'Describe and logs', exec: { script: 'kubectl describe pod "$NAME" -n "$NAMESPACE"', env: deploymentEnv } }],
  };
  const restart = await ensure(
    ctx,
    'playbooks',
    {
      id: demoId('playbook:restart'),
      name: 'restart-deployment',
      title: restartSpec.title,
      icon: restartSpec.icon,
      description: restartSpec.description,
      category: restartSpec.category,
      spec: json(restartSpec),
      created_by: ctx.adminId,
    },
    ['namespace', 'name'],
  );
  await ensure(
    ctx,
    'playbooks',
    {
      id: demoId('playbook:diagnose'),
      name: 'collect-pod-diagnostics',
      title: diagnoseSpec.title,
      icon: diagnoseSpec.icon,
      description: diagnoseSpec.description,
      category: diagnoseSpec.category,
      spec: json(diagnoseSpec),
      created_by: ctx.adminId,
    },
    ['namespace', 'name'],
  );

  const runs = [
    { key: 'ok', config: 'deploy:checkout-api', status: 'completed', ago: 60 * 22, took: 3, error: null as string | null },
    { key: 'failed', config: 'deploy:payments-api', status: 'failed', ago: 95, took: 6, error: 'deployment "payments-api" exceeded its progress deadline' },
  ];
  for (const r of runs) {
    const run = demoId(`run:${r.key}`);
    await insert(ctx, 'playbook_runs', {
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
      created_by: r.key === 'ok' ? ctx.adminId : person(ctx, 'bob'),
      created_at: minutesAgo(r.ago),
    });
    await insert(ctx, 'playbook_run_actions', {
      id: demoId(`run:${r.key}:restart`),
      playbook_run_id: run,
      name: 'Restart',
      action_index: 0,
      status: 'completed',
      scheduled_time: minutesAgo(r.ago),
      start_time: minutesAgo(r.ago),
      end_time: minutesAgo(r.ago - 0.1),
      result: json({ stdout: `deployment.apps/${ctx.configs.get(r.config)!.name} restarted`, stderr: '' }),
    });
    await insert(ctx, 'playbook_run_actions', {
      id: demoId(`run:${r.key}:wait`),
      playbook_run_id: run,
      name: 'Wait for rollout',
      action_index: 1,
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

async function seedShopPlaybooks(ctx: SeedContext): Promise<void> {
  const found = (await ctx.db.query(`SELECT email FROM people WHERE id = $1`, [ctx.adminId])) as { rows: { email: string | null }[] };
  const admin = found.rows[0];
  const reportSpec = {
    title: 'Service report',
    description: 'Print what the catalogue knows of a shop service',
    category: 'Shop',
    icon: 'document',
    configs: [{ types: ['Shop::Service'] }],
    parameters: [{ name: 'note', label: 'Note', type: 'text', default: 'Report for {{ .config.name }}', properties: { maxLength: 200 } }],
    actions: [
      {
        name: 'Describe',
        exec: {
          script: 'echo "service: $SERVICE"\necho "health: $HEALTH"\necho "note: $NOTE"',
          env: [
            { name: 'SERVICE', value: '{{ .config.name }}' },
            { name: 'HEALTH', value: '{{ .config.health }}' },
            { name: 'NOTE', value: '{{ .params.note }}' },
          ],
        },
      },
      { name: 'Summarise', exec: { script: 'echo "done at $(date -u +%H:%M:%S)"' } },
    ],
  };
  const scaleSpec = {
    title: 'Scale a service',
    description: 'Ask for a new replica count; an approver confirms before it runs',
    category: 'Shop',
    icon: 'arrow-up',
    configs: [{ types: ['Shop::Service'] }],
    parameters: [
      {
        name: 'replicas',
        label: 'Replicas',
        type: 'text',
        required: true,
        default: '{{ .config.config.replicas }}',
        properties: { format: 'number', min: 1, max: 20 },
      },
      { name: 'reason', label: 'Reason', type: 'text', required: true, properties: { minLength: 5 } },
    ],
    approval: { approvers: { people: admin?.email ? [admin.email] : [ctx.adminId] } },
    actions: [
      {
        name: 'Scale',
        exec: {
          script: 'echo "scaling $SERVICE to $REPLICAS: $REASON"',
          env: [
            { name: 'SERVICE', value: '{{ .config.name }}' },
            { name: 'REPLICAS', value: '{{ .params.replicas }}' },
            { name: 'REASON', value: '{{ .params.reason }}' },
          ],
        },
      },
    ],
  };
  for (const [key, name, spec] of [
    ['playbook:shop-report', 'service-report', reportSpec],
    ['playbook:shop-scale', 'scale-service', scaleSpec],
  ] as const) {
    await ensure(
      ctx,
      'playbooks',
      {
        id: demoId(key),
        name,
        title: spec.title,
        icon: spec.icon,
        description: spec.description,
        category: spec.category,
        spec: json(spec),
        created_by: ctx.adminId,
      },
      ['namespace', 'name'],
    );
  }
}
