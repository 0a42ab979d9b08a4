import { diffConfigs, summarise } from './diff';

describe('diffConfigs', () => {
  const before = { spec: { replicas: 1, template: { image: 'nginx:1.25' } }, ports: [80, 443], old: true };
  const after = { spec: { replicas: 3, template: { image: 'nginx:1.25' } }, ports: [80, 8443], added: 'yes' };

  it('gives a unified diff, an RFC 7386 patch (null for a removed key) and the changed paths', () => {
    const result = diffConfigs(before, after, 'json')!;
    expect(result.changedPaths).toEqual(['added', 'old', 'ports.1', 'spec.replicas']);
    expect(result.summary).toBe('added, old, ports.1 +1 more');
    expect(result.patch).toEqual({ spec: { replicas: 3 }, ports: [80, 8443], added: 'yes', old: null });
    expect(result.diff).toContain('--- before');
    expect(result.diff).toContain('-    "replicas": 1,');
    expect(result.diff).toContain('+    "replicas": 3,');
    expect(result.diff).toContain('-    443');
    expect(result.diff).toContain('+  "added": "yes",');
  });

  it('is null for equal documents, whatever their key order', () => {
    expect(diffConfigs({ a: 1, b: { c: [1] } }, { b: { c: [1] }, a: 1 }, 'json')).toBeNull();
    expect(diffConfigs('same', 'same', 'other')).toBeNull();
  });

  it('diffs text for other', () => {
    const result = diffConfigs('a\nb\n', 'a\nc\n', 'other')!;
    expect(result.diff).toContain('-b');
    expect(result.diff).toContain('+c');
    expect(result.patch).toBe('a\nc\n');
    expect(result.changedPaths).toEqual([]);
  });

  it('names an appended array element and a nested change', () => {
    expect(diffConfigs({ a: [1] }, { a: [1, 2] }, 'json')!.changedPaths).toEqual(['a.1']);
    expect(diffConfigs({ a: { b: { c: 1 } } }, { a: { b: { c: 2 } } }, 'yaml')!.summary).toBe('a.b.c');
  });

  it('summarises at most three paths', () => {
    expect(summarise(['a', 'b'])).toBe('a, b');
    expect(summarise(['a', 'b', 'c'])).toBe('a, b, c');
    expect(summarise(['a', 'b', 'c', 'd', 'e'])).toBe('a, b, c +2 more');
  });
});
