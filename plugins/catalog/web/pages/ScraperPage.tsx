import { useState } from 'react';
import { Button } from '@fluentui/react-components';
import { Play20Regular } from '@fluentui/react-icons';
import type { ScrapeRunResult } from '@contracts';
import { useParams } from 'react-router';
import { NotFound } from '@web/core/components/NotFound';
import { useToast } from '@web/core/components/useToast';
import { SettingsDetailPage } from '@web/core/settings/SettingsDetailPage';
import { useRefreshJobHistory } from '@web/core/settings/SettingsJobHistory';
import { NEW_RESOURCE_ID } from '@web/core/settings/settingsApi';
import { useSettingsTable } from '@web/core/settings/settingsTables';
import type { SettingsDetailActionProps, SettingsEditorProps } from '@web/core/settings/types';
import { CatalogTabs } from '../scrapers/CatalogTabs';
import { ScrapeRunSummary } from '../scrapers/ScrapeRunSummary';
import { ScraperEditor } from '../scrapers/ScraperEditor';
import { CATALOG_SCRAPERS_PATH, type ScraperDocument, runScraper } from '../scrapers/scrapersApi';

/** The spec tab of `config_scrapers` in core's settings detail page: the scraper editor (read from `GET /api/scrapers/{id}`). */
export function ScraperSpecTab({ resource, canWrite, listPath }: SettingsEditorProps) {
  return <ScraperEditor scraper={resource as unknown as ScraperDocument | null} canWrite={canWrite} listPath={listPath} />;
}

/** Run Now (writers): the scrape's summary per config type above the tabs, the job history refreshed. */
export function ScraperRunNow({ resource, canWrite, showResult }: SettingsDetailActionProps) {
  const toast = useToast();
  const refreshJobHistory = useRefreshJobHistory();
  const [running, setRunning] = useState(false);
  if (!canWrite) return null;
  const runNow = async () => {
    setRunning(true);
    try {
      const answer: ScrapeRunResult = await runScraper(resource.id);
      showResult(<ScrapeRunSummary result={answer} />);
      if (answer.status === 'FAILED') toast.error(`Scrape failed: ${answer.errors[0] ?? 'see the job history'}`);
      else toast.success(`Scrape finished: ${answer.success_count} configs`);
      await refreshJobHistory();
    } catch (cause) {
      toast.error(cause);
    } finally {
      setRunning(false);
    }
  };
  return (
    <Button icon={<Play20Regular />} disabled={running} onClick={runNow}>
      {running ? 'Running...' : 'Run Now'}
    </Button>
  );
}

/**
 * /catalog/scrapers/:id (`new` for a new one): core's settings detail of `config_scrapers` (tabs Spec and Job History,
 * Run Now) under the catalogue's tabs; Save, Cancel and Delete return to /catalog/scrapers. The same record under
 * /settings/config_scrapers/:id is core's own route.
 */
export default function ScraperPage() {
  const { id = NEW_RESOURCE_ID } = useParams();
  const table = useSettingsTable('config_scrapers');
  if (!table) return <NotFound />;
  return (
    <SettingsDetailPage
      key={id}
      table={table}
      id={id}
      listPath={CATALOG_SCRAPERS_PATH}
      header={<CatalogTabs selected="Scrapers" />}
      breadcrumb={(title) => [{ label: 'Catalog', to: '/catalog' }, { label: 'Scrapers', to: CATALOG_SCRAPERS_PATH }, { label: title }]}
    />
  );
}
