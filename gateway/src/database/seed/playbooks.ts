import { ensure, insert, person, type SeedContext } from './context';
import { demoId, json, minutesAgo } from './demo-ids';

/** Playbooks with a successful and a failed run. */
export async function seedPlaybooks(ctx: SeedContext): Promise<void> {
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
