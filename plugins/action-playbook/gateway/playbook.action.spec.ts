import { extensionsOf } from '@gateway/core/plugin-host/extension-point';
import { ACTION_TYPES } from '@gateway/core/playbooks';
import { actionContext } from '../../../test/support/action-context';
import { PlaybookAction } from './playbook.action';

describe('playbook action', () => {
  const action = new PlaybookAction();

  it('is the playbook type of the action types, and not safe to run twice', () => {
    expect(extensionsOf(PlaybookAction)).toEqual([{ point: ACTION_TYPES.id, id: 'playbook' }]);
    expect(action.retrySafe).toBe(false);
  });

  it('starts the named playbook with its parameters and waits for that run', async () => {
    const ctx = actionContext();
    const outcome = await action.run({ name: 'restart-pod', params: { pod: 'web-1', force: 'true' } }, ctx);
    expect(ctx.started).toEqual([{ name: 'restart-pod', params: { pod: 'web-1', force: 'true' } }]);
    expect(outcome).toEqual({ result: { run_id: '00000000-0000-4000-8000-0000000000aa' }, waitFor: { runId: '00000000-0000-4000-8000-0000000000aa' } });
    expect(outcome.error).toBeUndefined();
    expect(ctx.lines).toEqual(['starting playbook restart-pod', 'started run 00000000-0000-4000-8000-0000000000aa; waiting for it to end']);
  });

  it('reads namespace/name and starts without parameters when none are given', async () => {
    const ctx = actionContext();
    await action.run({ name: 'ops/restart-pod' }, ctx);
    expect(ctx.started).toEqual([{ name: 'restart-pod', namespace: 'ops', params: {} }]);
  });

  it('fails with the reason when the run cannot start, and waits for nothing', async () => {
    const ctx = actionContext({
      startPlaybook: async (request) => {
        throw new Error(`playbook ${request.name} not found`);
      },
    });
    const outcome = await action.run({ name: 'missing' }, ctx);
    expect(outcome).toEqual({ error: 'could not start playbook missing: playbook missing not found', result: {} });
  });

  it('names each problem of the body by its field', () => {
    expect(action.validate({})).toEqual(['name: required']);
    expect(action.validate({ name: '  ' })).toEqual(['name: required']);
    expect(action.validate({ name: 'a/b/c', params: ['x'] })).toEqual([
      'name: must be a playbook name or namespace/name',
      'params: must be a map of parameter values',
    ]);
    expect(action.validate({ name: '/b' })).toEqual(['name: must be a playbook name or namespace/name']);
    expect(action.validate({ name: 'ops/restart', params: { a: '1' } })).toEqual([]);
    // Filled in when the run starts.
    expect(action.validate({ name: '{{ .params.target }}' })).toEqual([]);
  });

  it('refuses at run time a name that templating left unusable, without starting anything', async () => {
    const ctx = actionContext();
    const outcome = await action.run({ name: '' }, ctx);
    expect(outcome.error).toBe('name: required');
    // A parameter that put template marks into the name is judged as written when the action runs.
    const marked = await action.run({ name: 'a/b/{{ c }}' }, ctx);
    expect(marked.error).toBe('name: must be a playbook name or namespace/name');
    expect(ctx.started).toEqual([]);
  });
});
