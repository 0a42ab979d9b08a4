import { useEffect, useState } from 'react';
import { Caption1, Input, Radio, RadioGroup, makeStyles, tokens } from '@fluentui/react-components';
import { Search20Regular } from '@fluentui/react-icons';
import useSWR, { useSWRConfig } from 'swr';
import { dataApiPath, errorMessage, request, withQuery } from '@web/core/api';
import { Dialog } from '@web/core/components/Dialog';
import { DialogButtons } from '@web/core/components/DialogButtons';
import { useToast } from '@web/core/components/useToast';
import { refreshSection } from '../panel/componentApi';

/** Spec 02 §9: resource searches wait 300 ms after the last keystroke. */
export const CONFIG_SEARCH_DEBOUNCE_MS = 300;
export const LINK_SUCCESS = 'config link successful';

interface ConfigOption {
  id: string;
  name: string;
  type: string | null;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  results: { maxHeight: '320px', overflowY: 'auto' },
  note: { color: tokens.colorNeutralForeground3 },
});

async function searchConfigs([, text]: readonly [string, string]): Promise<ConfigOption[]> {
  const path = withQuery(dataApiPath('config_items'), { name: `ilike.*${text}*`, deleted_at: 'is.null', select: 'id,name,type', order: 'name.asc', limit: 20 });
  return (await request<ConfigOption[]>(path)).data ?? [];
}

/**
 * 'Link to catalog' of the card menu: find a config item by name and link it to the component with the manual
 * selector (spec 02 §7), which needs write on topologies (the menu hides the item otherwise; the server enforces it).
 */
export function LinkToCatalogDialog({ componentId, componentName, onClose }: { componentId: string; componentName: string; onClose(): void }) {
  const styles = useStyles();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), CONFIG_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const results = useSWR(search ? (['topology-link-config-search', search] as const) : null, searchConfigs, { keepPreviousData: true });
  const options = search ? (results.data ?? []) : [];

  const link = async () => {
    setBusy(true);
    try {
      await request(dataApiPath('config_component_relationships'), {
        method: 'POST',
        body: { component_id: componentId, config_id: selected, selector_id: 'manual' },
      });
      toast.success(LINK_SUCCESS);
      // Catalog, changes and insights of the panel all follow the component's config links.
      await Promise.all((['catalog', 'changes', 'insights'] as const).map((section) => refreshSection(mutate, section, componentId)));
      onClose();
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(false);
    }
  };

  let note: string | null = null;
  if (!search) note = 'Start typing to search';
  else if (results.error) note = errorMessage(results.error);
  else if (results.isLoading && !results.data) note = 'Loading...';
  else if (!options.length) note = 'No options found';

  return (
    <Dialog
      open
      size="small"
      title={`Link ${componentName} to catalog`}
      onClose={onClose}
      actions={<DialogButtons onCancel={onClose} label="Link" busyLabel="Linking..." busy={busy} disabled={!selected} onAction={link} />}
    >
      <div className={styles.root}>
        <Input
          type="search"
          aria-label="Search configs"
          placeholder="Search configs by name"
          contentBefore={<Search20Regular />}
          value={text}
          onChange={(_, data) => setText(data.value)}
        />
        {note ? (
          <Caption1 className={styles.note}>{note}</Caption1>
        ) : (
          <RadioGroup className={styles.results} aria-label="Configs" value={selected} onChange={(_, data) => setSelected(data.value)}>
            {options.map((option) => (
              <Radio key={option.id} value={option.id} label={option.type ? `${option.name} (${option.type})` : option.name} />
            ))}
          </RadioGroup>
        )}
      </div>
    </Dialog>
  );
}
