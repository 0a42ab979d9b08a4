import { makeStyles, tokens } from '@fluentui/react-components';
import { useNavigate } from 'react-router';
import type { CatalogSummaryRequest, CatalogSummaryRow } from '@contracts';
import { Breadcrumb } from '@web/core/components/Breadcrumb';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { useAbortableSWR } from '@web/core/hooks/useAbortableSWR';
import { CatalogFilters } from '../catalog/CatalogFilters';
import { CatalogSummaryTable, groupKeyOf } from '../catalog/CatalogSummaryTable';
import { CatalogTabs } from '../catalog/CatalogTabs';
import { ConfigListTable } from '../catalog/ConfigListTable';
import { useCatalogState, type CatalogState } from '../catalog/useCatalogState';
import { TAG_SUFFIX, configListParams, configPath, fetchCounted, fetchSummary, parseMarks, serializeMarks, type ConfigListItem } from '../catalogApi';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** Spec 02 §7 Summary: changes and insights over 30 days, cost over 30 days. */
const SUMMARY_WINDOW = '30d';

/** The summary request of the current filters (the summary is shown only without configType and search). */
export function summaryRequest(state: CatalogState): CatalogSummaryRequest {
  return {
    groupBy: state.groupBy,
    deleted: !state.hideDeleted,
    labels: state.labels || undefined,
    tags: state.tags || undefined,
    status: state.status || undefined,
    health: state.health || undefined,
    changes: { since: SUMMARY_WINDOW },
    analysis: { since: SUMMARY_WINDOW },
    cost: SUMMARY_WINDOW,
  };
}

/** Drilling into a summary row filters by its group values: type, status, health, name (search) and tags. */
function drillInto(state: CatalogState, row: CatalogSummaryRow) {
  const value = (column: string) => {
    const cell = row[groupKeyOf(column)];
    return cell === null || cell === undefined ? '' : String(cell);
  };
  const tags = parseMarks(state.tags);
  for (const column of state.groupBy) {
    if (column.endsWith(TAG_SUFFIX) && value(column)) tags[`${groupKeyOf(column)}=${value(column)}`] = 1;
    else if (column === 'type' && value(column)) state.setConfigType(value(column));
    else if (column === 'status' && value(column)) state.setStatus(value(column));
    else if (column === 'health' && value(column)) state.setHealth(value(column));
    else if (column === 'name' && value(column)) state.setSearch(value(column));
  }
  state.setTags(serializeMarks(tags));
}

function SummaryView({ state }: { state: CatalogState }) {
  const body = summaryRequest(state);
  const { data, error, isLoading } = useAbortableSWR(['/api/catalog/summary', JSON.stringify(body)], (signal) => fetchSummary(body, signal));
  if (error && !data) return <ErrorPanel error={error} />;
  return <CatalogSummaryTable rows={data?.summary ?? []} groupBy={state.groupBy} loading={isLoading} onDrill={(row) => drillInto(state, row)} />;
}

function ListView({ state }: { state: CatalogState }) {
  const navigate = useNavigate();
  const params = configListParams(state);
  const { data, error, isLoading } = useAbortableSWR(['/api/db/configs', JSON.stringify(params)], (signal) =>
    fetchCounted<ConfigListItem>('configs', params, signal),
  );
  return <ConfigListTable state={state} result={{ page: data, error, isLoading }} onOpen={(item) => navigate(configPath(item.id))} />;
}

/**
 * /catalog (spec 02 Catalog): without a type or a search the grouped summary, otherwise the flat list of configs;
 * every filter is in the query string, Hide Deleted is a browser preference.
 */
export default function CatalogPage() {
  const styles = useStyles();
  const state = useCatalogState();
  const summary = !state.configType && !state.search;
  const crumbs = state.configType ? [{ label: 'Catalog', to: '/catalog' }, { label: state.configType }] : [{ label: 'Catalog' }];
  return (
    <div className={styles.root}>
      <Breadcrumb items={crumbs} />
      <CatalogTabs />
      <CatalogFilters state={state} summary={summary} />
      {summary ? <SummaryView state={state} /> : <ListView state={state} />}
    </div>
  );
}
