import { type KeyboardEvent, useState } from 'react';
import {
  Caption1,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { ChevronDown16Regular, ChevronRight16Regular } from '@fluentui/react-icons';
import type { CheckSummary } from '@contracts';
import { HealthBadge } from '@web/core/components/HealthBadge';
import { checkLatencyMs, formatLatency, formatSince, healthAge } from './format';
import type { CheckGroup, CheckSort, HealthRow, SortColumn } from './grouping';
import { checkStatus } from './filters';
import { CheckTitle, UptimeCell } from './HealthCells';

const useStyles = makeStyles({
  table: { tableLayout: 'fixed', width: '100%' },
  checks: { width: 'auto' },
  narrow: { width: '130px' },
  row: {
    cursor: 'pointer',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  group: { backgroundColor: tokens.colorNeutralBackground3, fontWeight: tokens.fontWeightSemibold },
  groupTitle: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  nested: { paddingLeft: tokens.spacingHorizontalXXL },
  count: { color: tokens.colorNeutralForeground3 },
  health: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
});

const COLUMNS: ReadonlyArray<{ column: SortColumn; header: string }> = [
  { column: 'name', header: 'Checks' },
  { column: 'status', header: 'Health' },
  { column: 'uptime', header: 'Uptime' },
  { column: 'latency', header: 'Latency' },
  { column: 'last_transition_time', header: 'Transition' },
];

const onEnter = (action: () => void) => (event: KeyboardEvent) => {
  if (event.key === 'Enter') {
    event.preventDefault();
    action();
  }
};

export interface HealthTableProps {
  rows: readonly HealthRow[];
  sort: CheckSort;
  onSortChange(sort: CheckSort): void;
  onOpenCheck(check: CheckSummary): void;
}

/** Beyond this many checks, groups start collapsed. */
export const EXPAND_ALL_UP_TO = 200;

/** Checks, Health, Uptime, Latency, Transition; group rows show passing/total and expand on click. */
export function HealthTable({ rows, sort, onSortChange, onOpenCheck }: HealthTableProps) {
  const styles = useStyles();
  // Groups start expanded so every check is in view, unless there are so many checks that rendering them all would
  // keep the page waiting: then they start collapsed (spec 02: clicking a group expands it). The set holds the
  // groups the user toggled away from that default.
  const checkCount = rows.reduce((n, row) => n + (row.kind === 'check' ? 1 : row.checks.length), 0);
  const expandedByDefault = checkCount <= EXPAND_ALL_UP_TO;
  const [toggled, setToggled] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setToggled((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const headerSort = (column: SortColumn) => (sort.column === column ? (sort.descending ? 'descending' : 'ascending') : undefined);
  const changeSort = (column: SortColumn) =>
    onSortChange({ column, descending: sort.column === column ? !sort.descending : false });

  return (
    <Table sortable className={styles.table} aria-label="Health checks" size="small">
      <TableHeader>
        <TableRow>
          {COLUMNS.map(({ column, header }) => (
            <TableHeaderCell
              key={column}
              className={column === 'name' ? styles.checks : styles.narrow}
              sortDirection={headerSort(column)}
              onClick={() => changeSort(column)}
            >
              {header}
            </TableHeaderCell>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) =>
          row.kind === 'check' ? (
            <CheckRow key={row.check.id} check={row.check} onOpen={onOpenCheck} />
          ) : (
            <GroupRows key={`group:${row.key}`} group={row} expanded={toggled.has(row.key) !== expandedByDefault} onToggle={() => toggle(row.key)} onOpen={onOpenCheck} />
          ),
        )}
      </TableBody>
    </Table>
  );
}

function GroupRows({ group, expanded, onToggle, onOpen }: { group: CheckGroup; expanded: boolean; onToggle(): void; onOpen(check: CheckSummary): void }) {
  const styles = useStyles();
  return (
    <>
      <TableRow
        className={mergeClasses(styles.row, styles.group)}
        data-testid="health-group-row"
        data-group={group.key}
        aria-expanded={expanded}
        tabIndex={0}
        onClick={onToggle}
        onKeyDown={onEnter(onToggle)}
      >
        <TableCell>
          <span className={styles.groupTitle}>
            {expanded ? <ChevronDown16Regular aria-hidden /> : <ChevronRight16Regular aria-hidden />}
            <Text weight="semibold">{group.key}</Text>
            <Text size={200} className={styles.count}>
              ({group.checks.length})
            </Text>
          </span>
        </TableCell>
        <TableCell>
          <HealthBadge health={group.health} />
        </TableCell>
        <TableCell>
          <span data-testid="group-passing" title="Fully passing checks out of the total">
            {group.passing}/{group.total}
          </span>
        </TableCell>
        <TableCell>{formatLatency(group.latencyMs)}</TableCell>
        <TableCell>{formatSince(group.lastTransition)}</TableCell>
      </TableRow>
      {expanded && group.checks.map((check) => <CheckRow key={check.id} check={check} nested onOpen={onOpen} />)}
    </>
  );
}

function CheckRow({ check, nested = false, onOpen }: { check: CheckSummary; nested?: boolean; onOpen(check: CheckSummary): void }) {
  const styles = useStyles();
  const open = () => onOpen(check);
  const age = healthAge(check.last_runtime);
  return (
    <TableRow className={styles.row} data-testid="health-check-row" data-check-id={check.id} tabIndex={0} onClick={open} onKeyDown={onEnter(open)}>
      <TableCell className={nested ? styles.nested : undefined}>
        <CheckTitle check={check} />
      </TableCell>
      <TableCell title={check.last_error ?? check.last_message ?? undefined}>
        <span className={styles.health}>
          <HealthBadge health={checkStatus(check)} />
          {age && (
            <Caption1 className={styles.count} title="Last run">
              {age}
            </Caption1>
          )}
        </span>
      </TableCell>
      <TableCell>
        <UptimeCell uptime={check.uptime} />
      </TableCell>
      <TableCell>{formatLatency(checkLatencyMs(check))}</TableCell>
      <TableCell>{formatSince(check.last_transition_time)}</TableCell>
    </TableRow>
  );
}
