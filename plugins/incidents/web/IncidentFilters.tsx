import { useEffect, useState } from 'react';
import { Field, Input, Select, makeStyles, tokens } from '@fluentui/react-components';
import { Search20Regular } from '@fluentui/react-icons';
import useSWR from 'swr';
import { INCIDENT_STATUSES, INCIDENT_TYPES, SEARCH_DEBOUNCE_MS } from '@contracts';
import { dataApiPath, pg, withQuery } from '@web/core/api';
import { useQueryState } from '@web/core/hooks/useQueryState';
import { DEFAULT_FILTERS, type IncidentListFilters } from './incidentListQuery';
import { SEVERITY_FILTER_OPTIONS } from './severity';
import type { PersonRef } from './types';
import { useDebouncedCallback } from './useDebouncedCallback';

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-end' },
  select: { minWidth: '140px' },
});

const PEOPLE_KEY = withQuery(dataApiPath('people'), { select: 'id,name,avatar', deleted_at: pg.is('null'), order: pg.order('name') });
const COMPONENTS_KEY = withQuery(dataApiPath('components'), { select: 'id,name', order: pg.order('name') });

/** The list's filters, all in the query string ('all' = no filter). */
export function useIncidentListFilters(): IncidentListFilters & { set(key: keyof IncidentListFilters, value: string): void } {
  const [severity, setSeverity] = useQueryState('severity', DEFAULT_FILTERS.severity);
  const [status, setStatus] = useQueryState('status', DEFAULT_FILTERS.status);
  const [owner, setOwner] = useQueryState('owner', DEFAULT_FILTERS.owner);
  const [type, setType] = useQueryState('type', DEFAULT_FILTERS.type);
  const [component, setComponent] = useQueryState('component', DEFAULT_FILTERS.component);
  const [search, setSearch] = useQueryState('search', DEFAULT_FILTERS.search);
  const [, setPage] = useQueryState('page', '1');
  const setters = { severity: setSeverity, status: setStatus, owner: setOwner, type: setType, component: setComponent, search: setSearch };
  // Another filter means another result: start again at the first page.
  const set = (key: keyof IncidentListFilters, value: string) => {
    setters[key](value);
    setPage(null);
  };
  return { severity, status, owner, type, component, search, set };
}

function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange(value: string): void;
}) {
  const styles = useStyles();
  return (
    <Field label={label}>
      <Select className={styles.select} value={value} onChange={(_, data) => onChange(data.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}

const withAll = (values: readonly string[]) => [{ value: 'all', label: 'All' }, ...values.map((value) => ({ value, label: value }))];

export function IncidentFilters({ filters }: { filters: ReturnType<typeof useIncidentListFilters> }) {
  const styles = useStyles();
  const { data: people } = useSWR<PersonRef[]>(PEOPLE_KEY);
  const { data: components } = useSWR<{ id: string; name: string }[]>(COMPONENTS_KEY);
  const [searchText, setSearchText] = useState(filters.search);
  useEffect(() => setSearchText(filters.search), [filters.search]);
  const commitSearch = useDebouncedCallback((value: string) => filters.set('search', value), SEARCH_DEBOUNCE_MS);

  const componentOptions = [{ value: 'all', label: 'All' }, ...(components ?? []).map((c) => ({ value: c.id, label: c.name }))];
  if (filters.component !== 'all' && !componentOptions.some((o) => o.value === filters.component)) {
    componentOptions.push({ value: filters.component, label: filters.component });
  }
  return (
    <div className={styles.root}>
      <FilterSelect label="Severity" value={filters.severity} options={SEVERITY_FILTER_OPTIONS} onChange={(v) => filters.set('severity', v)} />
      <FilterSelect label="Status" value={filters.status} options={withAll(INCIDENT_STATUSES)} onChange={(v) => filters.set('status', v)} />
      <FilterSelect
        label="Owner"
        value={filters.owner}
        options={[{ value: 'all', label: 'All' }, ...(people ?? []).map((p) => ({ value: p.id, label: p.name }))]}
        onChange={(v) => filters.set('owner', v)}
      />
      <FilterSelect label="Type" value={filters.type} options={withAll(INCIDENT_TYPES)} onChange={(v) => filters.set('type', v)} />
      <FilterSelect label="Component" value={filters.component} options={componentOptions} onChange={(v) => filters.set('component', v)} />
      <Field label="Search">
        <Input
          contentBefore={<Search20Regular />}
          value={searchText}
          onChange={(_, data) => {
            setSearchText(data.value);
            commitSearch(data.value);
          }}
        />
      </Field>
    </div>
  );
}
