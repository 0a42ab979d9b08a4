import { Switch, makeStyles, tokens } from '@fluentui/react-components';
import { SEVERITIES } from '@contracts';
import { SearchBox } from '@web/core/components/SearchBox';
import { useAbortableSWR } from '@web/core/hooks/useAbortableSWR';
import { FilterDropdown } from '@web/core/components/FilterDropdown';
import { TimeRangePicker } from '@web/core/components/TimeRangePicker';
import { fetchRows } from '../catalogApi';
import type { ChangesState } from './useChangesState';

export const CHANGES_SEARCH_PLACEHOLDER = 'Search changes by summary';

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/** Filters of the changes list: change type, severity, config type, time range, summary search, deleted configs. */
export function ChangesFilters({ state, forConfig }: { state: ChangesState; forConfig: boolean }) {
  const styles = useStyles();
  const changeTypes = useAbortableSWR('/api/db/change_types', (signal) =>
    fetchRows<{ change_type: string }>('change_types', { order: 'change_type.asc' }, signal),
  );
  const configTypes = useAbortableSWR(forConfig ? null : '/api/db/config_types', (signal) =>
    fetchRows<{ type: string }>('config_types', { order: 'type.asc' }, signal),
  );
  return (
    <div className={styles.root} role="search" aria-label="Change filters">
      <SearchBox value={state.summary} placeholder={CHANGES_SEARCH_PLACEHOLDER} onChange={state.setSummary} />
      <FilterDropdown
        label="Change type"
        value={state.changeType}
        choices={(changeTypes.data ?? []).map(({ change_type }) => ({ value: change_type, label: change_type }))}
        onChange={state.setChangeType}
      />
      <FilterDropdown label="Severity" value={state.severity} choices={SEVERITIES.map((value) => ({ value, label: value }))} onChange={state.setSeverity} />
      {!forConfig && (
        <FilterDropdown
          label="Config type"
          value={state.configType}
          choices={(configTypes.data ?? []).map(({ type }) => ({ value: type, label: type }))}
          onChange={state.setConfigType}
        />
      )}
      <TimeRangePicker value={state.timeRange} onChange={state.setTimeRange} />
      {!forConfig && <Switch label="Include deleted configs" checked={state.includeDeleted} onChange={(_, data) => state.setIncludeDeleted(data.checked)} />}
    </div>
  );
}
