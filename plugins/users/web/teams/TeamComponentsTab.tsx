import { useState } from 'react';
import { Button, Combobox, Option, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles, tokens } from '@fluentui/react-components';
import { Delete20Regular } from '@fluentui/react-icons';
import useSWR from 'swr';
import { usePermissions } from '@web/core/auth';
import { AppLink } from '@web/core/components/AppLink';
import { EmptyState } from '@web/core/components/EmptyState';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { Loading } from '@web/core/components/Loading';
import { useToast } from '@web/core/components/useToast';
import { useBusyAction } from '@web/core/hooks/useBusyAction';
import type { SettingsResource } from '@web/core/settings/types';
import { type TeamComponent, componentSearchKey, linkComponent, teamComponentsKey, unlinkComponent } from './teamsApi';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '960px' },
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
});

type ComponentOption = NonNullable<TeamComponent['component']>;

/**
 * The topology components the team owns (`team_components`, shown in the topology side panel). Linking needs write
 * on topologies, which the data API enforces.
 */
export default function TeamComponentsTab({ resource }: { resource: SettingsResource }) {
  const styles = useStyles();
  const toast = useToast();
  const { can } = usePermissions();
  const canWrite = can('topologies', 'write');
  const { data, error, mutate } = useSWR<TeamComponent[]>(teamComponentsKey(resource.id));
  const [search, setSearch] = useState('');
  const { data: options } = useSWR<ComponentOption[]>(canWrite ? componentSearchKey(search.trim()) : null);
  const [busy, run] = useBusyAction();

  const link = async (component: ComponentOption) => {
    await run(async () => {
      await linkComponent(resource.id, component.id);
      toast.success(`${component.name} linked to the team successfully`);
    });
    setSearch('');
    await mutate();
  };
  const unlink = async (row: TeamComponent) => {
    await run(async () => {
      await unlinkComponent(resource.id, row.component_id);
      toast.success(`${row.component?.name ?? 'Component'} unlinked from the team successfully`);
    });
    await mutate();
  };

  if (error && !data) return <ErrorPanel error={error} title="Could not load the team's components" />;
  if (!data) return <Loading label="Loading components..." />;
  const linked = new Set(data.map((row) => row.component_id));
  return (
    <div className={styles.root}>
      {canWrite && (
        <div className={styles.toolbar}>
          <Combobox
            aria-label="Link a component"
            placeholder="Link a component..."
            value={search}
            disabled={busy}
            onInput={(event) => setSearch((event.target as HTMLInputElement).value)}
            onOptionSelect={(_, d) => {
              const picked = options?.find((o) => o.id === d.optionValue);
              if (picked) void link(picked);
            }}
          >
            {(options ?? [])
              .filter((o) => !linked.has(o.id))
              .map((o) => (
                <Option key={o.id} value={o.id} text={o.name}>
                  {o.type ? `${o.name} (${o.type})` : o.name}
                </Option>
              ))}
          </Combobox>
        </div>
      )}
      {data.length === 0 ? (
        <EmptyState message="No components are linked to this team" />
      ) : (
        <Table size="small" aria-label="Team components">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Component</TableHeaderCell>
              <TableHeaderCell>Type</TableHeaderCell>
              <TableHeaderCell>Source</TableHeaderCell>
              {canWrite && <TableHeaderCell aria-label="Actions" />}
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.map((row) => (
              <TableRow key={`${row.component_id}:${row.selector_id}`}>
                <TableCell>
                  <AppLink to={`/topology/${row.component_id}`}>{row.component?.name ?? row.component_id}</AppLink>
                </TableCell>
                <TableCell>{row.component?.type ?? ''}</TableCell>
                <TableCell>{row.selector_id === 'manual' ? 'Linked here' : `Selector ${row.selector_id}`}</TableCell>
                {canWrite && (
                  <TableCell>
                    {row.selector_id === 'manual' && (
                      <Button
                        size="small"
                        appearance="subtle"
                        icon={<Delete20Regular />}
                        aria-label={`Unlink ${row.component?.name ?? ''}`}
                        onClick={() => void unlink(row)}
                      />
                    )}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
