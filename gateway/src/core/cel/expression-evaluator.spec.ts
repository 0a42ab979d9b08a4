import { ExpressionEvaluator } from './expression-evaluator';
import { SCRIPT_LIMITS, comprehensionNesting, expressionLimitProblem, expressionProblem, userExpressionProblem } from './limits';

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
      expect(await evaluator.evaluate('items.all(a, items.all(b, a + b >= 0))', { items })).toEqual({
        ok: false,
        error: 'The expression took longer than 100 ms',
      });
      expect(await queued).toEqual({ ok: true, value: 5000, kind: 'int' });
      expect(await evaluator.evaluate('1 + 1 == 2', {})).toEqual({ ok: true, value: true, kind: 'bool' });
    } finally {
      await evaluator.onModuleDestroy();
    }
  });
});

describe('expression languages', () => {
  const evaluator = new ExpressionEvaluator({ expressions: { timeoutMs: 2000, workers: 1 } });
  afterAll(() => evaluator.onModuleDestroy());
  const scope = {
    code: 200,
    json: {
      status: 'ok',
      items: [
        { name: 'a', up: true },
        { name: 'b', up: false },
      ],
    },
  };

  it('JSONPath: the match, a list for several, null for none; filters without eval', async () => {
    expect(await evaluator.evaluate({ language: 'jsonpath', source: '$.json.status' }, scope)).toEqual({ ok: true, value: 'ok', kind: 'string' });
    expect(await evaluator.evaluate({ language: 'jsonpath', source: '$.json.items[*].name' }, scope)).toEqual({ ok: true, value: ['a', 'b'], kind: 'list' });
    expect(await evaluator.evaluate({ language: 'jsonpath', source: '$.json.items[?(@.up == false)].name' }, scope)).toEqual({
      ok: true,
      value: 'b',
      kind: 'string',
    });
    expect(await evaluator.evaluate({ language: 'jsonpath', source: '$.nothing' }, scope)).toEqual({ ok: true, value: null, kind: 'null' });
    const escape = await evaluator.evaluate({ language: 'jsonpath', source: '$.json.items[?(process.exit(1))]' }, scope);
    expect(escape.ok ? escape.value : null).toBeNull(); // no Node inside: nothing matches, the worker lives on
    expect(await evaluator.evaluate('1 + 1', {})).toEqual({ ok: true, value: 2, kind: 'int' });
  });

  it('Go template: fields, if/else, range; a syntax error is refused at save time', async () => {
    expect(await evaluator.evaluate({ language: 'template', source: '{{ .json.status }} ({{ .code }})' }, scope)).toEqual({
      ok: true,
      value: 'ok (200)',
      kind: 'string',
    });
    expect(await evaluator.evaluate({ language: 'template', source: '{{ range .json.items }}{{ .name }};{{ end }}' }, scope)).toMatchObject({ value: 'a;b;' });
    expect(await evaluator.evaluate({ language: 'template', source: '{{ if .json.missing }}yes{{ else }}no{{ end }}' }, scope)).toMatchObject({ value: 'no' });
    expect(userExpressionProblem({ language: 'template', source: '{{ if .a }}unclosed' })).toMatch(/^does not parse: /);
  });

  it('JavaScript: sees the variables as globals and nothing of Node; bounded in time and memory', async () => {
    expect(await evaluator.evaluate({ language: 'javascript', source: 'code === 200 && json.items.filter(i => i.up).length === 1' }, scope)).toEqual({
      ok: true,
      value: true,
      kind: 'bool',
    });
    expect(await evaluator.evaluate({ language: 'javascript', source: 'typeof process + typeof require + typeof globalThis.fetch' }, scope)).toMatchObject({
      value: 'undefinedundefinedundefined',
    });
    expect(await evaluator.evaluate({ language: 'javascript', source: 'while (true) {}' }, scope)).toEqual({
      ok: false,
      error: 'The script took longer than 2000 ms',
    });
    expect(await evaluator.evaluate({ language: 'javascript', source: 'const a = []; while (true) a.push("x".repeat(1e5));' }, scope)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/more than 32 MiB|out of memory|took longer/),
    });
    // the worker survived both
    expect(await evaluator.evaluate({ language: 'javascript', source: '"still " + json.status' }, scope)).toMatchObject({ ok: true, value: 'still ok' });
  });

  it('refuses a script longer than the limit before it runs', async () => {
    expect(await evaluator.evaluate({ language: 'javascript', source: `"${'x'.repeat(SCRIPT_LIMITS.maxLength)}"` }, {})).toEqual({
      ok: false,
      error: `The expression is too long: at most ${SCRIPT_LIMITS.maxLength} characters`,
    });
  });
});
