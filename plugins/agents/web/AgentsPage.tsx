import { useMemo, useState } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular, PlugDisconnected20Regular } from '@fluentui/react-icons';
import useSWR from 'swr';
import { AGENTS_WRITE, type AgentFormValues, type AgentGenerateResponse } from '@contracts';
import type { ApiError, CountedRows } from '@web/core/api';
import { DataTable, NO_DATA_MESSAGE, type SortState } from '@web/core/components/DataTable';
import { EmptyState } from '@web/core/components/EmptyState';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { useQueryState } from '@web/core/hooks/useQueryState';
import { useAccess } from '@web/core/plugin-host';
import { AgentDrawer } from './AgentDrawer';
import { agentColumns } from './agentColumns';
import { AGENT_PAGE_SIZES } from '@contracts';
import { type AgentRow, DEFAULT_AGENT_SORT, agentListKey, agentPageSize, agentPath, fetchAgentPage, getAgent } from './agentsApi';
import { InstallInstructionsDialog } from './InstallInstructionsDialog';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: tokens.spacingHorizontalM },
});

const toIndex = (text: string, fallback: number) => {
  const value = Number.parseInt(text, 10);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
};

/**
 * /agents and /settings/agents (spec 02 Agents): the agents with their counts and status, paged and sorted on the
 * server from the URL (pageIndex, pageSize 50/100/200, sortBy, sortOrder default desc); `id` opens an agent's drawer,
 * `addAgent=true` the create drawer. Writing needs write on agents (the gateway enforces it too).
 */
export default function AgentsPage() {
  const styles = useStyles();
  const access = useAccess();
  const canWrite = access.can(AGENTS_WRITE.resource, AGENTS_WRITE.action);
  const [pageIndexText, setPageIndex] = useQueryState('pageIndex', '0');
  const [pageSizeText, setPageSize] = useQueryState('pageSize', '50');
  const [sortBy, setSortBy] = useQueryState('sortBy', DEFAULT_AGENT_SORT.sortBy);
  const [sortOrderText, setSortOrder] = useQueryState('sortOrder', DEFAULT_AGENT_SORT.sortOrder);
  const [openId, setOpenId] = useQueryState('id', '');
  const [addAgent, setAddAgent] = useQueryState('addAgent', '');
  const [installing, setInstalling] = useState<{ created: AgentGenerateResponse; values: AgentFormValues } | null>(null);

  const query = {
    pageIndex: toIndex(pageIndexText, 0),
    pageSize: agentPageSize(toIndex(pageSizeText, 50)),
    sortBy,
    sortOrder: sortOrderText === 'asc' ? ('asc' as const) : ('desc' as const),
  };
  const { data, error, isLoading, mutate } = useSWR<CountedRows<AgentRow>, ApiError>(agentListKey(query), fetchAgentPage, { keepPreviousData: true });
  const opened = useSWR<AgentRow, ApiError>(openId ? agentPath(openId) : null, getAgent, { revalidateOnFocus: false });
  const now = Date.now();
  const columns = useMemo(() => agentColumns(now), [now]);

  const onSortChange = (sort: SortState | null) => {
    setSortBy(sort?.column ?? null);
    setSortOrder(sort?.direction ?? null);
    setPageIndex(null);
  };
  const closeDrawer = () => {
    setOpenId(null);
    setAddAgent(null);
  };

  return (
    <div className={styles.root}>
      <div className={styles.toolbar}>
        {canWrite && (
          <Button appearance="primary" icon={<Add20Regular />} onClick={() => setAddAgent('true')}>
            Add Agent
          </Button>
        )}
      </div>
      {error && !data ? (
        <ErrorPanel error={error} />
      ) : data && data.total === 0 && query.pageIndex === 0 ? (
        <EmptyState icon={<PlugDisconnected20Regular />} message={NO_DATA_MESSAGE} />
      ) : (
        <DataTable<AgentRow>
          id="agents"
          rows={data?.rows ?? []}
          columns={columns}
          getRowId={(agent) => agent.id}
          loading={isLoading}
          sort={{ column: query.sortBy, direction: query.sortOrder }}
          onSortChange={onSortChange}
          paging={{
            mode: 'server',
            pageIndex: query.pageIndex,
            pageSize: query.pageSize,
            total: data?.total ?? 0,
            pageSizes: AGENT_PAGE_SIZES,
            onChange: (index, size) => {
              setPageIndex(String(index));
              setPageSize(String(agentPageSize(size)));
            },
          }}
          onRowClick={(agent) => setOpenId(agent.id)}
          rowTestId="agent-row"
        />
      )}
      {opened.error && openId && <ErrorPanel error={opened.error} title="Could not load the agent" />}
      {addAgent === 'true' && !installing && (
        <AgentDrawer
          agent={null}
          canWrite={canWrite}
          onClose={closeDrawer}
          onChanged={() => void mutate()}
          onCreated={(created, values) => {
            setInstalling({ created, values });
            closeDrawer();
          }}
        />
      )}
      {openId && opened.data && opened.data.id === openId && (
        <AgentDrawer
          key={opened.data.id}
          agent={opened.data}
          canWrite={canWrite}
          onClose={closeDrawer}
          onChanged={() => {
            void mutate();
            void opened.mutate();
          }}
          onCreated={() => undefined}
        />
      )}
      {installing && <InstallInstructionsDialog created={installing.created} values={installing.values} onClose={() => setInstalling(null)} />}
    </div>
  );
}
