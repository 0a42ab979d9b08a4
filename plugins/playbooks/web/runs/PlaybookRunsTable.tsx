import type { HTMLAttributes, ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { DataTable, type DataTableColumn } from '@web/core/components/DataTable';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { formatDateTime } from '@web/core/formatDateTime';
import { PlaybookIcon } from '../PlaybookIcon';
import { RunResourceLink, type RunResource } from './RunResourceLink';
import { RunStatusBadge } from './RunStatusBadge';
import { formatDuration, formatShortDateTime } from './runTimes';
import type { PlaybookRunRow } from './runsApi';
import type { PlaybookRunsState } from './usePlaybookRunsState';

const useStyles = makeStyles({
  name: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  truncated: { display: 'block', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

/** A cell's text cut with an ellipsis when the column is narrow; the tooltip has all of it. */
function Truncated({ title, children, ...rest }: { title: string; children?: ReactNode } & HTMLAttributes<HTMLSpanElement>) {
  const styles = useStyles();
  return (
    <span {...rest} className={styles.truncated} title={title || undefined}>
      {children ?? title}
    </span>
  );
}

/** The row's resource: its config, check or component, named by the embed (or its id when not embedded). */
export function rowResource(row: PlaybookRunRow): RunResource | null {
  if (row.config_id) return { kind: 'config', id: row.config_id, name: row.config?.name ?? null };
  if (row.check_id) return { kind: 'check', id: row.check_id, name: row.check?.name ?? null };
  if (row.component_id) return { kind: 'component', id: row.component_id, name: row.component?.name ?? null };
  return null;
}

const playbookTitle = (row: PlaybookRunRow) => row.playbook?.title || row.playbook?.name || '';

function RunName({ row }: { row: PlaybookRunRow }) {
  const styles = useStyles();
  return (
    <span className={styles.name}>
      <PlaybookIcon icon={row.playbook?.icon} size={16} />
      <Truncated title={playbookTitle(row)} />
    </span>
  );
}

const runDate = (row: PlaybookRunRow) => row.start_time ?? row.scheduled_time;
const creatorName = (row: PlaybookRunRow) => row.creator?.name ?? '';

/**
 * The seven columns of spec 02 fit a 1280 px window beside the sidebar (their least widths add up to 960 px of the ~1000 there are): the
 * dates are short (the tooltip has the whole date), names and resources share what is left and are cut with an
 * ellipsis.
 */
const COLUMNS: DataTableColumn<PlaybookRunRow>[] = [
  { id: 'name', header: 'Name', flex: 2, minWidth: 160, sortable: false, value: playbookTitle, render: (row) => <RunName row={row} /> },
  {
    id: 'resource',
    header: 'Resource',
    flex: 2,
    minWidth: 130,
    sortable: false,
    value: (row) => rowResource(row)?.name ?? '',
    // data-row-toggle: following the link does not also open the run.
    render: (row) => {
      const resource = rowResource(row);
      return (
        <Truncated data-row-toggle title={resource ? resource.name || resource.id : ''}>
          <RunResourceLink resource={resource} />
        </Truncated>
      );
    },
  },
  { id: 'status', header: 'Status', width: 150, render: (row) => <RunStatusBadge status={row.status} /> },
  {
    id: 'start_time',
    header: 'Date',
    width: 155,
    value: runDate,
    render: (row) => <Truncated title={formatDateTime(runDate(row))}>{formatShortDateTime(runDate(row))}</Truncated>,
  },
  { id: 'duration', header: 'Duration', width: 100, sortable: false, value: (row) => formatDuration(row.start_time, row.end_time) },
  {
    id: 'created_at',
    header: 'Created At',
    width: 155,
    render: (row) => <Truncated title={formatDateTime(row.created_at)}>{formatShortDateTime(row.created_at)}</Truncated>,
  },
  {
    id: 'created_by',
    header: 'Created By',
    flex: 1,
    minWidth: 110,
    sortable: false,
    value: creatorName,
    render: (row) => <Truncated title={creatorName(row)} />,
  },
];

export interface PlaybookRunsTableProps {
  state: PlaybookRunsState;
  result: { page: { rows: PlaybookRunRow[]; total: number } | undefined; error: unknown; isLoading: boolean };
  onOpen(row: PlaybookRunRow): void;
}

const NO_ROWS: PlaybookRunRow[] = [];

/** The runs of the page's filters, sorted and paged on the server from the URL; 'No data available' when none. */
export function PlaybookRunsTable({ state, result, onOpen }: PlaybookRunsTableProps) {
  const { page, error, isLoading } = result;
  if (error && !page) return <ErrorPanel error={error} />;
  return (
    <DataTable<PlaybookRunRow>
      id="playbook-runs"
      rows={page?.rows ?? NO_ROWS}
      columns={COLUMNS}
      getRowId={(row) => row.id}
      loading={isLoading}
      sort={{ column: state.sortBy, direction: state.sortOrder }}
      onSortChange={(sort) => state.setSort(sort?.column ?? null, sort?.direction ?? 'desc')}
      paging={{ mode: 'server', pageIndex: state.pageIndex, pageSize: state.pageSize, total: page?.total ?? 0, onChange: state.setPage }}
      onRowClick={onOpen}
      rowTestId="playbook-run-row"
    />
  );
}
