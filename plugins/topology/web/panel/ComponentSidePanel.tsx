import type { JSX } from 'react';
import { Accordion, Subtitle1, makeStyles, tokens } from '@fluentui/react-components';
import useSWR from 'swr';
import type { TopologyComponent } from '@contracts';
import { ApiError } from '@web/core/api';
import { EmptyState } from '@web/core/components/EmptyState';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { Loading } from '@web/core/components/Loading';
import { useLocalStorage } from '@web/core/hooks/useLocalStorage';
import { ComponentMenu } from '../menu/ComponentMenu';
import { componentKey, fetchComponent } from './componentApi';
import { DetailsSection } from './DetailsSection';
import { CatalogSection, ChangesSection, ChecksSection, IncidentsSection, InsightsSection, RunsSection, TeamsSection, useSectionAccess } from './sections';

/** Which sections are open, remembered in the browser; Details alone at first. */
export const OPEN_SECTIONS_KEY = 'topologySidePanelSections';
const DEFAULT_OPEN = ['details'];
export const COMPONENT_NOT_FOUND = 'Component not found';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: '320px', overflowY: 'auto' },
  header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, padding: `0 ${tokens.spacingHorizontalS}` },
  title: { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

function PanelBody({ component }: { component: TopologyComponent }) {
  const styles = useStyles();
  const show = useSectionAccess();
  const [open, setOpen] = useLocalStorage<string[]>(OPEN_SECTIONS_KEY, DEFAULT_OPEN);
  const id = component.id;
  return (
    <div className={styles.root} aria-label={`${component.name} details`} role="region">
      <div className={styles.header}>
        <Subtitle1 as="h2" className={styles.title}>
          {component.title || component.name}
        </Subtitle1>
        <ComponentMenu component={component} placement="panel" />
      </div>
      <Accordion multiple collapsible openItems={open} onToggle={(_, data) => setOpen(data.openItems.map(String))}>
        <DetailsSection component={component} />
        {show.catalog && <CatalogSection componentId={id} />}
        {show.incidents && <IncidentsSection componentId={id} />}
        {show.changes && <ChangesSection componentId={id} />}
        {show.checks && <ChecksSection componentId={id} />}
        {show.runs && <RunsSection componentId={id} componentName={component.name} />}
        {show.teams && <TeamsSection componentId={id} />}
        {show.insights && <InsightsSection componentId={id} />}
      </Accordion>
    </div>
  );
}

/**
 * The side panel of a selected component (spec 02 Topology): its ⋯ menu (without Zoom In), then collapsible
 * sections Details, Catalog, Incidents, Config Changes, Checks, Playbook Runs, Teams and Insights, each header with
 * its count. Sections whose feature is off, or whose data the user may not read, are left out. Reads the component
 * (`GET /api/topology?id=`) when the page does not pass it.
 */
export function ComponentSidePanel({ componentId, component }: { componentId: string; component?: TopologyComponent }): JSX.Element {
  const loaded = useSWR(component ? null : componentKey(componentId), fetchComponent);
  const shown = component ?? loaded.data;
  if (shown) return <PanelBody key={shown.id} component={shown} />;
  const missing = loaded.data === null || (loaded.error instanceof ApiError && loaded.error.status === 404);
  if (missing) return <EmptyState message={COMPONENT_NOT_FOUND} />;
  if (loaded.error) return <ErrorPanel error={loaded.error} />;
  return <Loading />;
}
