import { Tab, TabList } from '@fluentui/react-components';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { withQuery } from '@web/core/api';
import { CATALOG_PATH } from '../catalogApi';

const TABS = [
  { label: 'Catalog', path: CATALOG_PATH },
  { label: 'Changes', path: `${CATALOG_PATH}/changes` },
  { label: 'Insights', path: `${CATALOG_PATH}/insights` },
  { label: 'Scrapers', path: `${CATALOG_PATH}/scrapers` },
] as const;

/** The tabs of /catalog (spec 02 Catalog); the configType filter carries over from one to the next. */
export function CatalogTabs() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const configType = params.get('configType') || undefined;
  const current = TABS.find((tab) => tab.path !== CATALOG_PATH && pathname.startsWith(tab.path))?.path ?? CATALOG_PATH;
  return (
    <TabList selectedValue={current} onTabSelect={(_, data) => navigate(withQuery(String(data.value), { configType }))} aria-label="Catalog sections">
      {TABS.map((tab) => (
        <Tab key={tab.path} value={tab.path}>
          {tab.label}
        </Tab>
      ))}
    </TabList>
  );
}
