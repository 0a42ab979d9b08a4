import { Injectable } from '@nestjs/common';
import type { ActionContext, ActionOutcome, ActionSpec, ActionType } from '@contracts';
import { ACTION_TYPES, judgedLater } from '@gateway/core/playbooks';
import { Extension } from '@gateway/core/plugin-host/extension-point';

/**
 * Action type `playbook`: `{name: 'restart-pod' | 'ops/restart-pod', params?: {...}}` starts a run of that playbook
 * (the engine checks it exists, its parameters and the user's right to run it) and the action waits until that run
 * ends; the engine gives it the child's outcome. The result is the child's `run_id`.
 */
@Injectable()
@Extension(ACTION_TYPES, 'playbook')
export class PlaybookAction implements ActionType {
  readonly type = 'playbook';
  // Started twice, the other playbook would run twice.
  readonly retrySafe = false;

  /** At save time, a name written as a template (`{{ .params.next }}`, `$(…)`) is judged when the action runs. */
  validate(body: ActionSpec): string[] {
    return this.problems(body, false);
  }

  private problems(body: ActionSpec, atRun: boolean): string[] {
    const errors: string[] = [];
    const { name, params } = body;
    if (typeof name !== 'string' || !name.trim()) errors.push('name: required');
    else if (!judgedLater(atRun)(name) && !target(name)) errors.push('name: must be a playbook name or namespace/name');
    if (params !== undefined && params !== null && (typeof params !== 'object' || Array.isArray(params)))
      errors.push('params: must be a map of parameter values');
    return errors;
  }

  async run(body: ActionSpec, ctx: ActionContext): Promise<ActionOutcome> {
    const problems = this.problems(body, true);
    if (problems.length) return { error: problems.join('; '), result: {} };
    const { name, namespace } = target(body.name as string)!;
    const params = (body.params ?? {}) as Record<string, unknown>;
    const shown = namespace ? `${namespace}/${name}` : name;
    ctx.log(`starting playbook ${shown}`);
    let runId: string;
    try {
      runId = await ctx.startPlaybook({ name, ...(namespace ? { namespace } : {}), params });
    } catch (error) {
      return { error: `could not start playbook ${shown}: ${(error as Error).message}`, result: {} };
    }
    ctx.log(`started run ${runId}; waiting for it to end`);
    return { result: { run_id: runId }, waitFor: { runId } };
  }
}

/** `name` or `namespace/name`; null when it is neither (empty parts, more than one slash). */
function target(value: string): { name: string; namespace?: string } | null {
  const parts = value.trim().split('/');
  if (parts.some((p) => !p.trim()) || parts.length > 2) return null;
  return parts.length === 2 ? { namespace: parts[0].trim(), name: parts[1].trim() } : { name: parts[0].trim() };
}
