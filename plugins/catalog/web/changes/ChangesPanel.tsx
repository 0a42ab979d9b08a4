import { useState } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import type { CatalogChange } from '@contracts';
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
  const [opened, setOpened] = useState<CatalogChange | null>(null);
  return (
    <div className={styles.root}>
      <ChangesFilters state={state} forConfig={Boolean(configId)} />
      <ChangesTable state={state} result={{ page: data && { rows: data.changes, total: data.total }, error, isLoading }} onOpen={setOpened} />
      {opened && <ChangeDetailsModal change={opened} onClose={() => setOpened(null)} />}
    </div>
  );
}
