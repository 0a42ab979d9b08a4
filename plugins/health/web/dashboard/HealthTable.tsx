import { useMemo } from 'react';
import { Caption1, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { CheckSummary } from '@contracts';
import { DataTable, type DataTableColumn, type DataTableGroup, type SortState } from '@web/core/components/DataTable';
import { HealthBadge } from '@web/core/components/HealthBadge';
import { checkStatus } from './filters';
import { checkLatencyMs, formatLatency, formatSince, healthAge } from './format';
import {
  CHECK_SORT_VALUES,
  type CheckGroup,
  type CheckSort,
  NO_GROUPING,
  type SortColumn,
  UNGROUPED_LABEL,
  checksByGroup,
  checksByName,
  groupValue,
  summarizeGroup,
  toSortState,
} from './grouping';
import { CheckTitle, UptimeCell } from './HealthCells';

const useStyles = makeStyles({
  count: { color: tokens.colorNeutralForeground3 },
  health: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  cell: { display: 'flex', alignItems: 'center', height: '100%', minWidth: 0 },
});

/** Beyond this many checks, groups start collapsed. */
export const EXPAND_ALL_UP_TO = 200;
/** Two lines: the check's name, then its canary and endpoint. */
const ROW_HEIGHT = 48;
const checkId = (check: CheckSummary) => check.id;

function HealthCell({ check }: { check: CheckSummary }) {
  const styles = useStyles();
  const age = healthAge(check.last_runtime);
  return (
    <span className={styles.health} title={check.last_error ?? check.last_message ?? undefined}>
      <HealthBadge health={checkStatus(check)} />
      {age && (
        <Caption1 className={styles.count} title="Last run">
          {age}
        </Caption1>
      )}
    </span>
  );
}

function GroupTitle({ group }: { group: CheckGroup }) {
  const styles = useStyles();
  return (
    <span className={styles.cell}>
      <Text weight="semibold">{group.key}</Text>&nbsp;
      <Text size={200} className={styles.count}>
        ({group.checks.length})
      </Text>
    </span>
  );
}

/**
 * Checks, Health, Uptime, Latency, Transition. A group row sums its group up: aggregated health, fully passing out of
 * all its checks (those Hide Passing hides included), average latency, latest transition.
 */
function healthColumns(summaryOf: (group: DataTableGroup<CheckSummary>) => CheckGroup): DataTableColumn<CheckSummary>[] {
  const sortValues = (id: SortColumn) => ({
    value: CHECK_SORT_VALUES[id].check,
    groupValue: (g: DataTableGroup<CheckSummary>) => CHECK_SORT_VALUES[id].group(summaryOf(g)),
  });
  const column = (id: SortColumn, header: string, rest: Omit<DataTableColumn<CheckSummary>, 'id' | 'header' | 'value'>): DataTableColumn<CheckSummary> => {
    const { value, groupValue } = sortValues(id);
    return { id, header, value, ...rest, group: { value: groupValue, ...rest.group } };
  };
  return [
    column('name', 'Checks', {
      flex: 3,
      minWidth: 200,
      render: (check) => <CheckTitle check={check} />,
      group: { render: (g) => <GroupTitle group={summaryOf(g)} /> },
    }),
    column('status', 'Health', {
      width: 150,
      render: (check) => <HealthCell check={check} />,
      group: { render: (g) => <HealthBadge health={summaryOf(g).health} /> },
    }),
    column('uptime', 'Uptime', {
      width: 130,
      render: (check) => <UptimeCell uptime={check.uptime} />,
      group: {
        render: (g) => {
          const summary = summaryOf(g);
          return (
            <span data-testid="group-passing" title="Fully passing checks out of the total">
              {summary.passing}/{summary.total}
            </span>
          );
        },
      },
    }),
    column('latency', 'Latency', {
      width: 130,
      render: (check) => formatLatency(checkLatencyMs(check)),
      group: { render: (g) => formatLatency(summaryOf(g).latencyMs) },
    }),
    column('last_transition_time', 'Transition', {
      width: 130,
      render: (check) => formatSince(check.last_transition_time),
      group: { render: (g) => formatSince(summaryOf(g).lastTransition) },
    }),
  ];
}

export interface HealthTableProps {
  /** The checks shown (every filter applied). */
  checks: readonly CheckSummary[];
  /** The same checks before Hide Passing: what a group's passing/total counts. */
  unhidden: readonly CheckSummary[];
  groupBy: string;
  sort: CheckSort;
  onSortChange(sort: CheckSort): void;
  onOpenCheck(check: CheckSummary): void;
}

/** The dashboard's table (spec 02 §4, §5), on the shared DataTable with its grouping: group rows expand on click. */
export function HealthTable({ checks, unhidden, groupBy, sort, onSortChange, onOpenCheck }: HealthTableProps) {
  const grouped = groupBy !== NO_GROUPING;
  const wholeGroups = useMemo(() => (grouped ? checksByGroup(unhidden, groupBy) : new Map<string, CheckSummary[]>()), [grouped, unhidden, groupBy]);
  const columns = useMemo(() => healthColumns((group) => summarizeGroup(group.key, group.rows, wholeGroups.get(group.key) ?? group.rows)), [wholeGroups]);
  // Ties of any sort keep the name order.
  const rows = useMemo(() => checksByName(checks), [checks]);
  // Groups start expanded so every check is in view, unless there are so many checks that rendering them all would
  // keep the page waiting: then they start collapsed (spec 02: clicking a group expands it).
  const groupByKey = useMemo(
    () =>
      grouped
        ? { key: (check: CheckSummary) => groupValue(check, groupBy), emptyLabel: UNGROUPED_LABEL, defaultExpanded: checks.length <= EXPAND_ALL_UP_TO }
        : undefined,
    [grouped, groupBy, checks.length],
  );
  // The sort is always on a column: clicking the sorted column again reverses it.
  const changeSort = (next: SortState | null) =>
    onSortChange(next ? { column: next.column as SortColumn, descending: next.direction === 'desc' } : { column: sort.column, descending: !sort.descending });

  return (
    <DataTable<CheckSummary>
      id="health-checks"
      rows={rows}
      columns={columns}
      getRowId={checkId}
      sort={toSortState(sort)}
      onSortChange={changeSort}
      groupBy={groupByKey}
      onRowClick={onOpenCheck}
      rowHeight={ROW_HEIGHT}
      rowTestId="health-check-row"
    />
  );
}
