import { UserYamlError, loadUserYaml } from './user-yaml';

describe('loadUserYaml', () => {
  it('loads an ordinary document, and names the line and column of a syntax error', () => {
    expect(loadUserYaml('a: 1\nb: [x, y]\n')).toEqual({ a: 1, b: ['x', 'y'] });
    expect(() => loadUserYaml('a: [1,\nb: 2')).toThrow(/YAML syntax error at line \d+, column \d+/);
  });

  it('refuses a small text whose aliases expand past the limit (billion laughs), quickly and without walking it all', () => {
    const levels = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 9; i++) levels.push(`${'abcdefghij'[i]}: &${'abcdefghij'[i]} [${Array(10).fill(`*${'abcdefghij'[i - 1]}`).join(', ')}]`);
    const bomb = levels.join('\n');
    expect(bomb.length).toBeLessThan(1000);
    expect(() => loadUserYaml(bomb)).toThrow(UserYamlError);
    expect(() => loadUserYaml(bomb)).toThrow('the document expands to more than 100,000 values (YAML aliases count each time they are used)');
  });

  it('takes aliases that stay small', () => {
    expect(loadUserYaml('base: &b {x: 1}\none: *b\ntwo: *b\n')).toEqual({ base: { x: 1 }, one: { x: 1 }, two: { x: 1 } });
  });
});
