import { useState } from 'react';
import { Button, Caption1, MessageBar, MessageBarBody, Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { Copy20Regular } from '@fluentui/react-icons';
import useSWR from 'swr';
import { AGENT_MESSAGES, type AgentFormValues, type AgentGenerateResponse } from '@contracts';
import type { ApiError } from '@web/core/api';
import { Dialog } from '@web/core/components/Dialog';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { Loading } from '@web/core/components/Loading';
import { useCopyToClipboard } from '@web/core/hooks/useCopyToClipboard';
import { AGENT_CHART_PATH, type AgentChartInfo, getChart } from './agentsApi';
import { AGENT_NAMESPACE, type InstallInput, fluxSnippet, helmSnippet } from './installSnippets';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between' },
  code: {
    margin: 0,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    whiteSpace: 'pre',
    overflow: 'auto',
    maxHeight: '50vh',
  },
  steps: { margin: 0, paddingInlineStart: tokens.spacingHorizontalXL },
});

export interface InstallInstructionsDialogProps {
  created: AgentGenerateResponse;
  values: AgentFormValues;
  onClose(): void;
}

/** After create (spec 02 Agents): how to install the agent with this repository's chart, with the one-time token. */
export function InstallInstructionsDialog({ created, values, onClose }: InstallInstructionsDialogProps) {
  const styles = useStyles();
  const copy = useCopyToClipboard();
  const [tab, setTab] = useState<'flux' | 'helm'>('flux');
  const { data: chart, error } = useSWR<AgentChartInfo, ApiError>(AGENT_CHART_PATH, getChart, { revalidateOnFocus: false });
  const input: InstallInput | null = chart
    ? { chart, upstreamUrl: chart.publicUrl ?? window.location.origin, agentName: created.name, token: created.access_token, form: values }
    : null;
  const text = input ? (tab === 'flux' ? fluxSnippet(input) : helmSnippet(input)) : '';

  return (
    <Dialog open title={AGENT_MESSAGES.installTitle} onClose={onClose} size="medium" modalType="modal" actions={<Button onClick={onClose}>Close</Button>}>
      <div className={styles.body} data-testid="agent-install">
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>{AGENT_MESSAGES.tokenOnce}</MessageBarBody>
        </MessageBar>
        <TabList selectedValue={tab} onTabSelect={(_, data) => setTab(data.value as 'flux' | 'helm')}>
          <Tab value="flux">Flux</Tab>
          <Tab value="helm">Helm CLI</Tab>
        </TabList>
        {error ? (
          <ErrorPanel error={error} title="Could not load the chart" />
        ) : !chart ? (
          <Loading label="Loading the chart..." />
        ) : (
          <>
            <div className={styles.header}>
              <Caption1>
                {chart.chart}
                {chart.version ? ` ${chart.version}` : ''} from {chart.repository.url}
              </Caption1>
              <Button icon={<Copy20Regular />} appearance="subtle" onClick={() => void copy(text)}>
                Copy
              </Button>
            </div>
            <pre className={styles.code} data-testid={`${tab}-snippet`}>
              {text}
            </pre>
          </>
        )}
        <div>
          <strong>Next steps</strong>
          <ol className={styles.steps} data-testid="agent-next-steps">
            {tab === 'flux' ? (
              <li>Commit the manifests above to the repository Flux reconciles in the agent's cluster.</li>
            ) : (
              <li>Run the commands above with kubectl pointing at the agent's cluster.</li>
            )}
            <li>
              Wait for the agent to start: <code>kubectl get pods -n {AGENT_NAMESPACE}</code>.
            </li>
            <li>The agent shows as Online in the Agents list once its first push arrives.</li>
            <li>Its checks, scrapers and topologies then appear in Health, Catalog and Topology, filterable by agent.</li>
          </ol>
        </div>
      </div>
    </Dialog>
  );
}
