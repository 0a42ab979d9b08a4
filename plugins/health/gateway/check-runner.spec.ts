import type { CheckResult, CheckRunner } from '@contracts';
import { ExpressionEvaluator } from '@gateway/core/cel';
import { AddressPolicy } from '@gateway/core/outbound';
import { applyExpressions } from '@gateway/core/checks/expressions';
import { CheckRunnerService, timeoutOf } from './check-runner.service';

const ok = (details: Record<string, unknown> = {}): CheckResult => ({ pass: true, invalid: false, duration: 5, message: '', error: null, details });
const policy = new AddressPolicy({ listenPort: -1, database: null, allow: [] });
const expressions = new ExpressionEvaluator({ expressions: { timeoutMs: 2000, workers: 1 } });
afterAll(() => expressions.onModuleDestroy());
const service = () =>
  new CheckRunnerService({} as never, { find: () => undefined } as never, {} as never, policy, { health: { storedBodyBytes: 16384 } } as never, expressions);
const apply = (spec: Parameters<typeof applyExpressions>[0], result: CheckResult) => applyExpressions(spec, result, expressions);

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
    const bad: CheckRunner = {
      type: 'tcp',
      validate: () => [],
      run: async () => {
        throw new Error('ECONNREFUSED');
      },
    };
    expect(await service().execute('tcp', { name: 'x' }, bad)).toMatchObject({ pass: false, invalid: false, error: 'ECONNREFUSED' });
  });

  it('reads timeouts as ms numbers or durations', () => {
    expect(timeoutOf({ name: 'x', timeout: 500 })).toBe(500);
    expect(timeoutOf({ name: 'x', timeout: '2s' })).toBe(2000);
    expect(timeoutOf({ name: 'x' })).toBe(30_000);
  });

  it('evaluates transform → display → test', async () => {
    const spec = { name: 'x', transform: { expr: "{'n': size(items)}" }, display: { expr: "'n=' + string(n)" }, test: { expr: 'n > 2' } };
    expect(await apply(spec, ok({ items: [1, 2, 3] }))).toMatchObject({ pass: true, message: 'n=3', details: { n: 3 } });
    expect(await apply(spec, ok({ items: [1] }))).toMatchObject({ pass: false, invalid: false, message: 'n=1' });
  });

  it('evaluates each in its language: JSONPath transform, Go template display, JavaScript test', async () => {
    const spec = {
      name: 'x',
      transform: { jsonPath: '$.json.pods[?(@.ready == false)]' },
      display: { template: '{{ .json.cluster }}: {{ .name }} not ready' }, // a transformed object merges into the details
      test: { javascript: 'json.pods.every(p => p.ready)' },
    };
    const json = {
      cluster: 'prod',
      pods: [
        { name: 'api', ready: true },
        { name: 'db', ready: false },
      ],
    };
    const result = await apply(spec, ok({ json }));
    expect(result).toMatchObject({ pass: false, invalid: false, message: 'prod: db not ready', details: { name: 'db', ready: false } });
    expect(result.error).toBe('test failed: json.pods.every(p => p.ready)');
    expect(await apply({ name: 'x', test: { template: '{{ if .json.cluster }}true{{ else }}false{{ end }}' } }, ok({ json }))).toMatchObject({ pass: true });
    expect(await apply({ name: 'x', test: { javascript: 'while (true) {}' } }, ok())).toMatchObject({
      invalid: true,
      message: 'test: The script took longer than 2000 ms',
    });
  });

  it('makes a non-boolean test or a broken expression invalid with its error', async () => {
    expect(await apply({ name: 'x', test: { expr: '1 + 1' } }, ok())).toMatchObject({ invalid: true, message: 'test: must return a boolean, not int' });
    const broken = await apply({ name: 'x', display: { expr: 'code +' } }, ok({ code: 200 }));
    expect(broken.invalid).toBe(true);
    expect(broken.message).toMatch(/^display: /);
    expect((await apply({ name: 'x', test: 'code == 200' }, ok({ code: 200 }))).pass).toBe(true);
  });

  it('fails closed, as invalid, on an expression over the limits or running too long', async () => {
    const nested = 'items.all(a, items.all(b, items.all(c, a + b + c > 0)))';
    expect(await apply({ name: 'x', test: nested }, ok({ items: [1] }))).toMatchObject({
      invalid: true,
      message: 'test: The expression is too complex: at most 2 comprehensions (map, filter, all, exists) inside one another',
    });
    const impatient = new ExpressionEvaluator({ expressions: { timeoutMs: 100, workers: 1 } });
    try {
      const items = Array.from({ length: 5000 }, (_, i) => i);
      const slow = await applyExpressions({ name: 'x', test: 'items.all(a, items.all(b, a + b >= 0))' }, ok({ items }), impatient);
      expect(slow).toMatchObject({ invalid: true, message: 'test: The expression took longer than 100 ms' });
      // the worker that ran out of time was replaced: the next evaluation works
      expect(await applyExpressions({ name: 'x', test: 'size(items) == 5000' }, ok({ items }), impatient)).toMatchObject({ pass: true, invalid: false });
    } finally {
      await impatient.onModuleDestroy();
    }
  });
});
