import {
  findSilence,
  needsAncestors,
  parseSelectors,
  resourceLabels,
  resourceMatches,
  selectorsMatch,
  silenceActive,
  type EngineSilence,
  type SilencedResource,
} from './silences';

const now = new Date('2024-11-22T10:00:00Z');
const silence = (fields: Partial<EngineSilence>): EngineSilence => ({
  id: 's1',
  description: null,
  from: new Date('2024-11-22T09:00:00Z'),
  until: new Date('2024-11-22T11:00:00Z'),
  recursive: false,
  canary_id: null,
  check_id: null,
  component_id: null,
  config_id: null,
  selectors: null,
  filter: null,
  ...fields,
});
const component = (id: string, ancestors: string[] = []): SilencedResource => ({ type: 'component', id, canaryId: null, labels: {}, ancestors });
const evaluator = { evaluate: jest.fn(async (expression: string) => ({ ok: true as const, value: expression === 'true', kind: 'bool' })) };

describe('silences', () => {
  it('are active from `from` until `until` (fake time)', () => {
    expect(silenceActive(silence({}), now)).toBe(true);
    expect(silenceActive(silence({}), new Date('2024-11-22T11:00:00Z'))).toBe(false);
    expect(silenceActive(silence({}), new Date('2024-11-22T08:59:59Z'))).toBe(false);
  });

  it('match their check, and a canary’s silence covers its checks', () => {
    const check: SilencedResource = { type: 'check', id: 'c1', canaryId: 'k1', labels: {}, ancestors: null };
    expect(resourceMatches(silence({ check_id: 'c1' }), check)).toBe(true);
    expect(resourceMatches(silence({ check_id: 'c2' }), check)).toBe(false);
    expect(resourceMatches(silence({ canary_id: 'k1' }), check)).toBe(true);
    expect(resourceMatches(silence({ canary_id: 'k2' }), check)).toBe(false);
  });

  it('cover a component’s descendants only when recursive', () => {
    expect(resourceMatches(silence({ component_id: 'root' }), component('root'))).toBe(true);
    expect(resourceMatches(silence({ component_id: 'root' }), component('child', ['root']))).toBe(false);
    expect(resourceMatches(silence({ component_id: 'root', recursive: true }), component('child', ['root', 'mid']))).toBe(true);
    expect(resourceMatches(silence({ component_id: 'root', recursive: true }), component('other', ['elsewhere']))).toBe(false);
    expect(resourceMatches(silence({ config_id: 'root', recursive: true }), component('child', ['root']))).toBe(false);
    expect(needsAncestors([silence({ component_id: 'root', recursive: true })], 'component')).toBe(true);
    expect(needsAncestors([silence({ component_id: 'root', recursive: true })], 'config')).toBe(false);
  });

  it('match label selectors', () => {
    expect(parseSelectors('env=prod, team!=payments,!canary,owner')).toEqual([
      { key: 'env', op: '=', value: 'prod' },
      { key: 'team', op: '!=', value: 'payments' },
      { key: 'canary', op: '!exists', value: '' },
      { key: 'owner', op: 'exists', value: '' },
    ]);
    expect(selectorsMatch('env=prod,team=payments', { env: 'prod', team: 'payments', x: '1' })).toBe(true);
    expect(selectorsMatch('env=prod,team=payments', { env: 'prod' })).toBe(false);
    expect(selectorsMatch('env==prod', { env: 'prod' })).toBe(true);
    expect(selectorsMatch('env!=prod', { env: 'dev' })).toBe(true);
    expect(selectorsMatch('', { env: 'dev' })).toBe(false);
  });

  it('see a check’s labels over its canary’s, and a config’s tags', () => {
    expect(resourceLabels('check', { check: { labels: { env: 'dev' } }, canary: { labels: { env: 'prod', team: 'a' } } })).toEqual({ env: 'dev', team: 'a' });
    expect(resourceLabels('config', { config: { labels: { app: 'x' }, tags: { cluster: 'eu' } } })).toEqual({ app: 'x', cluster: 'eu' });
  });

  it('the first active silence whose resource, selectors and filter all match', async () => {
    const resource: SilencedResource = { type: 'check', id: 'c1', canaryId: 'k1', labels: { env: 'prod' }, ancestors: null };
    const silences = [
      silence({ id: 'expired', check_id: 'c1', until: new Date('2024-11-22T09:30:00Z') }),
      silence({ id: 'other-env', check_id: 'c1', selectors: 'env=dev' }),
      silence({ id: 'filter-no', selectors: 'env=prod', filter: 'false' }),
      silence({ id: 'filter-yes', selectors: 'env=prod', filter: 'true' }),
    ];
    expect((await findSilence(silences, resource, {}, now, evaluator))?.id).toBe('filter-yes');
    expect(await findSilence(silences.slice(0, 3), resource, {}, now, evaluator)).toBeNull();
  });

  it('a silence filter that fails does not silence', async () => {
    const failing = { evaluate: async () => ({ ok: false as const, error: 'no such key: x' }) };
    const resource: SilencedResource = { type: 'check', id: 'c1', canaryId: 'k1', labels: {}, ancestors: null };
    expect(await findSilence([silence({ filter: 'x == 1' })], resource, {}, now, failing)).toBeNull();
  });
});
