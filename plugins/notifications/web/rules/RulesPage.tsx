import { useMemo, useState } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular, AlertOff20Regular } from '@fluentui/react-icons';
import useSWR from 'swr';
import { NOTIFICATIONS_WRITE, NOTIFICATION_MESSAGES, type NotificationRule } from '@contracts';
import type { ApiError } from '@web/core/api';
import { DataTable, type SortState } from '@web/core/components/DataTable';
import { EmptyState } from '@web/core/components/EmptyState';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { useQueryState } from '@web/core/hooks/useQueryState';
import { useAccess } from '@web/core/plugin-host';
import { NotificationsTabs } from '../NotificationsTabs';
import { RuleDialog } from './RuleDialog';
import { ruleColumns } from './ruleColumns';
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT,
  PEOPLE_KEY,
  type PersonRef,
  type RulesPage as RulesPageData,
  TEAMS_KEY,
  type TeamRef,
  getJson,
  rulesListKey,
} from './rulesApi';
import { useChannels } from './useChannels';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: tokens.spacingHorizontalM },
});

const toIndex = (text: string, fallback: number, min: number) => {
  const value = Number.parseInt(text, 10);
  return Number.isFinite(value) && value >= min ? value : fallback;
};

/**
 * /notifications/rules (spec 03 Notifications): the rules with their delivery counts, paged and sorted on the server
 * from the URL (`pageIndex`, `pageSize`, `sortBy`, `sortOrder`); a row, or a shared link with `?id=`, opens the rule.
 * Add Rule needs write on notifications (the gateway enforces it too).
 */
export default function RulesPage() {
  const styles = useStyles();
  const access = useAccess();
  const canWrite = access.can(NOTIFICATIONS_WRITE.resource, NOTIFICATIONS_WRITE.action);
  const [pageIndexText, setPageIndex] = useQueryState('pageIndex', '0');
  const [pageSizeText, setPageSize] = useQueryState('pageSize', String(DEFAULT_PAGE_SIZE));
  const [sortBy, setSortBy] = useQueryState('sortBy', DEFAULT_SORT.sortBy);
  const [sortOrderText, setSortOrder] = useQueryState('sortOrder', DEFAULT_SORT.sortOrder);
  const [openId, setOpenId] = useQueryState('id', '');
  const [adding, setAdding] = useState(false);

  const query = {
    pageIndex: toIndex(pageIndexText, 0, 0),
    pageSize: toIndex(pageSizeText, DEFAULT_PAGE_SIZE, 1),
    sortBy,
    sortOrder: sortOrderText === 'desc' ? ('desc' as const) : ('asc' as const),
  };
  const listKey = rulesListKey(query);
  const { data, error, isLoading, mutate } = useSWR<RulesPageData, ApiError>(listKey, getJson, { keepPreviousData: true });
  const { data: people } = useSWR<PersonRef[]>(PEOPLE_KEY, getJson, { revalidateOnFocus: false, shouldRetryOnError: false });
  const { data: teams } = useSWR<TeamRef[]>(TEAMS_KEY, getJson, { revalidateOnFocus: false, shouldRetryOnError: false });
  const { channels } = useChannels();

  const columns = useMemo(() => {
    const names = new Map<string, string>([...(people ?? []), ...(teams ?? [])].map((entry) => [entry.id, entry.name]));
    return ruleColumns(channels, names);
  }, [channels, people, teams]);

  const onSortChange = (sort: SortState | null) => {
    setSortBy(sort?.column ?? null);
    setSortOrder(sort?.direction ?? null);
    setPageIndex(null);
  };

  const rows: NotificationRule[] = data?.data ?? [];
  return (
    <div className={styles.root}>
      <NotificationsTabs />
      <div className={styles.toolbar}>
        {canWrite && (
          <Button appearance="primary" icon={<Add20Regular />} onClick={() => setAdding(true)}>
            Add Rule
          </Button>
        )}
      </div>
      {error && !data ? (
        <ErrorPanel error={error} />
      ) : data && data.totalEntries === 0 && query.pageIndex === 0 ? (
        <EmptyState icon={<AlertOff20Regular />} message={NOTIFICATION_MESSAGES.noNotifications} />
      ) : (
        <DataTable<NotificationRule>
          id="notification-rules"
          rows={rows}
          columns={columns}
          getRowId={(rule) => rule.id}
          loading={isLoading}
          sort={{ column: query.sortBy, direction: query.sortOrder }}
          onSortChange={onSortChange}
          paging={{
            mode: 'server',
            pageIndex: query.pageIndex,
            pageSize: query.pageSize,
            total: data?.totalEntries ?? 0,
            onChange: (index, size) => {
              setPageIndex(String(index));
              setPageSize(String(size));
            },
          }}
          onRowClick={(rule) => setOpenId(rule.id)}
          rowTestId="notification-rule-row"
        />
      )}
      {(adding || openId) && (
        <RuleDialog
          ruleId={adding ? null : openId}
          canWrite={canWrite}
          onClose={() => {
            setAdding(false);
            setOpenId(null);
          }}
          onChanged={() => void mutate()}
        />
      )}
    </div>
  );
}
