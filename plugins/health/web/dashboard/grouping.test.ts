import {
  ALL_TAB,
  aggregateHealth,
  buildHealthRows,
  groupByChoices,
  isFullyPassing,
  parseSort,
  sortChecks,
  tabByChoices,
  tabsFor,
  type CheckGroup,
} from './grouping';
import { summaryCheck } from './testChecks';

const api = summaryCheck({ id: 'a', name: 'api', canary_name: 'web', namespace: 'prod', labels: { team: 'ops' } });
const home = summaryCheck({
  id: 'b',
  name: 'home',
  canary_name: 'web',
  namespace: 'prod',
  status: 'unhealthy',
  uptime: { passed: 3, failed: 1, last_pass: null, last_fail: null },
  latency: { p50: 5, p95: 900, p97: null, p99: null },
});
const db = summaryCheck({ id: 'c', name: 'db', canary_name: 'data', namespace: 'dev', type: 'postgres', labels: { team: 'dba', name: 'x' } });
const checks = [api, home, db];

describe('Group By and Tab By choices', () => {
  it('offers the built-in groupings then the label keys', () => {
    expect(groupByChoices(checks).map((c) => c.label)).toEqual(['No Grouping', 'Group Name', 'Name', 'Description', 'Type', 'team']);
  });
  it('offers namespace, the label keys, then Agent', () => {
    expect(tabByChoices(checks).map((c) => c.value)).toEqual(['namespace', 'name', 'team', 'agent']);
  });
});

describe('tabs', () => {
  it('puts All first, then the values alphabetically', () => {
    expect(tabsFor(checks, 'namespace')).toEqual([ALL_TAB, 'dev', 'prod']);
    expect(tabsFor(checks, 'team')).toEqual([ALL_TAB, 'dba', 'ops']);
    expect(tabsFor(checks, 'agent')).toEqual([ALL_TAB, 'local']);
  });
});

describe('aggregated health', () => {
  it('is good when all healthy, bad when all unhealthy, otherwise mixed', () => {
    expect(aggregateHealth([api, db])).toBe('good');
    expect(aggregateHealth([home, { status: 'unhealthy' }])).toBe('bad');
    expect(aggregateHealth([api, home])).toBe('mixed');
    expect(aggregateHealth([{ status: null }])).toBe('mixed');
  });
});

describe('rows', () => {
  const byName = parseSort('', '');

  it('groups by canary name with passing/total and aggregates', () => {
    const rows = buildHealthRows(checks, 'canary_name', byName);
    expect(rows.map((r) => r.kind === 'group' && r.key)).toEqual(['data', 'web']);
    const web = rows[1] as CheckGroup;
    expect(web.checks.map((c) => c.name)).toEqual(['api', 'home']);
    expect(web.passing).toBe(1);
    expect(web.health).toBe('mixed');
    expect(web.uptime).toEqual({ passed: 13, failed: 1 });
    expect(web.latencyMs).toBe((120 + 900) / 2);
  });

  it('counts passing/total over the whole group, the checks Hide Passing hides included', () => {
    const shown = checks.filter((c) => !isFullyPassing(c));
    const web = buildHealthRows(shown, 'canary_name', byName, checks).find((r) => r.kind === 'group' && r.key === 'web') as CheckGroup;
    expect(web.checks).toHaveLength(1); // the failing one is shown, the passing one hidden
    expect([web.passing, web.total]).toEqual([1, 2]);
  });

  it('groups checks without the value under (none)', () => {
    const rows = buildHealthRows(checks, 'team', byName);
    expect(rows.map((r) => r.kind === 'group' && [r.key, r.checks.length])).toEqual([
      ['(none)', 1],
      ['dba', 1],
      ['ops', 1],
    ]);
  });

  it('lists checks alone with No Grouping', () => {
    expect(buildHealthRows(checks, 'no-group', byName).map((r) => r.kind === 'check' && r.check.name)).toEqual(['api', 'db', 'home']);
  });

  it('sorts by a column either way, missing values last', () => {
    const silent = summaryCheck({ id: 'd', name: 'silent', latency: { p50: null, p95: null, p97: null, p99: null } });
    const names = (sortBy: string, desc: string) => sortChecks([...checks, silent], parseSort(sortBy, desc)).map((c) => c.name);
    expect(names('latency', 'false')).toEqual(['api', 'db', 'home', 'silent']);
    expect(names('latency', 'true')).toEqual(['home', 'api', 'db', 'silent']);
    expect(names('status', 'false')[0]).toBe('home');
    expect(names('uptime', 'false')[0]).toBe('home');
    expect(names('name', 'true')).toEqual(['silent', 'home', 'db', 'api']);
    expect(parseSort('bogus', 'true')).toEqual({ column: 'name', descending: true });
  });
});
