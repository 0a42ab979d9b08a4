import type { CheckResult, CheckRunner } from '@contracts';
import { applyExpressions, CheckRunnerService, timeoutOf } from './check-runner.service';

const ok = (details: Record<string, unknown> = {}): CheckResult => ({ pass: true, invalid: false, duration: 5, message: '', error: null, details });
const service = () => new CheckRunnerService({} as never, { find: () => undefined } as never, {} as never);

describe('check runner', () => {
  it('reports a type without a runner as invalid, not failed', async () => {
    expect(await service().execute('ldap', { name: 'x' })).toMatchObject({ pass: false, invalid: true, message: 'check type not supported' });
  });

  it('times out a hanging runner promptly and aborts its signal', async () => {
    let aborted = false;
    const hung: CheckRunner = {
      type: 'tcp',
      validate: () => [],
      run: (_spec, ctx) => new Promise(() => ctx.signal.addEventListener('abort', () => (aborted = true))),
    };
    const t0 = Date.now();
    const result = await service().execute('tcp', { name: 'x', timeout: '100ms' }, hung);
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(result).toMatchObject({ pass: false, invalid: false, message: 'timed out after 100 ms' });
    expect(aborted).toBe(true);
  });

  it('turns a throwing runner into a failed result', async () => {
    const bad: CheckRunner = { type: 'tcp', validate: () => [], run: async () => { throw new Error('ECONNREFUSED'); } };
    expect(await service().execute('tcp', { name: 'x' }, bad)).toMatchObject({ pass: false, invalid: false, error: 'ECONNREFUSED' });
  });

  it('reads timeouts as ms numbers or durations', () => {
    expect(timeoutOf({ name: 'x', timeout: 500 })).toBe(500);
    expect(timeoutOf({ name: 'x', timeout: '2s' })).toBe(2000);
    expect(timeoutOf({ name: 'x' })).toBe(30_000);
  });

  it('evaluates transform → display → test', () => {
    const spec = { name: 'x', transform: { expr: "{'n': size(items)}" }, display: { expr: "'n=' + string(n)" }, test: { expr: 'n > 2' } };
    expect(applyExpressions(spec, ok({ items: [1, 2, 3] }))).toMatchObject({ pass: true, message: 'n=3', details: { n: 3 } });
    expect(applyExpressions(spec, ok({ items: [1] }))).toMatchObject({ pass: false, invalid: false, message: 'n=1' });
  });

  it('makes a non-boolean test or a broken expression invalid with its error', () => {
    expect(applyExpressions({ name: 'x', test: { expr: '1 + 1' } }, ok())).toMatchObject({ invalid: true, message: 'test: must return a boolean, not int' });
    const broken = applyExpressions({ name: 'x', display: { expr: 'code +' } }, ok({ code: 200 }));
    expect(broken.invalid).toBe(true);
    expect(broken.message).toMatch(/^display: /);
    expect(applyExpressions({ name: 'x', test: 'code == 200' }, ok({ code: 200 })).pass).toBe(true);
  });
});
