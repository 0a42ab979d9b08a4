import type { ReactNode } from 'react';
import { Button, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { Delete20Regular } from '@fluentui/react-icons';
import type { DataTableColumn } from '@web/core/components/DataTable';
import { formatDateTime } from '@web/core/formatDateTime';
import { ResourceLink } from '../history/ResourceLink';
import { formatDuration } from '../shared/duration';
import { type SilenceRow, isExpired } from './silencesApi';

const useStyles = makeStyles({
  cell: { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  expired: { textDecorationLine: 'line-through', color: tokens.colorNeutralForeground3 },
});

/** A cell's content, struck through when the silence is over (spec 03: expired rows are struck through). */
function SilenceCell({ row, children, title }: { row: SilenceRow; children: ReactNode; title?: string }) {
  const styles = useStyles();
  const expired = isExpired(row);
  return (
    <span className={expired ? `${styles.cell} ${styles.expired}` : styles.cell} data-expired={expired ? 'true' : undefined} title={title}>
      {children}
    </span>
  );
}

/** How long a silence lasts (`2h`, `1d12h`); its two instants on hover. */
export function silenceDuration(row: Pick<SilenceRow, 'from' | 'until'>): string {
  const millis = Date.parse(row.until) - Date.parse(row.from);
  return Number.isFinite(millis) ? formatDuration(millis * 1e6) : '';
}

/** What a silence is about: its resource, else its selectors or filter. */
function silenceSubject(row: SilenceRow): ReactNode {
  if (row.resource) return <ResourceLink type={row.resource.type} id={row.resource.id} name={row.resource.name} />;
  const id = row.check_id ?? row.config_id ?? row.component_id ?? row.canary_id;
  if (id) return id;
  return [row.selectors, row.filter].filter(Boolean).join(' · ');
}

/** The silences list's columns, exactly the spec's: Resource, Duration, Source, Reason, Created By, Delete. */
export function silenceColumns({ canDelete, onDelete }: { canDelete: boolean; onDelete(row: SilenceRow): void }): DataTableColumn<SilenceRow>[] {
  return [
    {
      id: 'resource',
      header: 'Resource',
      flex: 2,
      sortable: false,
      value: (row) => row.resource?.name ?? row.selectors ?? row.filter ?? '',
      render: (row) => (
        // A click on the resource link follows it; the row click (edit) ignores clicks within data-row-toggle.
        <span data-row-toggle="">
          <SilenceCell row={row}>{silenceSubject(row)}</SilenceCell>
        </span>
      ),
    },
    {
      id: 'duration',
      header: 'Duration',
      width: 130,
      sortable: false,
      value: silenceDuration,
      render: (row) => (
        <SilenceCell row={row} title={`${formatDateTime(row.from)} – ${formatDateTime(row.until)}`}>
          {silenceDuration(row)}
        </SilenceCell>
      ),
    },
    { id: 'source', header: 'Source', width: 110, sortable: false, render: (row) => <SilenceCell row={row}>{row.source}</SilenceCell> },
    {
      id: 'description',
      header: 'Reason',
      flex: 2,
      sortable: false,
      render: (row) => (
        <SilenceCell row={row} title={row.description ?? undefined}>
          {row.description}
        </SilenceCell>
      ),
    },
    {
      id: 'created_by',
      header: 'Created By',
      width: 160,
      sortable: false,
      value: (row) => row.created_by_person?.name ?? '',
      render: (row) => <SilenceCell row={row}>{row.created_by_person?.name}</SilenceCell>,
    },
    {
      id: 'delete',
      header: 'Delete',
      width: 90,
      sortable: false,
      value: () => '',
      render: (row) =>
        canDelete ? (
          <span data-row-toggle="">
            <Tooltip content="Delete" relationship="label">
              <Button appearance="subtle" size="small" icon={<Delete20Regular />} onClick={() => onDelete(row)} />
            </Tooltip>
          </span>
        ) : null,
    },
  ];
}
