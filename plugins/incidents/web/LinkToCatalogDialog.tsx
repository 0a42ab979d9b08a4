import { useEffect, useState } from 'react';
import { Field, Input, Radio, RadioGroup, makeStyles, tokens } from '@fluentui/react-components';
import useSWR from 'swr';
import { SEARCH_DEBOUNCE_MS } from '@contracts';
import { dataApiPath, pg, withQuery } from '@web/core/api';
import { Dialog } from '@web/core/components/Dialog';
import { DialogButtons } from '@web/core/components/DialogButtons';
import { EmptyState } from '@web/core/components/EmptyState';
import { useBusyAction } from '@web/core/hooks/useBusyAction';
import { useIncidentContext } from './IncidentContext';
import { createEvidence } from './incidentsApi';
import { useDebouncedCallback } from './useDebouncedCallback';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  results: { maxHeight: '320px', overflowY: 'auto' },
});

interface CatalogItem {
  id: string;
  name: string | null;
  type: string;
}

export function catalogSearchKey(search: string): string {
  return withQuery(dataApiPath('config_items'), {
    select: 'id,name,type',
    deleted_at: pg.is('null'),
    name: search.trim() ? pg.ilike(`*${search.trim()}*`) : undefined,
    order: pg.order('name'),
    limit: 50,
  });
}

/** Link to Catalog: search catalogue items and attach one to the hypothesis as config evidence. */
export function LinkToCatalogDialog({ open, hypothesisId, onClose }: { open: boolean; hypothesisId: string; onClose(): void }) {
  const styles = useStyles();
  const { refresh } = useIncidentContext();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const [saving, run] = useBusyAction();
  const commitSearch = useDebouncedCallback(setSearch, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (open) {
      setText('');
      setSearch('');
      setSelected(null);
    }
  }, [open]);
  const { data } = useSWR<CatalogItem[]>(open ? catalogSearchKey(search) : null);

  const link = async () => {
    const item = data?.find((candidate) => candidate.id === selected);
    if (!item) return;
    await run(async () => {
      await createEvidence({ hypothesis_id: hypothesisId, type: 'config', config_id: item.id, description: item.name ?? item.type });
      onClose();
      await refresh();
    });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="medium"
      title="Link to Catalog"
      actions={<DialogButtons onCancel={onClose} label="Link" busy={saving} disabled={!selected} onAction={link} />}
    >
      <div className={styles.body}>
        <Field label="Search">
          <Input
            value={text}
            onChange={(_, value) => {
              setText(value.value);
              commitSearch(value.value);
            }}
          />
        </Field>
        <div className={styles.results}>
          {data && data.length === 0 ? (
            <EmptyState message="No catalogue items match" />
          ) : (
            <RadioGroup aria-label="Catalogue items" value={selected ?? ''} onChange={(_, value) => setSelected(value.value)}>
              {(data ?? []).map((item) => (
                <Radio key={item.id} value={item.id} label={`${item.name ?? item.id} (${item.type})`} />
              ))}
            </RadioGroup>
          )}
        </div>
      </div>
    </Dialog>
  );
}
