import { UserYamlError, dumpYaml, loadUserYaml } from './user-yaml';

describe('loadUserYaml', () => {
  it('loads an ordinary document, and names the line and column of a syntax error', () => {
    expect(loadUserYaml('a: 1\nb: [x, y]\n')).toEqual({ a: 1, b: ['x', 'y'] });
    expect(() => loadUserYaml('a: [1,\nb: 2')).toThrow(/YAML syntax error at line \d+, column \d+/);
  });

  it('refuses a small text whose aliases expand past the limit (billion laughs), quickly and without walking it all', () => {
    const levels = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 9; i++)
      levels.push(
        `${'abcdefghij'[i]}: &${'abcdefghij'[i]} [${Array(10)
          .fill(`*${'abcdefghij'[i - 1]}`)
          .join(', ')}]`,
      );
    const bomb = levels.join('\n');
    expect(bomb.length).toBeLessThan(1000);
    expect(() => loadUserYaml(bomb)).toThrow(UserYamlError);
    expect(() => loadUserYaml(bomb)).toThrow('the document expands to more than 100,000 values (YAML aliases count each time they are used)');
  });

  it('takes aliases that stay small', () => {
    expect(loadUserYaml('base: &b {x: 1}\none: *b\ntwo: *b\n')).toEqual({ base: { x: 1 }, one: { x: 1 }, two: { x: 1 } });
  });

  it('reads the core schema plus merge keys, refuses duplicate keys and several documents, and writes back what it read', () => {
    expect(loadUserYaml('base: &b {x: 1}\nm:\n  <<: *b\n  y: 2\n')).toEqual({ base: { x: 1 }, m: { x: 1, y: 2 } });
    expect(loadUserYaml('on: yes\nn: ~\nd: 2024-01-01\n')).toEqual({ on: 'yes', n: null, d: '2024-01-01' });
    expect(() => loadUserYaml('a: 1\na: 2\n')).toThrow(/^YAML syntax error at line 2, column 1: Map keys must be unique$/);
    expect(() => loadUserYaml('a: 1\n---\nb: 2\n')).toThrow(/^YAML syntax error at line 2, column 1: Source contains multiple documents/);
    expect(() => loadUserYaml('a: *nowhere\n')).toThrow(/^YAML syntax error: Unresolved alias .*nowhere$/);
    expect([loadUserYaml(''), loadUserYaml('# nothing\n'), loadUserYaml('null')]).toEqual([undefined, undefined, null]);
    const value = { apiVersion: 'v1', users: [{ name: 'a@b.c', user: { token: 'x:y' } }], 'current-context': '127.0.0.1' };
    expect(loadUserYaml(dumpYaml(value))).toEqual(value);
  });
});
