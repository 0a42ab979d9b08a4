import {
  ALL_TAB,
  aggregateHealth,
  checksByGroup,
  groupByChoices,
  isFullyPassing,
  parseSort,
  sortChecks,
  tabByChoices,
  tabsFor,
  summarizeGroup,
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
  // The table groups them (the shared DataTable's grouping); these are the group rows' figures.
  it('sums a group up: passing/total, health, uptime, average latency', () => {
    const web = summarizeGroup('web', checksByGroup(checks, 'canary_name').get('web')!);
    expect(web.checks.map((c) => c.name)).toEqual(['api', 'home']);
    expect(web.passing).toBe(1);
    expect(web.health).toBe('mixed');
    expect(web.uptime).toEqual({ passed: 13, failed: 1 });
    expect(web.latencyMs).toBe((120 + 900) / 2);
  });

  it('counts passing/total over the whole group, the checks Hide Passing hides included', () => {
    const shown = checks.filter((c) => !isFullyPassing(c));
    const web = summarizeGroup('web', checksByGroup(shown, 'canary_name').get('web')!, checksByGroup(checks, 'canary_name').get('web'));
    expect(web.checks).toHaveLength(1); // the failing one is shown, the passing one hidden
    expect([web.passing, web.total]).toEqual([1, 2]);
  });

  it('groups checks without the value under (none)', () => {
    expect([...checksByGroup(checks, 'team').entries()].map(([key, list]) => [key, list.length])).toEqual([
      ['ops', 1],
      ['(none)', 1],
      ['dba', 1],
    ]);
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
