import { compareTagKeys, filterChecks, labelOptions, matchesLabels, matchesQuery, parseLabelFilter, serializeLabelFilter, withLabelState } from './filters';
import { summaryCheck } from './testChecks';

describe('label filter parameter', () => {
  it('reads include (1) and exclude (-1) per key=value', () => {
    expect(parseLabelFilter('{"env=prod":1,"team=ops":-1}')).toEqual({ 'env=prod': 1, 'team=ops': -1 });
  });

  it('ignores unreadable JSON, arrays, other states and ids without =', () => {
    expect(parseLabelFilter('{not json')).toEqual({});
    expect(parseLabelFilter('[1]')).toEqual({});
    expect(parseLabelFilter('{"env=prod":2,"env":1,"a=b":0,"c=d":-1}')).toEqual({ 'c=d': -1 });
    expect(parseLabelFilter('')).toEqual({});
  });

  it('writes nothing when empty and round-trips otherwise', () => {
    expect(serializeLabelFilter({})).toBeNull();
    const filter = withLabelState(withLabelState({}, 'env=prod', 1), 'team=ops', -1);
    expect(parseLabelFilter(serializeLabelFilter(filter))).toEqual({ 'env=prod': 1, 'team=ops': -1 });
    expect(withLabelState(filter, 'env=prod', 0)).toEqual({ 'team=ops': -1 });
  });

  it('keeps values containing = intact', () => {
    expect(matchesLabels({ expr: 'a=b' }, { 'expr=a=b': 1 })).toBe(true);
  });
});

describe('matchesLabels', () => {
  const labels = { env: 'prod', team: 'ops' };
  it('needs every included key, any of its included values', () => {
    expect(matchesLabels(labels, { 'env=prod': 1 })).toBe(true);
    expect(matchesLabels(labels, { 'env=prod': 1, 'env=staging': 1 })).toBe(true);
    expect(matchesLabels(labels, { 'env=staging': 1 })).toBe(false);
    expect(matchesLabels(labels, { 'env=prod': 1, 'region=eu': 1 })).toBe(false);
  });
  it('hides a check carrying an excluded label', () => {
    expect(matchesLabels(labels, { 'team=ops': -1 })).toBe(false);
    expect(matchesLabels(labels, { 'team=dev': -1 })).toBe(true);
    expect(matchesLabels(null, { 'team=dev': -1 })).toBe(true);
  });
});

describe('search', () => {
  const check = summaryCheck({ id: '1', name: 'Checkout API', description: 'Payments front door', endpoint: 'https://pay.example.com' });
  it('matches name, description or endpoint, ignoring case', () => {
    expect(matchesQuery(check, 'checkout')).toBe(true);
    expect(matchesQuery(check, 'FRONT door')).toBe(true);
    expect(matchesQuery(check, 'pay.example')).toBe(true);
    expect(matchesQuery(check, 'web')).toBe(false);
    expect(matchesQuery(check, '  ')).toBe(true);
  });
});

describe('filterChecks', () => {
  const healthy = summaryCheck({ id: 'h', name: 'healthy one' });
  const unhealthy = summaryCheck({ id: 'u', name: 'unhealthy one', status: 'unhealthy' });
  const fresh = summaryCheck({ id: 'n', name: 'never ran', status: null });
  const all = [healthy, unhealthy, fresh];
  const none = { query: '', labels: {}, hidePassing: false, status: null };

  it('Hide Passing hides healthy checks only', () => {
    expect(filterChecks(all, { ...none, hidePassing: true }).map((c) => c.id)).toEqual(['u', 'n']);
    expect(filterChecks(all, none)).toHaveLength(3);
  });

  it('a status filter decides on its own, even with Hide Passing on', () => {
    expect(filterChecks(all, { ...none, hidePassing: true, status: 'healthy' }).map((c) => c.id)).toEqual(['h']);
    expect(filterChecks(all, { ...none, status: 'unknown' }).map((c) => c.id)).toEqual(['n']);
  });
});

describe('label options', () => {
  it("sorts 'account', 'namespace', 'name' first, then alphabetical", () => {
    expect(['zone', 'name', 'app', 'account', 'namespace'].sort(compareTagKeys)).toEqual(['account', 'namespace', 'name', 'app', 'zone']);
  });
  it('lists each key=value with its count', () => {
    const checks = [
      summaryCheck({ id: '1', name: 'a', labels: { env: 'prod', namespace: 'x' } }),
      summaryCheck({ id: '2', name: 'b', labels: { env: 'prod' } }),
      summaryCheck({ id: '3', name: 'c', labels: { env: 'dev' } }),
    ];
    expect(labelOptions(checks).map((o) => [o.id, o.count])).toEqual([
      ['namespace=x', 1],
      ['env=dev', 1],
      ['env=prod', 2],
    ]);
  });
});
