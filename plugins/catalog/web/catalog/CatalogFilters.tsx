import { useMemo } from 'react';
import { Button, Popover, PopoverSurface, PopoverTrigger, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { Settings20Regular } from '@fluentui/react-icons';
import { useAbortableSWR } from '@web/core/hooks/useAbortableSWR';
import { TAG_SUFFIX, fetchRows, parseMarks } from '../catalogApi';
import { SearchBox } from '@web/core/components/SearchBox';
import { FilterDropdown, MultiFilterDropdown, type FilterChoice } from '@web/core/components/FilterDropdown';
import { LabelsFilter } from './LabelsFilter';
import type { CatalogState } from './useCatalogState';

export const SEARCH_PLACEHOLDER = 'Search for configs';
export const HIDE_DELETED_LABEL = 'Hide Deleted Catalog';
export const HEALTH_CHOICES: FilterChoice[] = ['Healthy', 'Unhealthy', 'Unknown', 'Warning'].map((label) => ({ value: label.toLowerCase(), label }));

const GROUP_BY_COLUMNS: FilterChoice[] = [
  { value: 'name', label: 'name' },
  { value: 'analysis', label: 'analysis' },
  { value: 'changed', label: 'changed' },
  { value: 'type', label: 'type' },
  { value: 'config_class', label: 'provider' },
];

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

type KeyValue = { key: string; value: string };

/** The /catalog filter bar (spec 02 Catalog): search, Type, Group By, Labels, Status, Health, and Preferences. */
export function CatalogFilters({ state, summary }: { state: CatalogState; summary: boolean }) {
  const styles = useStyles();
  const types = useAbortableSWR('/api/db/config_types', (signal) => fetchRows<{ type: string }>('config_types', { order: 'type.asc' }, signal));
  const statuses = useAbortableSWR('/api/db/config_statuses', (signal) => fetchRows<{ status: string }>('config_statuses', { order: 'status.asc' }, signal));
  const labels = useAbortableSWR('/api/db/config_labels', (signal) => fetchRows<KeyValue>('config_labels', { order: 'key.asc,value.asc' }, signal));
  const tags = useAbortableSWR('/api/db/config_tags', (signal) => fetchRows<KeyValue>('config_tags', { order: 'key.asc' }, signal));

  const groupByChoices = useMemo(() => {
    const tagKeys = [...new Set((tags.data ?? []).map((tag) => tag.key))];
    return [...GROUP_BY_COLUMNS, ...tagKeys.map((key) => ({ value: `${key}${TAG_SUFFIX}`, label: key }))];
  }, [tags.data]);
  const statusValues = Object.keys(parseMarks(state.status));
  const healthValues = Object.keys(parseMarks(state.health));

  return (
    <div className={styles.root} role="search" aria-label="Catalog filters">
      <SearchBox value={state.search} placeholder={SEARCH_PLACEHOLDER} onChange={state.setSearch} />
      <FilterDropdown
        label="Type"
        value={state.configType}
        choices={(types.data ?? []).map(({ type }) => ({ value: type, label: type }))}
        onChange={state.setConfigType}
      />
      {summary && <MultiFilterDropdown label="Group By" values={state.groupBy} choices={groupByChoices} onChange={state.setGroupBy} />}
      <LabelsFilter pairs={labels.data ?? []} value={state.labels} onChange={state.setLabels} />
      <MultiFilterDropdown
        label="Status"
        values={statusValues}
        choices={(statuses.data ?? []).map(({ status }) => ({ value: status, label: status }))}
        onChange={(values) => state.setStatus(values.join(','))}
      />
      <MultiFilterDropdown label="Health" values={healthValues} choices={HEALTH_CHOICES} onChange={(values) => state.setHealth(values.join(','))} />
      <Popover positioning="below-end">
        <PopoverTrigger disableButtonEnhancement>
          <Button icon={<Settings20Regular />} aria-label="Preferences" />
        </PopoverTrigger>
        <PopoverSurface aria-label="Preferences">
          <Switch label={HIDE_DELETED_LABEL} checked={state.hideDeleted} onChange={(_, data) => state.setHideDeleted(data.checked)} />
        </PopoverSurface>
      </Popover>
    </div>
  );
}
