import type { ActionContext, CheckRunContext, PlaybookScope } from '@contracts';
import { checkContext } from './check-context';

/**
 * The context an action type gets from the engine, for unit and peer tests of `plugins/action-<type>`: the checks'
 * guard rails (abort after `timeoutMs`, secrets, the outbound guard allowing loopback), an empty scope, and a log
 * and child-run starter that record what they were given.
 */
export function actionContext(
  options: {
    timeoutMs?: number;
    resolveSecret?: CheckRunContext['resolveSecret'];
    outbound?: CheckRunContext['outbound'];
    signal?: AbortSignal;
    scope?: Partial<PlaybookScope>;
    startPlaybook?: ActionContext['startPlaybook'];
  } = {},
): ActionContext & { lines: string[]; started: Parameters<ActionContext['startPlaybook']>[0][] } {
  const base = checkContext(options.timeoutMs ?? 5000, options.resolveSecret, options.outbound);
  const lines: string[] = [];
  const started: Parameters<ActionContext['startPlaybook']>[0][] = [];
  return {
    ...base,
    signal: options.signal ? AbortSignal.any([options.signal, base.signal]) : base.signal,
    run: { id: '00000000-0000-4000-8000-000000000001', playbookId: '00000000-0000-4000-8000-000000000002', playbookName: 'test', action: 'test', attempt: 1 },
    scope: {
      params: {},
      playbook: { id: '00000000-0000-4000-8000-000000000002', name: 'test', title: null },
      run: { id: '00000000-0000-4000-8000-000000000001', created_by: null },
      actions: {},
      ...options.scope,
    },
    log: (line) => void lines.push(line),
    startPlaybook:
      options.startPlaybook ??
      (async (request) => {
        started.push(request);
        return '00000000-0000-4000-8000-0000000000aa';
      }),
    lines,
    started,
  };
}
