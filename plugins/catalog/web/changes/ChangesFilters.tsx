import { Dropdown, Option, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { SEVERITIES, TIME_RANGE_OPTIONS } from '@contracts';
import { formatDateTime } from '@web/core/formatDateTime';
import { SearchBox } from '@web/core/components/SearchBox';
import { useAbortableSWR } from '@web/core/hooks/useAbortableSWR';
import { FilterDropdown } from '../catalog/FilterDropdown';
import { fetchRows } from '../catalogApi';
import type { ChangesState } from './useChangesState';

export const CHANGES_SEARCH_PLACEHOLDER = 'Search changes by summary';

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/** The range's label: `now-2d` → 'Last 2d'; an absolute range as its times. */
function rangeLabel(from: string, to: string): string {
  if (from.startsWith('now-') && !to) return `Last ${from.slice(4)}`;
  return `${formatDateTime(from) || from} – ${to ? formatDateTime(to) || to : 'now'}`;
}

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
      <Dropdown
        aria-label="Time range"
        value={rangeLabel(state.from, state.to)}
        selectedOptions={[state.to ? '' : state.from]}
        onOptionSelect={(_, data) => data.optionValue && state.setRange(data.optionValue)}
      >
        {TIME_RANGE_OPTIONS.map((range) => (
          <Option key={range} value={`now-${range}`}>{`Last ${range}`}</Option>
        ))}
      </Dropdown>
      {!forConfig && <Switch label="Include deleted configs" checked={state.includeDeleted} onChange={(_, data) => state.setIncludeDeleted(data.checked)} />}
    </div>
  );
}
