import { Tab, TabList } from '@fluentui/react-components';
import { useNavigate } from 'react-router';

const TABS = [
  { label: 'Catalog', path: '/catalog' },
  { label: 'Changes', path: '/catalog/changes' },
  { label: 'Insights', path: '/catalog/insights' },
  { label: 'Scrapers', path: '/catalog/scrapers' },
] as const;

/** The catalogue's tab strip (spec 02 Catalog: Catalog, Changes, Insights, Scrapers), on the scraper pages under /catalog. */
export function CatalogTabs({ selected }: { selected: (typeof TABS)[number]['label'] }) {
  const navigate = useNavigate();
  return (
    <TabList selectedValue={selected} aria-label="Catalog" onTabSelect={(_, data) => navigate(TABS.find((t) => t.label === data.value)!.path)}>
      {TABS.map((tab) => (
        <Tab key={tab.label} value={tab.label}>
          {tab.label}
        </Tab>
      ))}
    </TabList>
  );
}
