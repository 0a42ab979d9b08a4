import { Suspense, lazy, useMemo } from 'react';
import { Button, Spinner, Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import type { CheckSummary } from '@contracts';
import { usePermissions } from '@web/core/auth';
import { Breadcrumb } from '@web/core/components/Breadcrumb';
import { EmptyState } from '@web/core/components/EmptyState';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { Loading } from '@web/core/components/Loading';
import { useLocalStorage } from '@web/core/hooks/useLocalStorage';
import { filterChecks } from './filters';
import { ALL_TAB, groupByChoices, inTab, sortChecks, tabByChoices, tabsFor } from './grouping';
import { HealthCards } from './HealthCards';
import { HealthFilters } from './HealthFilters';
import { HealthTable } from './HealthTable';
import { AddCheckButton, HealthToolbar } from './HealthToolbar';
import { DEFAULT_REFRESH, REFRESH_STORAGE_KEY, type RefreshOption, effectiveRefresh, refreshIntervalMs } from './refresh';
import { useHealthDashboardState } from './useHealthDashboardState';
import { useHealthSummary } from './useHealthSummary';

const CheckDetailModal = lazy(() => import('../check-detail/CheckDetailModal'));

export const NO_CHECKS_MESSAGE = 'No health checks yet';
export const NO_MATCHING_CHECKS_MESSAGE = 'No health checks match the current filters';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, minHeight: '32px' },
  body: { display: 'flex', gap: tokens.spacingHorizontalXL, alignItems: 'flex-start' },
  main: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, flexGrow: 1, minWidth: 0 },
});

/** /health (spec 02 Health): the checks' status, uptime and latency, with filters, grouping and tabs. */
export default function HealthPage() {
  const styles = useStyles();
  const state = useHealthDashboardState();
  const { can } = usePermissions();
  const [storedRefresh, setStoredRefresh] = useLocalStorage<RefreshOption>(REFRESH_STORAGE_KEY, DEFAULT_REFRESH);
  const refresh = effectiveRefresh(storedRefresh, state.timeRange);
  const summary = useHealthSummary(state.timeRange, refreshIntervalMs(refresh));
  const canAddCheck = can('canaries', 'write');

  const all = useMemo(() => summary.checks ?? [], [summary.checks]);
  const tabs = useMemo(() => tabsFor(all, state.tabBy), [all, state.tabBy]);
  // A shared link may name a tab these checks no longer have: show All rather than nothing.
  const tab = tabs.includes(state.tab) ? state.tab : ALL_TAB;
  // The tab's checks under every filter but Hide Passing: what a group row's passing/total counts.
  const unhidden = useMemo(
    () =>
      filterChecks(
        all.filter((check) => inTab(check, state.tabBy, tab)),
        { query: state.query, labels: state.labels, hidePassing: false, status: state.status },
      ),
    [all, state.tabBy, tab, state.query, state.labels, state.status],
  );
  const visible = useMemo(
    () =>
      filterChecks(
        all.filter((check) => inTab(check, state.tabBy, tab)),
        { query: state.query, labels: state.labels, hidePassing: state.hidePassing, status: state.status },
      ),
    [all, state.tabBy, tab, state.query, state.labels, state.hidePassing, state.status],
  );
  const cards = useMemo(() => sortChecks(visible, state.sort), [visible, state.sort]);

  const reload = summary.refresh;
  const openCheck = (check: CheckSummary) => state.setCheckId(check.id);
  const firstLoad = summary.checks === undefined && summary.loading;

  const content = (() => {
    if (firstLoad) return <Loading label="Loading health checks..." />;
    if (summary.error !== undefined && summary.checks === undefined) return <ErrorPanel error={summary.error} />;
    if (all.length === 0) return <EmptyState message={NO_CHECKS_MESSAGE} action={canAddCheck ? <AddCheckButton /> : undefined} />;
    if (visible.length === 0) {
      return (
        <EmptyState
          message={NO_MATCHING_CHECKS_MESSAGE}
          action={state.hidePassing && !state.status ? <Button onClick={() => state.setHidePassing(false)}>Show passing checks</Button> : undefined}
        />
      );
    }
    return state.layout === 'card' ? (
      <HealthCards checks={cards} onOpenCheck={openCheck} />
    ) : (
      <HealthTable checks={visible} unhidden={unhidden} groupBy={state.groupBy} sort={state.sort} onSortChange={state.setSort} onOpenCheck={openCheck} />
    );
  })();

  return (
    <div className={styles.root}>
      <div className={styles.header}>
        <Breadcrumb items={[{ label: 'Health' }]} />
        {summary.loading && !firstLoad && <Spinner size="extra-tiny" label="Refreshing" labelPosition="after" data-testid="health-refreshing" />}
      </div>
      <HealthToolbar
        query={state.query}
        onQueryChange={state.setQuery}
        timeRange={state.timeRange}
        onTimeRangeChange={state.setTimeRange}
        refresh={refresh}
        onRefreshChange={setStoredRefresh}
        refreshing={summary.loading}
        onRefreshNow={reload}
        layout={state.layout}
        onLayoutChange={state.setLayout}
        groupBy={state.groupBy}
        groupByChoices={groupByChoices(all)}
        onGroupByChange={state.setGroupBy}
        tabBy={state.tabBy}
        tabByChoices={tabByChoices(all)}
        onTabByChange={state.setTabBy}
        canAddCheck={canAddCheck}
      />
      {summary.error !== undefined && summary.checks !== undefined && <ErrorPanel error={summary.error} title="Refresh failed" />}
      <div className={styles.body}>
        <HealthFilters
          checks={all}
          hidePassing={state.hidePassing}
          onHidePassingChange={state.setHidePassing}
          status={state.status}
          onClearStatus={() => state.setStatus(null)}
          labels={state.labels}
          onLabelsChange={state.setLabels}
        />
        <div className={styles.main}>
          {all.length > 0 && (
            <TabList selectedValue={tab} onTabSelect={(_, data) => state.setTab(String(data.value))}>
              {tabs.map((tab) => (
                <Tab key={tab} value={tab}>
                  {tab}
                </Tab>
              ))}
            </TabList>
          )}
          {content}
        </div>
      </div>
      {state.checkId && (
        <Suspense fallback={null}>
          <CheckDetailModal checkId={state.checkId} timeRange={state.timeRange} onClose={() => state.setCheckId(null)} onChanged={reload} />
        </Suspense>
      )}
    </div>
  );
}
