import { type CheckSummary, LOCAL_AGENT_ID } from '@contracts';
import { checkStatus, labelKeys } from './filters';
import { checkLatencyMs, uptimePercent } from './format';

/** Grouping, tabs and ordering of the health dashboard (spec 02 Health, §4). */

export interface Choice {
  value: string;
  label: string;
}

export const NO_GROUPING = 'no-group';
export const DEFAULT_GROUP_BY = 'canary_name';
const BUILT_IN_GROUPS: readonly Choice[] = [
  { value: NO_GROUPING, label: 'No Grouping' },
  { value: 'canary_name', label: 'Group Name' },
  { value: 'name', label: 'Name' },
  { value: 'description', label: 'Description' },
  { value: 'type', label: 'Type' },
];
type GroupField = 'canary_name' | 'name' | 'description' | 'type';
const GROUP_FIELDS: readonly string[] = ['canary_name', 'name', 'description', 'type'];

export const DEFAULT_TAB_BY = 'namespace';
export const AGENT_TAB = 'agent';
export const ALL_TAB = 'All';

/** Without an agent (or with the all-zero one) the check runs here. */
export const LOCAL_AGENT_LABEL = 'local';

/** The label keys not already a built-in choice, so a `name` label cannot shadow the Name grouping. */
function extraLabelChoices(checks: readonly CheckSummary[], reserved: readonly string[]): Choice[] {
  return labelKeys(checks)
    .filter((key) => !reserved.includes(key))
    .map((key) => ({ value: key, label: key }));
}

/** No Grouping, Group Name, Name, Description, Type, then each check label key. */
export function groupByChoices(checks: readonly CheckSummary[]): Choice[] {
  return [...BUILT_IN_GROUPS, ...extraLabelChoices(checks, BUILT_IN_GROUPS.map((c) => c.value))];
}

/** namespace, each check label key, Agent. */
export function tabByChoices(checks: readonly CheckSummary[]): Choice[] {
  return [
    { value: DEFAULT_TAB_BY, label: 'Namespace' },
    ...extraLabelChoices(checks, [DEFAULT_TAB_BY, AGENT_TAB]),
    { value: AGENT_TAB, label: 'Agent' },
  ];
}


function agentOf(check: CheckSummary): string {
  const agent = check.agent_name ?? check.agent_id;
  return agent && agent !== LOCAL_AGENT_ID ? agent : LOCAL_AGENT_LABEL;
}

/** The value a check is grouped under; '' when it has none. */
export function groupValue(check: CheckSummary, groupBy: string): string {
  if (GROUP_FIELDS.includes(groupBy)) return check[groupBy as GroupField] ?? '';
  return check.labels?.[groupBy] ?? '';
}

/** The tab a check belongs to; '' when it has none (then it is only under All). */
export function tabValue(check: CheckSummary, tabBy: string): string {
  if (tabBy === AGENT_TAB) return agentOf(check);
  if (tabBy === DEFAULT_TAB_BY) return check.namespace ?? check.labels?.namespace ?? '';
  return check.labels?.[tabBy] ?? '';
}

/** All first, then the values present, alphabetical. */
export function tabsFor(checks: readonly CheckSummary[], tabBy: string): string[] {
  const values = new Set<string>();
  for (const check of checks) {
    const value = tabValue(check, tabBy);
    if (value) values.add(value);
  }
  return [ALL_TAB, ...[...values].sort((a, b) => a.localeCompare(b))];
}

export function inTab(check: CheckSummary, tabBy: string, tab: string): boolean {
  return !tab || tab === ALL_TAB || tabValue(check, tabBy) === tab;
}

export type AggregateHealth = 'good' | 'bad' | 'mixed';

/** Good when all healthy, bad when all unhealthy, otherwise mixed (spec 02 §4). */
export function aggregateHealth(checks: readonly Pick<CheckSummary, 'status'>[]): AggregateHealth {
  if (checks.length > 0 && checks.every((c) => checkStatus(c) === 'healthy')) return 'good';
  if (checks.length > 0 && checks.every((c) => checkStatus(c) === 'unhealthy')) return 'bad';
  return 'mixed';
}

/** Fully passing: ran in the range and never failed (uptime 100%). */
export function isFullyPassing(check: Pick<CheckSummary, 'uptime'>): boolean {
  return uptimePercent(check.uptime) === 100;
}

export type SortColumn = 'name' | 'status' | 'uptime' | 'latency' | 'last_transition_time';
export const SORT_COLUMNS: readonly SortColumn[] = ['name', 'status', 'uptime', 'latency', 'last_transition_time'];
export interface CheckSort {
  column: SortColumn;
  descending: boolean;
}

export function parseSort(sortBy: string, sortDesc: string): CheckSort {
  const column = (SORT_COLUMNS as readonly string[]).includes(sortBy) ? (sortBy as SortColumn) : 'name';
  return { column, descending: sortDesc === 'true' };
}

/** Unhealthy first when ascending, as the topology orders health. */
const STATUS_ORDER: Record<string, number> = { unhealthy: 1, bad: 1, warning: 2, mixed: 2, healthy: 3, good: 3, unknown: 4 };

export interface CheckGroup {
  kind: 'group';
  key: string;
  /** The members shown (after every filter). */
  checks: CheckSummary[];
  /** Fully passing checks of the whole group, out of `total`: the checks Hide Passing hides count too. */
  passing: number;
  total: number;
  health: AggregateHealth;
  /** Summed over the members. */
  uptime: { passed: number; failed: number };
  /** Average of the members that ran. */
  latencyMs: number | null;
  /** The latest member transition. */
  lastTransition: string | null;
}
export interface CheckLeaf {
  kind: 'check';
  check: CheckSummary;
}
export type HealthRow = CheckGroup | CheckLeaf;

type SortValue = string | number | null;

function leafSortValue(check: CheckSummary, column: SortColumn): SortValue {
  switch (column) {
    case 'name':
      return check.name.toLowerCase();
    case 'status':
      return STATUS_ORDER[checkStatus(check)];
    case 'uptime':
      return uptimePercent(check.uptime) ?? null;
    case 'latency':
      return checkLatencyMs(check);
    case 'last_transition_time':
      return check.last_transition_time ? new Date(check.last_transition_time).getTime() : null;
  }
}

function groupSortValue(group: CheckGroup, column: SortColumn): SortValue {
  switch (column) {
    case 'name':
      return group.key.toLowerCase();
    case 'status':
      return STATUS_ORDER[group.health];
    case 'uptime':
      return uptimePercent(group.uptime) ?? null;
    case 'latency':
      return group.latencyMs;
    case 'last_transition_time':
      return group.lastTransition ? new Date(group.lastTransition).getTime() : null;
  }
}

/** Sorts by `value`; rows without a value go last either way; ties keep the name order. */
function sortBy<T>(items: readonly T[], value: (item: T) => SortValue, name: (item: T) => string, descending: boolean): T[] {
  const factor = descending ? -1 : 1;
  return [...items].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va === null || vb === null) {
      if (va !== vb) return va === null ? 1 : -1;
    } else if (va !== vb) {
      return factor * (typeof va === 'number' && typeof vb === 'number' ? va - vb : String(va).localeCompare(String(vb)));
    }
    return name(a).localeCompare(name(b));
  });
}

export function sortChecks(checks: readonly CheckSummary[], sort: CheckSort): CheckSummary[] {
  return sortBy(checks, (c) => leafSortValue(c, sort.column), (c) => c.name, sort.descending);
}

export function summarizeGroup(key: string, checks: CheckSummary[], whole: readonly CheckSummary[] = checks): CheckGroup {
  const latencies = checks.map(checkLatencyMs).filter((ms): ms is number => ms !== null);
  const transitions = checks.map((c) => c.last_transition_time).filter((t): t is string => Boolean(t));
  return {
    kind: 'group',
    key,
    checks,
    passing: whole.filter(isFullyPassing).length,
    total: whole.length,
    health: aggregateHealth(checks),
    uptime: checks.reduce((sum, c) => ({ passed: sum.passed + c.uptime.passed, failed: sum.failed + c.uptime.failed }), { passed: 0, failed: 0 }),
    latencyMs: latencies.length ? latencies.reduce((a, b) => a + b, 0) / latencies.length : null,
    lastTransition: transitions.reduce<string | null>((latest, t) => (!latest || new Date(t) > new Date(latest) ? t : latest), null),
  };
}

/** Label of the group of checks without a value for the grouping. */
export const UNGROUPED_LABEL = '(none)';

/**
 * The table's rows: without grouping, the sorted checks; otherwise one group per value (sorted by the same
 * column, aggregated) holding its sorted checks. `unhidden` are the checks before Hide Passing: a group's
 * passing/total counts the whole group, not only what is shown.
 */
export function buildHealthRows(checks: readonly CheckSummary[], groupBy: string, sort: CheckSort, unhidden: readonly CheckSummary[] = checks): HealthRow[] {
  const sorted = sortChecks(checks, sort);
  if (groupBy === NO_GROUPING) return sorted.map((check) => ({ kind: 'check', check }));
  const members = new Map<string, CheckSummary[]>();
  for (const check of sorted) {
    const key = groupValue(check, groupBy) || UNGROUPED_LABEL;
    const list = members.get(key);
    if (list) list.push(check);
    else members.set(key, [check]);
  }
  const wholeGroups = new Map<string, CheckSummary[]>();
  for (const check of unhidden) {
    const key = groupValue(check, groupBy) || UNGROUPED_LABEL;
    wholeGroups.set(key, [...(wholeGroups.get(key) ?? []), check]);
  }
  const groups = [...members.entries()].map(([key, list]) => summarizeGroup(key, list, wholeGroups.get(key) ?? list));
  return sortBy(groups, (g) => groupSortValue(g, sort.column), (g) => g.key, sort.descending);
}
