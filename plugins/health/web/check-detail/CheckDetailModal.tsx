import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import useSWR, { useSWRConfig } from 'swr';
import { usePermissions } from '@web/core/auth';
import { Dialog } from '@web/core/components/Dialog';
import { EmptyState } from '@web/core/components/EmptyState';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { Loading } from '@web/core/components/Loading';
import { useAbortableSWR } from '@web/core/hooks/useAbortableSWR';
import { type CheckGraph, checkKey, fetchSummary, graphKey } from '../healthApi';
import { CheckDetailActions } from './CheckDetailActions';
import { CheckDetailTitle } from './CheckDetailTitle';
import { CheckHistory } from './CheckHistory';
import { CheckRelationships } from './CheckRelationships';
import { CheckSpecTab } from './CheckSpecTab';
import { CheckStats } from './CheckStats';
import { HISTORY_KEY_NAME, SUMMARY_KEY_NAME, checkComponentRelationshipsKey, checkConfigRelationshipsKey, summaryKey } from './checkDetailApi';
import { HealthOverviewChart } from './HealthOverviewChart';
import { rangeStart, timeRangeMs } from '@web/core/timeRange';
import { defaultTimeRange } from './timeRange';
import type { CheckComponentRelationship, CheckConfigRelationship, CheckDetail } from './types';
import { useMediaQuery } from './useMediaQuery';

/** The check detail modal's contract (spec 02 Check detail modal). */
export interface CheckDetailModalProps {
  checkId: string;
  /** The dashboard's range, used until the modal picks its own default. */
  timeRange?: string;
  onClose(): void;
  /** After Run Now: the dashboard refreshes. */
  onChanged?(): void;
}

/** Screens too short for the chart above the tabs get it as a Graph tab instead. */
export const SHORT_SCREEN_QUERY = '(max-height: 760px)';
export const CHECK_NOT_FOUND = 'Check not found';

type TabId = 'history' | 'graph' | 'spec' | 'relationships';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minHeight: '40vh' },
  tabPanel: { paddingTop: tokens.spacingVerticalS },
});

/** A check's numbers, results over time, history, spec and relationships, with Run Now (spec 02). */
export default function CheckDetailModal({ checkId, timeRange: dashboardRange, onClose, onChanged }: CheckDetailModalProps) {
  const styles = useStyles();
  const { mutate } = useSWRConfig();
  const { can } = usePermissions();
  const shortScreen = useMediaQuery(SHORT_SCREEN_QUERY);
  const [tab, setTab] = useState<TabId>('history');
  const [chosenRange, setChosenRange] = useState<string | null>(null);
  // Relative times and the range start are read against one instant, renewed when the range changes or a run ends.
  const [now, setNow] = useState(() => Date.now());

  const checkQuery = useSWR<CheckDetail[]>(checkKey(checkId));
  const check = checkQuery.data?.[0];

  // The default range is picked once, from the last run's age when the check first loads (spec 02 §9).
  useEffect(() => {
    if (check && chosenRange === null) setChosenRange(defaultTimeRange(check.last_runtime, Date.now()));
  }, [check, chosenRange]);
  const range = chosenRange ?? dashboardRange ?? '1h';
  const ready = chosenRange !== null;
  const since = useMemo(() => rangeStart(range, now), [range, now]);

  const summaryQuery = useAbortableSWR(ready ? summaryKey(checkId, range) : null, (signal) => fetchSummary({ timeRange: range, check_id: checkId }, signal));
  const graphQuery = useSWR<CheckGraph>(ready ? graphKey(checkId, range) : null);
  const relationsQuery = useSWR<CheckConfigRelationship[]>(check ? checkConfigRelationshipsKey(checkId) : null);
  // Components come from the topology area; without access to it the tab lists configs only.
  const componentsQuery = useSWR<CheckComponentRelationship[]>(check && can('topologies', 'read') ? checkComponentRelationshipsKey(checkId) : null);
  const relatedCount = relationsQuery.data ? relationsQuery.data.length + (componentsQuery.data?.length ?? 0) : undefined;
  const summary = summaryQuery.data?.find((row) => row.id === checkId);

  useEffect(() => {
    if (!shortScreen && tab === 'graph') setTab('history');
  }, [shortScreen, tab]);

  const chooseRange = (value: string) => {
    setChosenRange(value);
    setNow(Date.now());
  };

  const refreshAfterRun = useCallback(() => {
    void checkQuery.mutate();
    void graphQuery.mutate();
    void mutate((key) => Array.isArray(key) && (key[0] === SUMMARY_KEY_NAME || key[0] === HISTORY_KEY_NAME) && key[1] === checkId);
    onChanged?.();
  }, [checkQuery, graphQuery, mutate, checkId, onChanged]);

  const chart = graphQuery.error ? (
    <ErrorPanel error={graphQuery.error} title="Could not load the health overview" />
  ) : graphQuery.data ? (
    <HealthOverviewChart
      points={graphQuery.data.points}
      bucketSeconds={graphQuery.data.bucket_seconds}
      start={now - (timeRangeMs(range) ?? 3_600_000)}
      end={now}
    />
  ) : (
    <Loading label="Loading health overview..." />
  );

  let title: ReactNode = 'Check';
  let content: ReactNode;
  if (checkQuery.error) {
    content = <ErrorPanel error={checkQuery.error} />;
  } else if (!checkQuery.data) {
    content = <Loading />;
  } else if (!check) {
    content = <EmptyState title={CHECK_NOT_FOUND} message="It may have been deleted, or the link is wrong." />;
  } else {
    title = <CheckDetailTitle check={check} canaryName={summary?.canary_name} canEdit={can('canaries', 'write')} />;
    content = (
      <div className={styles.body}>
        {summaryQuery.error !== undefined && <ErrorPanel error={summaryQuery.error} title="Could not load uptime and latency" />}
        <CheckStats check={check} summary={summary} timeRange={range} onTimeRangeChange={chooseRange} now={now} />
        {!shortScreen && chart}
        <TabList selectedValue={tab} onTabSelect={(_, data) => setTab(data.value as TabId)} size="small">
          <Tab value="history">History</Tab>
          {shortScreen && <Tab value="graph">Graph</Tab>}
          <Tab value="spec">Spec</Tab>
          <Tab value="relationships">Relationships{relatedCount !== undefined ? ` (${relatedCount})` : ''}</Tab>
        </TabList>
        <div className={styles.tabPanel} role="tabpanel">
          {tab === 'history' && ready && <CheckHistory checkId={checkId} since={since} />}
          {tab === 'graph' && shortScreen && chart}
          {tab === 'spec' && <CheckSpecTab spec={check.spec} />}
          {tab === 'relationships' && (
            <CheckRelationships configs={relationsQuery.data} components={componentsQuery.data} error={relationsQuery.error ?? componentsQuery.error} />
          )}
        </div>
      </div>
    );
  }

  return (
    <Dialog
      open
      size="large"
      title={title}
      onClose={onClose}
      actions={
        check ? (
          <CheckDetailActions
            checkId={checkId}
            checkName={check.name}
            onRan={() => {
              setNow(Date.now());
              refreshAfterRun();
            }}
            onClose={onClose}
          />
        ) : undefined
      }
    >
      {content}
    </Dialog>
  );
}
