import { useMemo, useState } from 'react';
import { Badge, Button, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router';
import useSWR from 'swr';
import { request, totalFromContentRange, type ApiError, type CountedRows } from '@web/core/api';
import { useQueryState } from '@web/core/hooks/useQueryState';
import { usePermissions } from '@web/core/auth';
import { AvatarGroup } from '@web/core/components/AvatarGroup';
import { Breadcrumb } from '@web/core/components/Breadcrumb';
import { DataTable, type DataTableColumn } from '@web/core/components/DataTable';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { formatAge } from './age';
import { CreateIncidentDialog } from './CreateIncidentDialog';
import { IncidentFilters, useIncidentListFilters } from './IncidentFilters';
import { DEFAULT_PAGE, incidentListKey } from './incidentListQuery';
import { incidentPath } from './incidentsApi';
import { listSeverityLabel } from './severity';
import type { Incident, Responder } from './types';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
});

export const NO_INCIDENTS_MESSAGE = 'There are no incidents matching this criteria';

function responderPeople(responders: readonly Responder[] | undefined) {
  return (responders ?? [])
    .filter((r) => !r.deleted_at)
    .map((r) => ({ id: r.id, name: r.team?.name ?? r.person?.name ?? '', avatar: r.person?.avatar ?? null }));
}

const columns: DataTableColumn<Incident>[] = [
  { id: 'incident_id', header: 'Id', width: 130 },
  { id: 'type', header: 'Type', width: 140 },
  { id: 'severity', header: 'Severity', width: 120, value: (i) => listSeverityLabel(i.severity) },
  { id: 'status', header: 'Status', width: 130, render: (i) => <Badge appearance="tint">{i.status}</Badge> },
  { id: 'title', header: 'Name', flex: 2 },
  { id: 'created_at', header: 'Age', width: 90, value: (i) => i.created_at, render: (i) => formatAge(i.created_at) },
  {
    id: 'responders',
    header: 'Responders',
    width: 180,
    sortable: false,
    value: (i) => responderPeople(i.responders).length,
    render: (i) => <AvatarGroup people={responderPeople(i.responders)} />,
  },
];

/** One page of the list and the total of all matching incidents (Content-Range). */
async function fetchIncidentPage(key: string): Promise<CountedRows<Incident>> {
  const response = await request<Incident[]>(key, { headers: { Prefer: 'count=exact' } });
  const rows = response.data ?? [];
  return { rows, total: totalFromContentRange(response.headers.get('content-range')) ?? rows.length };
}

/** /incidents: filters and the page in the query string, a server-paged table, and 'Create New Incident'. */
export default function IncidentListPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const filters = useIncidentListFilters();
  const [pageParam, setPageParam] = useQueryState('page', '1');
  const [sizeParam, setSizeParam] = useQueryState('pageSize', String(DEFAULT_PAGE.pageSize));
  const page = { pageIndex: Math.max(0, (Number(pageParam) || 1) - 1), pageSize: Number(sizeParam) || DEFAULT_PAGE.pageSize };
  const key = incidentListKey(filters, page);
  const { data, error, isLoading } = useSWR<CountedRows<Incident>, ApiError>(key, () => fetchIncidentPage(key));
  const [creating, setCreating] = useState(false);
  const rows = useMemo(() => data?.rows ?? [], [data]);

  return (
    <div className={styles.root}>
      <div className={styles.toolbar}>
        <Breadcrumb items={[{ label: 'Incidents' }]} />
        {can('incident', 'write') && (
          <Button appearance="primary" icon={<Add20Regular />} onClick={() => setCreating(true)}>
            Create New Incident
          </Button>
        )}
      </div>
      <IncidentFilters filters={filters} />
      {error && !data ? (
        <ErrorPanel error={error} />
      ) : (
        <DataTable<Incident>
          id="incidents"
          rows={rows}
          columns={columns}
          getRowId={(incident) => incident.id}
          loading={isLoading}
          emptyMessage={NO_INCIDENTS_MESSAGE}
          paging={{
            mode: 'server',
            pageIndex: page.pageIndex,
            pageSize: page.pageSize,
            total: data?.total ?? 0,
            onChange: (pageIndex, pageSize) => {
              setPageParam(pageIndex === 0 ? null : String(pageIndex + 1));
              setSizeParam(pageSize === DEFAULT_PAGE.pageSize ? null : String(pageSize));
            },
          }}
          onRowClick={(incident) => navigate(incidentPath(incident.id))}
        />
      )}
      <CreateIncidentDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
