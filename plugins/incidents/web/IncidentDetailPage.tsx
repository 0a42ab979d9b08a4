import { useMemo, useState } from 'react';
import { Tab, TabList, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { useParams } from 'react-router';
import { Breadcrumb } from '@web/core/components/Breadcrumb';
import { EmptyState } from '@web/core/components/EmptyState';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { Loading } from '@web/core/components/Loading';
import { ActionPlan } from './ActionPlan';
import { CommentsTimeline } from './CommentsTimeline';
import { HypothesisTree } from './HypothesisTree';
import { IncidentContext } from './IncidentContext';
import { IncidentSidePanel } from './IncidentSidePanel';
import { IncidentStatusActions } from './IncidentStatusActions';
import { INCIDENTS_PATH } from './incidentsApi';
import { useIncident } from './useIncident';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  header: { display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  body: { display: 'flex', gap: tokens.spacingHorizontalXL, alignItems: 'flex-start' },
  main: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, flexGrow: 1, minWidth: 0 },
});

export const INCIDENT_NOT_FOUND = 'Incident not found';

/** /incidents/:id: hypothesis tree, comments and action plan, and the side panel. */
export default function IncidentDetailPage() {
  const styles = useStyles();
  const { id = '' } = useParams();
  const { incident, error, isLoading, refresh } = useIncident(id);
  const [tab, setTab] = useState<'comments' | 'plan'>('comments');
  const context = useMemo(() => (incident ? { incident, refresh } : null), [incident, refresh]);

  if (isLoading) return <Loading />;
  if (error && error.status !== 404 && error.status !== 400) return <ErrorPanel error={error} />;
  if (!context) {
    return (
      <div className={styles.root}>
        <Breadcrumb items={[{ label: 'Incidents', to: INCIDENTS_PATH }, { label: id }]} />
        <EmptyState message={INCIDENT_NOT_FOUND} />
      </div>
    );
  }
  const { incident: current } = context;
  return (
    <IncidentContext.Provider value={context}>
      <div className={styles.root}>
        <div className={styles.header}>
          <div>
            <Breadcrumb items={[{ label: 'Incidents', to: INCIDENTS_PATH }, { label: current.incident_id }]} />
            <Title3 as="h1">{current.title}</Title3>
          </div>
          <IncidentStatusActions />
        </div>
        <div className={styles.body}>
          <div className={styles.main}>
            <HypothesisTree />
            <TabList selectedValue={tab} onTabSelect={(_, data) => setTab(data.value as typeof tab)}>
              <Tab value="comments">Comments</Tab>
              <Tab value="plan">Action Plan</Tab>
            </TabList>
            {tab === 'comments' ? <CommentsTimeline /> : <ActionPlan />}
          </div>
          <IncidentSidePanel />
        </div>
      </div>
    </IncidentContext.Provider>
  );
}
