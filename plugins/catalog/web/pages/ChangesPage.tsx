import { makeStyles, tokens } from '@fluentui/react-components';
import { useSearchParams } from 'react-router';
import { Breadcrumb, type BreadcrumbEntry } from '@web/core/components/Breadcrumb';
import { CatalogTabs } from '../catalog/CatalogTabs';
import { CATALOG_PATH } from '../catalogApi';
import { ChangesPanel } from '../changes/ChangesPanel';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** /catalog/changes (spec 02 Config changes): every config's changes; breadcrumb Catalog > Changes (> config type). */
export default function ChangesPage() {
  const styles = useStyles();
  const [params] = useSearchParams();
  const configType = params.get('configType');
  const crumbs: BreadcrumbEntry[] = [
    { label: 'Catalog', to: CATALOG_PATH },
    { label: 'Changes', to: configType ? `${CATALOG_PATH}/changes` : undefined },
    ...(configType ? [{ label: configType }] : []),
  ];
  return (
    <div className={styles.root}>
      <Breadcrumb items={crumbs} />
      <CatalogTabs />
      <ChangesPanel />
    </div>
  );
}
