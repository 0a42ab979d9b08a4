import { mergePatch, patchDocument, readPatch } from './file-patch';

describe('merge patches of YAML and JSON files', () => {
  it('merges as RFC 7386 says: maps key by key, null removes, lists and values replace', () => {
    expect(mergePatch({ a: 'b', c: { d: 'e', f: 'g' }, l: [1, 2] }, { a: 'z', c: { f: null }, l: [3], n: { x: null, y: 1 } })).toEqual({
      a: 'z',
      c: { d: 'e' },
      l: [3],
      n: { y: 1 },
    });
    expect(mergePatch(['a'], { a: 1 })).toEqual({ a: 1 });
  });

  it('keeps the comments and layout of a YAML document where the patch does not reach', () => {
    const text = '# app\nspec:\n  replicas: 2   # by hand\n  ports: [80, 443]\nlabels:\n  team: web\n';
    expect(patchDocument('app.yml', text, { spec: { replicas: 4 }, labels: null, extra: { a: { b: null, c: 1 } } })).toBe(
      '# app\nspec:\n  replicas: 4 # by hand\n  ports: [ 80, 443 ]\nextra:\n  a:\n    c: 1\n',
    );
  });

  it('answers null, not a reformatted file, when the document would not change', () => {
    expect(patchDocument('app.yaml', 'a:    1\nb: {x: 2}\n', { a: 1, b: { x: 2 }, c: null })).toBeNull();
    expect(patchDocument('v.json', '{"a": 1}', { a: 1 })).toBeNull();
  });

  it('writes JSON back with the file’s own indentation and final newline', () => {
    expect(patchDocument('v.json', '{\n\t"a": 1\n}\n', { b: [true] })).toBe('{\n\t"a": 1,\n\t"b": [\n\t\ttrue\n\t]\n}\n');
    expect(patchDocument('config', '{"a": 1}', { a: 2 })).toBe('{\n  "a": 2\n}');
  });

  it('takes an empty YAML file for an empty map', () => {
    expect(patchDocument('new.yaml', '', { a: { b: 1 } })).toBe('a:\n  b: 1\n');
    expect(patchDocument('new.yaml', '# nothing yet\n', { a: 1 })).toBe('# nothing yet\n\na: 1\n');
  });

  it('refuses files that hold no map, several documents, or broken text', () => {
    expect(() => patchDocument('list.yaml', '- a\n', { a: 1 })).toThrow('does not hold a YAML map to merge into');
    expect(() => patchDocument('README.md', '# title\n', { a: 1 })).toThrow('does not hold a YAML map to merge into');
    expect(() => patchDocument('all.yaml', 'a: 1\n---\nb: 2\n', { a: 1 })).toThrow('holds 2 YAML documents; a patch merges into one');
    expect(() => patchDocument('bad.yaml', 'a: [1\n', { a: 1 })).toThrow(/^is not valid YAML: /);
    expect(() => patchDocument('bad.json', '{"a": ', { a: 1 })).toThrow(/^is not valid JSON: /);
    expect(() => patchDocument('arr.json', '[1]', { a: 1 })).toThrow('does not hold a JSON object to merge into');
  });

  it('reads a patch written as YAML or JSON text, or as a map', () => {
    expect(readPatch('spec:\n  replicas: 3\n')).toEqual({ spec: { replicas: 3 } });
    expect(readPatch('{"a": null}')).toEqual({ a: null });
    expect(readPatch({ a: 1 })).toEqual({ a: 1 });
    expect(() => readPatch('- a')).toThrow('must be a map (YAML or JSON)');
    expect(() => readPatch(3)).toThrow('must be a map (YAML or JSON)');
  });
});
