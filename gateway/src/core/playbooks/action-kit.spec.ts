import { failureMessage, isRendered, judgedLater, stopReason, unknownFieldProblems, valueFieldProblems } from './action-kit';

describe('action kit (shared by the action types)', () => {
  it('leaves to the run only what the engine renders, and only at save time', () => {
    expect(isRendered('{{ .params.db }}')).toBe(true);
    expect(isRendered('a/{{ .params.env }}/b')).toBe(true);
    expect(isRendered(' $(params.list) ')).toBe(true);
    // A `$(` inside other text is not rendered by the engine: it is judged as written.
    expect(isRendered('postgres://$(username)@db/app')).toBe(false);
    expect(isRendered(5)).toBe(false);
    expect(judgedLater(false)('{{ .x }}')).toBe(true);
    expect(judgedLater(true)('{{ .x }}')).toBe(false);
  });

  it('names unknown fields and fields that are not values or secret references', () => {
    expect(unknownFieldProblems({ script: 'x', scrip: 'y' }, 'exec', ['script', 'env'])).toEqual(['scrip: not a field of exec (script, env)']);
    expect(valueFieldProblems({ username: ['a'], password: { valueFrom: {} } }, ['username', 'password'])).toEqual([
      'username: must be a value or a secret reference',
    ]);
  });

  it("says why the action was stopped, from the signal's reason", () => {
    const stopped = (reason?: unknown) => ({ signal: AbortSignal.abort(reason), timeoutMs: 500 });
    expect(stopReason({ signal: new AbortController().signal, timeoutMs: 500 })).toBe('timed out after 500ms');
    expect(stopReason(stopped())).toBe('cancelled');
    expect(stopReason(stopped(new Error('Cancelled')))).toBe('Cancelled');
    expect(stopReason(stopped('the run timed out after 2s'))).toBe('the run timed out after 2s');
    expect(stopReason(stopped(new DOMException('t', 'TimeoutError')))).toBe('timed out after 500ms');
    expect(failureMessage(stopped(new Error('timed out after 5m')), new Error('aborted'))).toBe('timed out after 5m');
    expect(failureMessage({ signal: new AbortController().signal, timeoutMs: 1 }, new Error('refused'))).toBe('refused');
  });
});
