import { useState } from 'react';
import { Button, Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { Play20Regular } from '@fluentui/react-icons';
import { SCRAPER_WRITE, type ScrapeRunResult } from '@contracts';
import { useLocation, useParams } from 'react-router';
import useSWR, { useSWRConfig } from 'swr';
import type { ApiError } from '@web/core/api';
import { usePermissions } from '@web/core/auth';
import { Breadcrumb } from '@web/core/components/Breadcrumb';
import { EmptyState } from '@web/core/components/EmptyState';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { Loading } from '@web/core/components/Loading';
import { useToast } from '@web/core/components/useToast';
import { JobHistoryTab, jobHistoryKey } from '@web/core/editor/JobHistoryTab';
import { CatalogTabs } from '../scrapers/CatalogTabs';
import { ScrapeRunSummary } from '../scrapers/ScrapeRunSummary';
import { ScraperEditor } from '../scrapers/ScraperEditor';
import { NEW_SCRAPER_ID, SETTINGS_SCRAPERS_PATH, type ScraperDocument, runScraper, scraperKey, scrapersBasePath } from '../scrapers/scrapersApi';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
});

export const NO_RESOURCES_MESSAGE = 'No resources found';

/** /catalog/scrapers/:id and /settings/config_scrapers/:id (`new` for a new one): tabs Spec and Job History (spec 03). */
export default function ScraperPage() {
  const styles = useStyles();
  const { id = NEW_SCRAPER_ID } = useParams();
  const base = scrapersBasePath(useLocation().pathname);
  const isNew = id === NEW_SCRAPER_ID;
  const permissions = usePermissions();
  const canWrite = permissions.can(SCRAPER_WRITE.resource, SCRAPER_WRITE.action);
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const { data, error, isLoading } = useSWR<ScraperDocument, ApiError>(isNew ? null : scraperKey(id), { revalidateOnFocus: false });
  const [tab, setTab] = useState<'spec' | 'jobHistory'>('spec');
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<ScrapeRunResult | null>(null);
  const notFound = !isNew && !data && (error?.status === 404 || error?.status === 400);

  const runNow = async () => {
    setRunning(true);
    try {
      const answer = await runScraper(id);
      setResult(answer);
      if (answer.status === 'FAILED') toast.error(`Scrape failed: ${answer.errors[0] ?? 'see the job history'}`);
      else toast.success(`Scrape finished: ${answer.success_count} configs`);
      await mutate(jobHistoryKey(id));
    } catch (cause) {
      toast.error(cause);
    } finally {
      setRunning(false);
    }
  };

  const body = (() => {
    if (!permissions.ready) return <Loading />;
    if (isNew) return <ScraperEditor key="new" scraper={null} canWrite={canWrite} listPath={base} />;
    if (notFound) return <EmptyState message={NO_RESOURCES_MESSAGE} />;
    if (error && !data) return <ErrorPanel error={error} />;
    if (isLoading || !data) return <Loading />;
    return (
      <>
        <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as 'spec' | 'jobHistory')}>
          <Tab value="spec">Spec</Tab>
          <Tab value="jobHistory">Job History</Tab>
        </TabList>
        {result && <ScrapeRunSummary result={result} />}
        {tab === 'spec' ? (
          <ScraperEditor key={data.id} scraper={data} canWrite={canWrite} listPath={base} />
        ) : (
          <JobHistoryTab historyKey={jobHistoryKey(data.id)} details="modal" />
        )}
      </>
    );
  })();

  const title = isNew ? 'New' : (data?.name ?? id);
  return (
    <div className={styles.root}>
      {base !== SETTINGS_SCRAPERS_PATH && <CatalogTabs selected="Scrapers" />}
      <div className={styles.header}>
        <Breadcrumb
          items={
            base === SETTINGS_SCRAPERS_PATH
              ? [{ label: 'Settings' }, { label: 'Catalog Scrapers', to: base }, { label: title }]
              : [{ label: 'Catalog', to: '/catalog' }, { label: 'Scrapers', to: base }, { label: title }]
          }
        />
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
