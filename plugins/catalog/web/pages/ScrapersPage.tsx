import { DocumentSearch20Regular } from '@fluentui/react-icons';
import { SCRAPER_WRITE } from '@contracts';
import { useLocation, useNavigate } from 'react-router';
import { usePermissions } from '@web/core/auth';
import { SettingsListPage, settingsListColumns } from '@web/core/editor/SettingsListPage';
import { CatalogTabs } from '../scrapers/CatalogTabs';
import { CATALOG_SCRAPERS_PATH, NEW_SCRAPER_ID, SETTINGS_SCRAPERS_PATH, scrapersBasePath } from '../scrapers/scrapersApi';
import { LIST_PAGE_SIZE, SCRAPERS_SELECT, SCRAPERS_VIEW, SORTABLE_COLUMNS, type ScraperListRow } from '../scrapers/scrapersList';

/** Spec 03 settings list columns (scrapers show Schedule and Namespace). */
const columns = settingsListColumns<ScraperListRow>({ namespace: true, sortable: SORTABLE_COLUMNS });

/** /catalog/scrapers and /settings/config_scrapers: the scrape configs, sorted on the server from the URL (spec 03 §2; core `SettingsListPage`). */
export default function ScrapersPage() {
  const navigate = useNavigate();
  const base = scrapersBasePath(useLocation().pathname);
  const open = (id: string) => navigate(`${base}/${encodeURIComponent(id)}`);
  return (
    <SettingsListPage<ScraperListRow>
      id="config-scrapers"
      view={SCRAPERS_VIEW}
      select={SCRAPERS_SELECT}
      columns={columns}
      sortable={SORTABLE_COLUMNS}
      pageSize={LIST_PAGE_SIZE}
      header={base === CATALOG_SCRAPERS_PATH && <CatalogTabs selected="Scrapers" />}
      breadcrumb={
        base === SETTINGS_SCRAPERS_PATH ? [{ label: 'Settings' }, { label: 'Catalog Scrapers' }] : [{ label: 'Catalog', to: '/catalog' }, { label: 'Scrapers' }]
      }
      canAdd={usePermissions().can(SCRAPER_WRITE.resource, SCRAPER_WRITE.action)}
      onAdd={() => open(NEW_SCRAPER_ID)}
      onOpen={(row) => open(row.id)}
      empty={{ icon: <DocumentSearch20Regular />, title: 'No scrapers yet' }}
    />
  );
}
