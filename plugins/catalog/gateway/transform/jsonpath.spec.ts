import { fieldValue, firstValue, jsonPathProblem, queryPath, removePaths, setPaths } from './jsonpath';

const doc = {
  metadata: { name: 'web', labels: { app: 'shop' } },
  items: [
    { id: 'a', n: 1 },
    { id: 'b', n: 2 },
    { id: 'c', n: 3 },
  ],
};

describe('jsonpath', () => {
  it('queries values, nested and by wildcard, and nothing on a scalar or text', () => {
    expect(queryPath('$.items[*].id', doc)).toEqual(['a', 'b', 'c']);
    expect(firstValue('$.metadata.labels.app', doc)).toBe('shop');
    expect(firstValue('$.missing.deeper', doc)).toBeUndefined();
    expect(queryPath('$.a', 'text')).toEqual([]);
  });

  it('reads a value field as a JSONPath when it starts with $, else as the static value', () => {
    expect(fieldValue('$.metadata.name', doc)).toBe('web');
    expect(fieldValue('Static::Type', doc)).toBe('Static::Type');
    expect(fieldValue('$.nope', doc)).toBeUndefined();
  });

  it('never evaluates script: filter expressions throw', () => {
    expect(() => queryPath('$.items[?(@.n > 1)]', doc)).toThrow(/prevented/);
  });

  it('removes paths from a copy, array elements from the end first', () => {
    const removed = removePaths(doc, ['$.metadata.labels', '$.items[0,2]']);
    expect(removed).toEqual({ metadata: { name: 'web' }, items: [{ id: 'b', n: 2 }] });
    expect(doc.items).toHaveLength(3);
    expect(doc.metadata.labels).toEqual({ app: 'shop' });
  });

  it('sets every match on a copy', () => {
    expect(setPaths(doc, '$.items[*].n', (n) => (n as number) * 10).items.map((i) => i.n)).toEqual([10, 20, 30]);
    expect(doc.items[0].n).toBe(1);
  });

  it('refuses bad JSONPaths', () => {
    expect(jsonPathProblem('$.items[*].id')).toBeNull();
    expect(jsonPathProblem("$['a.b']")).toBeNull();
    expect(jsonPathProblem('items')).toMatch(/must start with \$/);
    expect(jsonPathProblem('$.items[0')).toMatch(/not closed/);
    expect(jsonPathProblem('$.a]')).toMatch(/without/);
    expect(jsonPathProblem("$['a")).toMatch(/quote/);
    expect(jsonPathProblem('$.items[?(@.n)]')).toMatch(/not supported/);
  });
});
