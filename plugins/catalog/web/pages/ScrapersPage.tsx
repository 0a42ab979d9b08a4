import { NotFound } from '@web/core/components/NotFound';
import { SettingsListPage } from '@web/core/settings/SettingsListPage';
import { useSettingsTable } from '@web/core/settings/settingsTables';
import { CatalogTabs } from '../scrapers/CatalogTabs';
import { CATALOG_SCRAPERS_PATH } from '../scrapers/scrapersApi';

/**
 * /catalog/scrapers: the scrape configs as core's settings list of `config_scrapers` (spec 03 §2; the same list as
 * /settings/config_scrapers) under the catalogue's tabs; rows and Add stay under /catalog/scrapers.
 */
export default function ScrapersPage() {
  const table = useSettingsTable('config_scrapers');
  if (!table) return <NotFound />;
  return (
    <SettingsListPage
      table={table}
      header={<CatalogTabs selected="Scrapers" />}
      breadcrumb={[{ label: 'Catalog', to: '/catalog' }, { label: 'Scrapers' }]}
      basePath={CATALOG_SCRAPERS_PATH}
    />
  );
}
