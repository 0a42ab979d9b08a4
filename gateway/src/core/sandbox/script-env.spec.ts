import { SCRIPT_ENV_PROBLEM, resolveScriptEnv, scriptEnvEntries, scriptEnvProblem } from './script-env';

const ref = { secretKeyRef: { name: 'db', key: 'password' } };

describe('script env', () => {
  it('reads a list of {name, value | valueFrom} and a map of values or references', () => {
    expect(scriptEnvEntries(undefined)).toEqual([]);
    expect(
      scriptEnvEntries([
        { name: 'A', value: '1' },
        { name: 'B', valueFrom: ref },
      ]),
    ).toEqual([
      ['A', '1'],
      ['B', { valueFrom: ref }],
    ]);
    expect(scriptEnvEntries({ A: '1', B: { valueFrom: ref }, C: { value: '3' } })).toEqual([
      ['A', '1'],
      ['B', { valueFrom: ref }],
      ['C', { value: '3' }],
    ]);
  });

  it('takes numbers and true/false as their text (YAML and expressions give them)', () => {
    expect(scriptEnvEntries({ N: 3, B: false })).toEqual([
      ['N', '3'],
      ['B', 'false'],
    ]);
    expect(scriptEnvEntries([{ name: 'N', value: 3 }])).toEqual([['N', '3']]);
  });

  it('refuses other shapes', () => {
    for (const env of [
      'A=1',
      [{ name: 'A' }],
      [{ value: '1' }],
      [{ name: '', value: '1' }],
      { A: null },
      { A: [] },
      { A: { valueFrom: { secretKeyRef: { name: 'db' } } } },
    ]) {
      expect(scriptEnvProblem(env)).toBe(SCRIPT_ENV_PROBLEM);
    }
    expect(scriptEnvProblem({ A: 'x' })).toBeNull();
  });

  it('resolves references and names those that resolve to nothing', async () => {
    const resolve = async (r: unknown) => (JSON.stringify(r) === JSON.stringify({ valueFrom: ref }) ? 'pw' : null);
    expect(
      await resolveScriptEnv(
        [
          { name: 'A', value: 'plain' },
          { name: 'B', valueFrom: ref },
        ],
        resolve,
      ),
    ).toEqual({ env: { A: 'plain', B: 'pw' }, unresolved: [] });
    expect(await resolveScriptEnv({ C: { valueFrom: { configMapKeyRef: { name: 'x', key: 'y' } } } }, resolve)).toEqual({ env: {}, unresolved: ['C'] });
  });
});
