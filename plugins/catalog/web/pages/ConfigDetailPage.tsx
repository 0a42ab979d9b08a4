import { Badge, Tab, TabList, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { useNavigate, useParams } from 'react-router';
import { Breadcrumb } from '@web/core/components/Breadcrumb';
import { EmptyState } from '@web/core/components/EmptyState';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { Loading } from '@web/core/components/Loading';
import { formatDateTime } from '@web/core/formatDateTime';
import { useAbortableSWR } from '@web/core/hooks/useAbortableSWR';
import { ConfigChecksTab } from '../catalog/detail/ConfigChecksTab';
import { ConfigCode } from '../catalog/detail/ConfigCode';
import { ConfigPlaybooksTab } from '../catalog/detail/ConfigPlaybooksTab';
import { ConfigSidebar } from '../catalog/detail/ConfigSidebar';
import { LinkToIncidentButton } from '../catalog/detail/LinkToIncidentButton';
import { CATALOG_PATH, configPath, configTypePath, fetchConfigDetail, type ConfigDetail } from '../catalogApi';
import { ChangesPanel } from '../changes/ChangesPanel';
import { InsightsPanel } from '../insights/InsightsPanel';
import { RelationshipsTab } from '../relationships/RelationshipsTab';

export const NOT_FOUND_MESSAGE = 'Details not found';

/** The detail tabs, their path segment and the summary count each shows (spec 02 Config detail). */
const TABS = [
  { id: 'config', label: 'Config' },
  { id: 'changes', label: 'Changes', count: 'changes' },
  { id: 'insights', label: 'Insights', count: 'analysis' },
  { id: 'relationships', label: 'Relationships', count: 'relationships' },
  { id: 'playbooks', label: 'Playbooks', count: 'playbook_runs' },
  { id: 'checks', label: 'Checks', count: 'checks' },
] as const;
type DetailTab = (typeof TABS)[number]['id'];

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  crumbs: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  body: { display: 'flex', gap: tokens.spacingHorizontalXL, alignItems: 'flex-start' },
  main: { flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

function TabContent({ tab, config }: { tab: DetailTab; config: ConfigDetail }) {
  switch (tab) {
    case 'changes':
      return <ChangesPanel configId={config.id} />;
    case 'insights':
      return <InsightsPanel configId={config.id} />;
    case 'relationships':
      return <RelationshipsTab configId={config.id} />;
    case 'playbooks':
      return <ConfigPlaybooksTab configId={config.id} configName={config.name ?? undefined} />;
    case 'checks':
      return <ConfigChecksTab configId={config.id} />;
    default:
      return <ConfigCode config={config.config} format={config.format} />;
  }
}

/** /catalog/{id} and /catalog/{id}/{tab} (spec 02 Config detail). */
export default function ConfigDetailPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const { id = '', tab: tabParam } = useParams();
  const tab: DetailTab = TABS.find((entry) => entry.id === tabParam)?.id ?? 'config';
  const { data: config, error, isLoading } = useAbortableSWR(['/api/db/config_detail', id], (signal) => fetchConfigDetail(id, signal));

  if (isLoading && !config) return <Loading />;
  if (error && !config) return <ErrorPanel error={error} />;
  if (!config) {
    return (
      <div className={styles.root}>
        <Breadcrumb items={[{ label: 'Catalog', to: CATALOG_PATH }]} />
        <EmptyState message={NOT_FOUND_MESSAGE} />
      </div>
    );
  }

  const name = config.name ?? config.id;
  return (
    <div className={styles.root}>
      <div className={styles.header}>
        <div className={styles.crumbs}>
          <Breadcrumb items={[{ label: 'Catalog', to: CATALOG_PATH }, { label: config.type, to: configTypePath(config.type) }, { label: name }]} />
          {config.deleted_at && (
            <Tooltip content={`Deleted: ${formatDateTime(config.deleted_at)}`} relationship="description">
              <Badge appearance="filled" color="danger" tabIndex={0} data-testid="deleted-marker">
                Deleted
              </Badge>
            </Tooltip>
          )}
        </div>
        <LinkToIncidentButton configId={config.id} configName={name} />
      </div>
      <TabList
        selectedValue={tab}
        aria-label="Config sections"
        onTabSelect={(_, data) => navigate(data.value === 'config' ? configPath(config.id) : `${configPath(config.id)}/${String(data.value)}`)}
      >
        {TABS.map((entry) => (
          <Tab key={entry.id} value={entry.id}>
            {'count' in entry ? `${entry.label} (${config.summary?.[entry.count] ?? 0})` : entry.label}
          </Tab>
        ))}
      </TabList>
      <div className={styles.body}>
        <ConfigSidebar config={config} />
        <div className={styles.main}>
          <TabContent tab={tab} config={config} />
        </div>
      </div>
    </div>
  );
}
