import { useMemo } from 'react';
import { Badge, makeStyles, tokens } from '@fluentui/react-components';
import { NOTIFICATION_MESSAGES, NOTIFICATION_RESOURCE_TYPES, SEND_STATUSES } from '@contracts';
import { DataTable, type SortState } from '@web/core/components/DataTable';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { MultiFilterDropdown } from '@web/core/components/FilterDropdown';
import { TimeRangePicker } from '@web/core/components/TimeRangePicker';
import { useAbortableSWR } from '@web/core/hooks/useAbortableSWR';
import { NotificationsTabs } from '../NotificationsTabs';
import { HISTORY_COLUMNS } from './historyColumns';
import { type HistorySummaryRow, fetchHistory, fetchHistorySummary, historyListKey, historySummaryKey } from './historyApi';
import { SendHistoryDetails } from './SendHistoryDetails';
import { sendStatusLabel } from './SendStatusBadge';
import { useSendHistoryState } from './useSendHistoryState';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  filters: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  counts: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
});

const RESOURCE_TYPE_LABELS: Record<string, string> = {
  canary: 'Canary',
  check: 'Check',
  component: 'Component',
  config: 'Config',
  incident: 'Incident',
  playbook_run: 'Playbook run',
  playbook: 'Playbook',
};
export const resourceTypeLabel = (type: string) => RESOURCE_TYPE_LABELS[type] ?? type;

/** Sums the summary's counts by one of its keys, over the rows `keep` lets through. */
function countsBy(rows: readonly HistorySummaryRow[], key: 'status' | 'resource_type', keep: (row: HistorySummaryRow) => boolean) {
  const counts = new Map<string, number>();
  for (const row of rows) {
    if (!keep(row) || !row[key]) continue;
    counts.set(row[key], (counts.get(row[key]) ?? 0) + Number(row.count));
  }
  return counts;
}

const withCount = (label: string, count: number | undefined) => (count === undefined ? label : `${label} (${count})`);

/**
 * /notifications: the send history (spec 03 Notifications). Filters status and resource type (several of each, in the
 * URL with the time range and the page), counts from the summary; a row opens its details through `id`.
 */
export default function SendHistoryPage() {
  const styles = useStyles();
  const state = useSendHistoryState();
  const listKey = historyListKey(state);
  const list = useAbortableSWR(listKey, (signal) => fetchHistory(listKey, signal), { keepPreviousData: true });
  const summaryKey = historySummaryKey(state.from, state.to);
  const summary = useAbortableSWR(summaryKey, (signal) => fetchHistorySummary(summaryKey, signal));

  // Each filter's counts follow the other filter's choice (the statuses of the chosen resource types and back).
  const summaryRows = useMemo(() => summary.data ?? [], [summary.data]);
  const statusCounts = useMemo(
    () => countsBy(summaryRows, 'status', (row) => !state.resourceType.length || state.resourceType.includes(row.resource_type ?? '')),
    [summaryRows, state.resourceType],
  );
  const typeCounts = useMemo(
    () => countsBy(summaryRows, 'resource_type', (row) => !state.status.length || state.status.includes(row.status)),
    [summaryRows, state.status],
  );
  const statusChoices = SEND_STATUSES.map((value) => ({ value, label: withCount(sendStatusLabel(value), summary.data && (statusCounts.get(value) ?? 0)) }));
  const typeChoices = NOTIFICATION_RESOURCE_TYPES.map((value) => ({
    value,
    label: withCount(resourceTypeLabel(value), summary.data && (typeCounts.get(value) ?? 0)),
  }));

  const rows = list.data?.data ?? [];
  const sort: SortState = { column: 'created_at', direction: state.sortOrder };
  return (
    <div className={styles.root}>
      <NotificationsTabs />
      <div className={styles.filters} role="search" aria-label="Send history filters">
        <MultiFilterDropdown label="Status" values={state.status} choices={statusChoices} onChange={state.setStatus} />
        <MultiFilterDropdown label="Resource type" values={state.resourceType} choices={typeChoices} onChange={state.setResourceType} />
        <TimeRangePicker value={state.timeRange} onChange={state.setTimeRange} />
        {summary.data && (
          <div className={styles.counts} aria-label="Status counts" role="list">
            {SEND_STATUSES.filter((status) => statusCounts.get(status)).map((status) => (
              <Badge key={status} role="listitem" appearance="outline" color="informative" data-status={status}>
                {`${sendStatusLabel(status)}: ${statusCounts.get(status)}`}
              </Badge>
            ))}
          </div>
        )}
      </div>
      {list.error && !list.data ? (
        <ErrorPanel error={list.error} title="Could not load the send history" />
      ) : (
        <DataTable
          id="notification-send-history"
          rows={rows}
          columns={HISTORY_COLUMNS}
          getRowId={(row) => row.id}
          loading={list.isLoading}
          emptyMessage={NOTIFICATION_MESSAGES.noNotifications}
          sort={sort}
          onSortChange={(next) => state.setSortOrder(next?.column === 'created_at' && next.direction === 'asc' ? 'asc' : 'desc')}
          paging={{ mode: 'server', pageIndex: state.pageIndex, pageSize: state.pageSize, total: list.data?.totalEntries ?? 0, onChange: state.setPage }}
          onRowClick={(row) => state.open(row.id)}
          rowTestId="send-history-row"
        />
      )}
      <SendHistoryDetails id={state.id} row={rows.find((row) => row.id === state.id)} onClose={state.close} />
    </div>
  );
}
