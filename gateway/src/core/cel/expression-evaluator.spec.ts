import { ExpressionEvaluator } from './expression-evaluator';
import { comprehensionNesting, expressionLimitProblem, expressionProblem } from './limits';

describe('expression limits', () => {
  it('counts comprehensions inside one another, not side by side, and not inside strings', () => {
    expect(comprehensionNesting('a.all(x, x > 0) && b.exists(y, y == 1)')).toBe(1);
    expect(comprehensionNesting('a.map(x, b.filter(y, y == x))')).toBe(2);
    expect(comprehensionNesting("a.all(x, '.map(y, .exists(z' == x)")).toBe(1);
    expect(comprehensionNesting('a.all(x, f(b.exists(y, c.all(z, z))))')).toBe(3);
  });

  it('names the limit an expression passes, and lets a mere syntax error through the save-time check', () => {
    expect(expressionProblem('[' + Array.from({ length: 300 }, (_, i) => i).join(',') + ']')).toBe('is too complex: more than 256 list elements');
    expect(expressionProblem('((((((((((((((((((((((((((((((((((1))))))))))))))))))))))))))))))))))')).toBe('is too complex: more than 32 levels of nesting');
    expect(expressionProblem('1 +')).toMatch(/^does not parse: /);
    expect(expressionLimitProblem('1 +')).toBeNull();
    expect(expressionLimitProblem("check.status == 'healthy'")).toBeNull();
  });
});

describe('expression evaluator', () => {
  it('evaluates in a worker and hands back plain JSON with the CEL kind', async () => {
    const evaluator = new ExpressionEvaluator({ expressions: { timeoutMs: 5000, workers: 2 } });
    try {
      expect(await evaluator.evaluate('x + 1.0', { x: 41 })).toEqual({ ok: true, value: 42, kind: 'double' });
      expect(await evaluator.evaluate('size(m)', { m: { a: 1, b: 2 } })).toEqual({ ok: true, value: 2, kind: 'int' });
      expect(await evaluator.evaluate('{"k": [1, 2]}', {})).toEqual({ ok: true, value: { k: [1, 2] }, kind: 'map' });
      const many = await Promise.all(Array.from({ length: 20 }, (_, i) => evaluator.evaluate('n * 2.0', { n: i })));
      expect(many.map((o) => (o.ok ? o.value : null))).toEqual(Array.from({ length: 20 }, (_, i) => i * 2));
    } finally {
      await evaluator.onModuleDestroy();
    }
  });

  it('keeps the event loop free while an expensive expression runs', async () => {
    const evaluator = new ExpressionEvaluator({ expressions: { timeoutMs: 30_000, workers: 1 } });
    try {
      const items = Array.from({ length: 2000 }, (_, i) => i);
      const order: string[] = [];
      const evaluation = evaluator.evaluate('items.all(a, items.all(b, a + b >= 0))', { items }).then((o) => (order.push('evaluated'), o));
      // Timers of the main thread run while the worker evaluates (a blocked loop would run them only afterwards).
      for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 1));
      order.push('timers ran');
      expect((await evaluation).ok).toBe(true);
      expect(order).toEqual(['timers ran', 'evaluated']);
    } finally {
      await evaluator.onModuleDestroy();
    }
  });

  it('ends a worker that runs past the timeout, fails closed, and keeps serving', async () => {
    const evaluator = new ExpressionEvaluator({ expressions: { timeoutMs: 100, workers: 1 } });
    try {
      const items = Array.from({ length: 5000 }, (_, i) => i);
      const queued = evaluator.evaluate('size(items)', { items });
      expect(await evaluator.evaluate('items.all(a, items.all(b, a + b >= 0))', { items })).toEqual({ ok: false, error: 'The expression took longer than 100 ms' });
      expect(await queued).toEqual({ ok: true, value: 5000, kind: 'int' });
      expect(await evaluator.evaluate('1 + 1 == 2', {})).toEqual({ ok: true, value: true, kind: 'bool' });
    } finally {
      await evaluator.onModuleDestroy();
    }
  });
});
