import { useState } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { ClearFilterButton } from '@web/core/components/ClearFilterButton';
import { FilterDropdown } from '@web/core/components/FilterDropdown';
import { useAbortableSWR } from '@web/core/hooks/useAbortableSWR';
import { fetchCounted, fetchRows, type ConfigInsight } from '../catalogApi';
import { InsightDetailsModal } from './InsightDetailsModal';
import { INSIGHT_SEVERITIES, INSIGHT_TYPES, insightsParams, insightsResource } from './insightsQuery';
import { InsightsTable } from './InsightsTable';
import { useInsightsState } from './useInsightsState';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  filters: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

const choices = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** Filters, the insights table and the insight details modal: all insights (/catalog/insights) or one config's. */
export function InsightsPanel({ configId }: { configId?: string }) {
  const styles = useStyles();
  const state = useInsightsState();
  const query = { ...state, configId };
  const resource = insightsResource(query);
  const params = insightsParams(query);
  const { data, error, isLoading } = useAbortableSWR([resource, JSON.stringify(params)], (signal) => fetchCounted<ConfigInsight>(resource, params, signal));
  const analyzers = useAbortableSWR('/api/db/config_analysis_analyzers', (signal) =>
    fetchRows<{ analyzer: string }>('config_analysis_analyzers', { order: 'analyzer.asc' }, signal),
  );
  const [opened, setOpened] = useState<ConfigInsight | null>(null);

  return (
    <div className={styles.root}>
      <div className={styles.filters} role="search" aria-label="Insight filters">
        <FilterDropdown label="Type" value={state.type} choices={choices(INSIGHT_TYPES)} onChange={state.setType} />
        <FilterDropdown label="Severity" value={state.severity} choices={choices(INSIGHT_SEVERITIES)} onChange={state.setSeverity} />
        <FilterDropdown
          label="Analyzer"
          value={state.analyzer}
          choices={choices((analyzers.data ?? []).map(({ analyzer }) => analyzer))}
          onChange={state.setAnalyzer}
        />
        {state.component && (
          <ClearFilterButton label="Component" value={state.component} ariaLabel="Clear component filter" onClear={() => state.setComponent('')} />
        )}
      </div>
      <InsightsTable state={state} result={{ page: data, error, isLoading }} onOpen={setOpened} />
      {opened && <InsightDetailsModal insight={opened} onClose={() => setOpened(null)} />}
    </div>
  );
}
