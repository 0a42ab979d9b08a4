import { makeStyles, tokens } from '@fluentui/react-components';
import { Breadcrumb } from '@web/core/components/Breadcrumb';
import { CatalogTabs } from '../catalog/CatalogTabs';
import { CATALOG_PATH } from '../catalogApi';
import { InsightsPanel } from '../insights/InsightsPanel';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** /catalog/insights (spec 02 Insights): every config's insights with Type, Severity, Analyzer and Component filters. */
export default function InsightsPage() {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <Breadcrumb items={[{ label: 'Catalog', to: CATALOG_PATH }, { label: 'Insights' }]} />
      <CatalogTabs />
      <InsightsPanel />
    </div>
  );
}
