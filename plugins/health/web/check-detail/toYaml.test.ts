import { parse } from 'yaml';
import { toYaml } from './toYaml';

describe('spec as YAML', () => {
  it('writes nested maps and lists in block style', () => {
    expect(toYaml({ name: 'api', url: 'http://localhost:8080/health', responseCodes: [200, 201], labels: { team: 'core' } })).toBe(
      ['name: api', 'url: http://localhost:8080/health', 'responseCodes:', '- 200', '- 201', 'labels:', '  team: core', ''].join('\n'),
    );
  });

  it('keeps multi-line text readable as a literal block', () => {
    expect(toYaml({ test: { expr: 'code == 200 &&\nsize > 0' } })).toBe('test:\n  expr: |-\n    code == 200 &&\n    size > 0\n');
  });

  it.each([
    { name: 'x', enabled: 'true', port: '8080', empty: '', none: null, list: [], map: {} },
    { 'odd key: yes': ['- dash', '#hash', 'a: b', ' padded', 'tab\there'], nested: [{ a: 1, b: [{ c: 'd' }] }, [1, [2]]] },
    { script: 'line 1\n  indented\n', trailing: 'ends\n', yes: 'no', num: 1.5, neg: -3, flag: false },
  ])('reads back as the same value (%#)', (spec) => {
    expect(parse(toYaml(spec))).toEqual(spec);
  });
});
