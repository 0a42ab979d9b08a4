import { useState } from 'react';
import { Button, Combobox, Option, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { Delete16Regular } from '@fluentui/react-icons';
import useSWR from 'swr';
import { dataApiPath, pg, request, withQuery } from '@web/core/api';
import { usePermissions } from '@web/core/auth';
import { useToast } from '@web/core/components/useToast';
import { useFeatures } from '@web/core/features/useFeatures';

interface ComponentLink {
  component_id: string;
  selector_id: string;
  component: { id: string; name: string; type: string | null } | null;
}

interface ComponentOption {
  id: string;
  name: string;
  type: string | null;
}

const RELATIONS = 'config_component_relationships';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  row: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
});

const linksKey = (configId: string) =>
  withQuery(dataApiPath(RELATIONS), {
    config_id: pg.eq(configId),
    deleted_at: 'is.null',
    select: 'component_id,selector_id,component:component_id(id,name,type)',
  });

/**
 * The topology components a config is linked to (spec 02 Relationships: a config can be linked to a component and
 * a link removed). Links made here use the manual selector; linking and unlinking need write on topologies, which
 * the server enforces too. Hidden when the topology feature is off.
 */
export function ConfigComponentLinks({ configId }: { configId: string }) {
  const styles = useStyles();
  const toast = useToast();
  const { isEnabled } = useFeatures();
  const canWrite = usePermissions().can('topologies', 'write');
  const [search, setSearch] = useState('');
  const [busy, setBusy] = useState(false);
  const links = useSWR(isEnabled('topology') ? linksKey(configId) : null, async (key: string) => (await request<ComponentLink[]>(key)).data ?? []);
  const options = useSWR(canWrite && isEnabled('topology') ? ['components', search] : null, async () => {
    const params: Record<string, string | number> = { select: 'id,name,type', deleted_at: 'is.null', order: 'name.asc', limit: 20 };
    if (search.trim()) params.name = `ilike.*${search.trim()}*`;
    return (await request<ComponentOption[]>(withQuery(dataApiPath('components'), params))).data ?? [];
  });
  if (!isEnabled('topology')) return null;
  const linked = links.data ?? [];

  const link = async (componentId: string) => {
    setBusy(true);
    try {
      await request(dataApiPath(RELATIONS), { method: 'POST', body: { component_id: componentId, config_id: configId, selector_id: 'manual' } });
      toast.success('config link successful');
      setSearch('');
      await links.mutate();
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(false);
    }
  };

  const unlink = async (componentId: string) => {
    setBusy(true);
    try {
      await request(withQuery(dataApiPath(RELATIONS), { component_id: pg.eq(componentId), config_id: pg.eq(configId), selector_id: pg.eq('manual') }), {
        method: 'DELETE',
      });
      toast.success('Deleted config link successfully');
      await links.mutate();
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(false);
    }
  };

  if (!linked.length && !canWrite) return null;
  return (
    <section className={styles.root} aria-label="Linked components">
      <Subtitle2 as="h3">Components</Subtitle2>
      <ul className={styles.list}>
        {linked.map((l) => (
          <li key={`${l.component_id}/${l.selector_id}`} className={styles.row}>
            <span>{l.component?.name ?? l.component_id}</span>
            {canWrite && l.selector_id === 'manual' && (
              <Button
                size="small"
                appearance="subtle"
                icon={<Delete16Regular />}
                aria-label={`Unlink ${l.component?.name ?? l.component_id}`}
                disabled={busy}
                onClick={() => void unlink(l.component_id)}
              />
            )}
          </li>
        ))}
      </ul>
      {canWrite && (
        <Combobox
          aria-label="Link to component"
          placeholder="Link to component"
          value={search}
          disabled={busy}
          onInput={(e) => setSearch((e.target as HTMLInputElement).value)}
          onOptionSelect={(_, data) => data.optionValue && void link(data.optionValue)}
        >
          {(options.data ?? [])
            .filter((o) => !linked.some((l) => l.component_id === o.id))
            .map((o) => (
              <Option key={o.id} value={o.id} text={o.name}>
                {o.type ? `${o.name} (${o.type})` : o.name}
              </Option>
            ))}
        </Combobox>
      )}
    </section>
  );
}
