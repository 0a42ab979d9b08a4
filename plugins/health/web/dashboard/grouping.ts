import { type CheckSummary, LOCAL_AGENT_ID } from '@contracts';
import { sortRows } from '@web/core/components/DataTable/tableRows';
import type { CellValue, DataTableColumn, SortState } from '@web/core/components/DataTable/types';
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
  return [
    ...BUILT_IN_GROUPS,
    ...extraLabelChoices(
      checks,
      BUILT_IN_GROUPS.map((c) => c.value),
    ),
  ];
}

/** namespace, each check label key, Agent. */
export function tabByChoices(checks: readonly CheckSummary[]): Choice[] {
  return [{ value: DEFAULT_TAB_BY, label: 'Namespace' }, ...extraLabelChoices(checks, [DEFAULT_TAB_BY, AGENT_TAB]), { value: AGENT_TAB, label: 'Agent' }];
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

/** The group row's figures (spec 02 §4): a group of the dashboard's table, summarised. */
export interface CheckGroup {
  key: string;
  /** The members shown (after every filter). */
  checks: readonly CheckSummary[];
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

const timeOf = (iso: string | null) => (iso ? new Date(iso).getTime() : null);

/**
 * What each column sorts checks by, and groups by (the table's groups are ordered by their summary): the shared
 * table sorts with these; rows without a value go last either way.
 */
export const CHECK_SORT_VALUES: Record<SortColumn, { check(check: CheckSummary): CellValue; group(group: CheckGroup): CellValue }> = {
  name: { check: (c) => c.name.toLowerCase(), group: (g) => g.key.toLowerCase() },
  status: { check: (c) => STATUS_ORDER[checkStatus(c)], group: (g) => STATUS_ORDER[g.health] },
  uptime: { check: (c) => uptimePercent(c.uptime) ?? null, group: (g) => uptimePercent(g.uptime) ?? null },
  latency: { check: checkLatencyMs, group: (g) => g.latencyMs },
  last_transition_time: { check: (c) => timeOf(c.last_transition_time), group: (g) => timeOf(g.lastTransition) },
};

const SORT_ONLY_COLUMNS: DataTableColumn<CheckSummary>[] = SORT_COLUMNS.map((id) => ({ id, header: id, value: CHECK_SORT_VALUES[id].check }));

export const toSortState = (sort: CheckSort): SortState => ({ column: sort.column, direction: sort.descending ? 'desc' : 'asc' });

/** Checks by name: ties of any other sort keep this order. */
export function checksByName(checks: readonly CheckSummary[]): readonly CheckSummary[] {
  return sortRows(checks, { column: 'name', direction: 'asc' }, SORT_ONLY_COLUMNS);
}

/** The checks in the table's order (the card layout shows them so). */
export function sortChecks(checks: readonly CheckSummary[], sort: CheckSort): CheckSummary[] {
  return [...sortRows(checksByName(checks), toSortState(sort), SORT_ONLY_COLUMNS)];
}

export function summarizeGroup(key: string, checks: readonly CheckSummary[], whole: readonly CheckSummary[] = checks): CheckGroup {
  const latencies = checks.map(checkLatencyMs).filter((ms): ms is number => ms !== null);
  const transitions = checks.map((c) => c.last_transition_time).filter((t): t is string => Boolean(t));
  return {
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

/** Each group's checks, by group key: what a group's passing/total counts (the checks before Hide Passing). */
export function checksByGroup(checks: readonly CheckSummary[], groupBy: string): Map<string, CheckSummary[]> {
  const groups = new Map<string, CheckSummary[]>();
  for (const check of checks) {
    const key = groupValue(check, groupBy) || UNGROUPED_LABEL;
    const list = groups.get(key);
    if (list) list.push(check);
    else groups.set(key, [check]);
  }
  return groups;
}
