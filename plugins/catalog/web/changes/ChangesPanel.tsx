import { useMemo, useState } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import type { CatalogChange } from '@contracts';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { useAbortableSWR } from '@web/core/hooks/useAbortableSWR';
import { fetchChanges } from '../catalogApi';
import { ChangeDetailsModal } from './ChangeDetailsModal';
import { ChangesFilters } from './ChangesFilters';
import { ChangesTable } from './ChangesTable';
import { changesRequest, useChangesState } from './useChangesState';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** Filters, the changes table and the change details modal: all changes (/catalog/changes) or one config's. */
export function ChangesPanel({ configId }: { configId?: string }) {
  const styles = useStyles();
  const state = useChangesState();
  const body = changesRequest(state, configId);
  const { data, error, isLoading } = useAbortableSWR(['/api/catalog/changes', JSON.stringify(body)], (signal) => fetchChanges(body, signal));
  const rows = useMemo(() => data?.changes ?? [], [data]);
  const [opened, setOpened] = useState<CatalogChange | null>(null);
  return (
    <div className={styles.root}>
      <ChangesFilters state={state} forConfig={Boolean(configId)} />
      {error && !data ? (
        <ErrorPanel error={error} />
      ) : (
        <ChangesTable
          rows={rows}
          total={data?.total ?? 0}
          loading={isLoading}
          pageIndex={state.pageIndex}
          pageSize={state.pageSize}
          sort={{ column: state.sortBy, direction: state.sortOrder }}
          onSortChange={(sort) => state.setSort(sort?.column ?? null, sort?.direction ?? 'desc')}
          onPageChange={state.setPage}
          onOpen={setOpened}
        />
      )}
      {opened && <ChangeDetailsModal change={opened} onClose={() => setOpened(null)} />}
    </div>
  );
}
