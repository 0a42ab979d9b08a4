import { useMemo, useState } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular, PlugConnected20Regular } from '@fluentui/react-icons';
import { useNavigate, useSearchParams } from 'react-router';
import useSWR from 'swr';
import { type ApiError, type CountedRows, request, totalFromContentRange } from '@web/core/api';
import { usePermissions } from '@web/core/auth';
import { Breadcrumb } from '@web/core/components/Breadcrumb';
import { DataTable, NO_DATA_MESSAGE, type SortState } from '@web/core/components/DataTable';
import { EmptyState } from '@web/core/components/EmptyState';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { useQueryState } from '@web/core/hooks/useQueryState';
import { AddIntegrationDialog } from '../add/AddIntegrationDialog';
import { integrationColumns } from '../integrations/integrationColumns';
import {
  DEFAULT_SORT,
  INTEGRATIONS_PAGE_SIZE,
  type IntegrationRow,
  integrationPath,
  integrationsListKey,
  integrationsQueryFrom,
} from '../integrations/integrationsApi';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
});

async function fetchPage(key: string): Promise<CountedRows<IntegrationRow>> {
  const response = await request<IntegrationRow[]>(key, { headers: { Prefer: 'count=exact' } });
  const rows = response.data ?? [];
  return { rows, total: totalFromContentRange(response.headers.get('content-range')) ?? rows.length };
}

const columns = integrationColumns();

/**
 * /settings/integrations (spec 03 §2): scrapers, topologies and log backends in one list from `integrations_with_status`,
 * sorted and paged on the server from the URL (`sortBy`, `sortDesc`, `page`); a row opens /settings/integrations/{type}/{id};
 * Add (write on integrations) opens the Add Integration dialog.
 */
export default function IntegrationsPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [adding, setAdding] = useState(false);
  const canAdd = usePermissions().can('integrations', 'write');
  const query = integrationsQueryFrom(params);
  const { data, error, isLoading } = useSWR<CountedRows<IntegrationRow>, ApiError>(integrationsListKey(query), fetchPage, { keepPreviousData: true });
  const rows = useMemo(() => data?.rows ?? [], [data]);

  // Through useQueryState: the table reports a sort and then page 0 in one handler, and each write must land.
  const [, setSortBy] = useQueryState('sortBy', DEFAULT_SORT.column);
  const [, setSortDesc] = useQueryState('sortDesc', 'false');
  const [, setPage] = useQueryState('page', '1');
  const onSortChange = (sort: SortState | null) => {
    setSortBy(sort?.column ?? null);
    setSortDesc(sort?.direction === 'desc' ? 'true' : null);
    setPage(null);
  };

  return (
    <div className={styles.root}>
      <div className={styles.toolbar}>
        <Breadcrumb items={[{ label: 'Settings' }, { label: 'Integrations' }]} />
        {canAdd && (
          <Button appearance="primary" icon={<Add20Regular />} onClick={() => setAdding(true)}>
            Add
          </Button>
        )}
      </div>
      {error && !data ? (
        <ErrorPanel error={error} />
      ) : data && data.total === 0 ? (
        <EmptyState icon={<PlugConnected20Regular />} title="No integrations yet" message={NO_DATA_MESSAGE} />
      ) : (
        <DataTable<IntegrationRow>
          id="integrations"
          rows={rows}
          columns={columns}
          getRowId={(row) => `${row.integration_type}/${row.id}`}
          loading={isLoading}
          sort={{ column: query.sortBy, direction: query.sortDesc ? 'desc' : 'asc' }}
          onSortChange={onSortChange}
          paging={{
            mode: 'server',
            pageIndex: query.pageIndex,
            pageSize: INTEGRATIONS_PAGE_SIZE,
            total: data?.total ?? 0,
            onChange: (index) => setPage(String(index + 1)),
          }}
          onRowClick={(row) => navigate(integrationPath(row))}
        />
      )}
      {adding && <AddIntegrationDialog open onClose={() => setAdding(false)} />}
    </div>
  );
}
