import { useState } from 'react';
import { Button, Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { Play20Regular } from '@fluentui/react-icons';
import type { TopologyDocument, TopologyRunResult } from '@contracts';
import { useParams } from 'react-router';
import useSWR, { useSWRConfig } from 'swr';
import type { ApiError } from '@web/core/api';
import { usePermissions } from '@web/core/auth';
import { Breadcrumb } from '@web/core/components/Breadcrumb';
import { EmptyState } from '@web/core/components/EmptyState';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { Loading } from '@web/core/components/Loading';
import { useToast } from '@web/core/components/useToast';
import { JobHistoryTab } from '@web/core/editor/JobHistoryTab';
import { useFeatures } from '@web/core/features';
import { TopologyEditor } from '../settings/TopologyEditor';
import { TopologyRunSummary } from '../settings/TopologyRunSummary';
import { NEW_TOPOLOGY_ID, TOPOLOGIES_SETTINGS_PATH, runTopology, topologyJobHistoryKey, topologyKey } from '../settings/topologiesApi';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
});

export const NO_RESOURCES_MESSAGE = 'No resources found';

/** /settings/topologies/:id (`new` for a new one): tabs Spec and Job History, Run Now for writers (spec 03 §2). */
export default function TopologySettingsPage() {
  const styles = useStyles();
  const { id = NEW_TOPOLOGY_ID } = useParams();
  const isNew = id === NEW_TOPOLOGY_ID;
  const permissions = usePermissions();
  const canWrite = permissions.can('topologies', 'write');
  // Job history is the settings area's own resource (read on `database`, feature settings.job_history).
  const { isEnabled } = useFeatures();
  const showJobHistory = permissions.can('database', 'read') && isEnabled('settings.job_history');
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const { data, error, isLoading } = useSWR<TopologyDocument, ApiError>(isNew ? null : topologyKey(id), { revalidateOnFocus: false });
  const [tab, setTab] = useState<'spec' | 'jobHistory'>('spec');
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<TopologyRunResult | null>(null);
  // A malformed id is answered 400 by the gateway: as absent as an unknown one.
  const notFound = !isNew && !data && (error?.status === 404 || error?.status === 400);

  const runNow = async () => {
    setRunning(true);
    try {
      const answer = await runTopology(id);
      setResult(answer);
      if (answer.status === 'FAILED') toast.error(`Topology run failed: ${answer.errors[0] ?? 'see the job history'}`);
      else toast.success(`Topology run finished: ${answer.success_count} components`);
      await mutate(topologyJobHistoryKey(id));
    } catch (cause) {
      toast.error(cause);
    } finally {
      setRunning(false);
    }
  };

  const body = (() => {
    if (!permissions.ready) return <Loading />;
    if (isNew) return <TopologyEditor key="new" topology={null} canWrite={canWrite} />;
    if (notFound) return <EmptyState message={NO_RESOURCES_MESSAGE} />;
    if (error && !data) return <ErrorPanel error={error} />;
    if (isLoading || !data) return <Loading />;
    return (
      <>
        <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as 'spec' | 'jobHistory')}>
          <Tab value="spec">Spec</Tab>
          {showJobHistory && <Tab value="jobHistory">Job History</Tab>}
        </TabList>
        {result && <TopologyRunSummary result={result} />}
        {tab === 'jobHistory' && showJobHistory ? (
          <JobHistoryTab historyKey={topologyJobHistoryKey(data.id)} details="modal" />
        ) : (
          <TopologyEditor key={data.id} topology={data} canWrite={canWrite} />
        )}
      </>
    );
  })();

  const title = isNew ? 'New' : (data?.name ?? id);
  return (
    <div className={styles.root}>
      <div className={styles.header}>
        <Breadcrumb items={[{ label: 'Settings' }, { label: 'Topology', to: TOPOLOGIES_SETTINGS_PATH }, { label: title }]} />
        {!isNew && data && canWrite && (
          <Button icon={<Play20Regular />} disabled={running} onClick={runNow}>
            {running ? 'Running...' : 'Run Now'}
          </Button>
        )}
      </div>
      {body}
    </div>
  );
}
