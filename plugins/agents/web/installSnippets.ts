import { stringify } from 'yaml';
import type { AgentFormValues } from '@contracts';
import { AGENT_DEFAULT_SCRAPE_INTERVAL } from '@contracts';
import type { AgentChartInfo } from './agentsApi';

/** Where the agent is installed and what its Helm release is called. */
export const AGENT_NAMESPACE = 'ops-console';
export const AGENT_RELEASE = 'ops-console-agent';
const FLUX_INTERVAL = '30m';

export interface InstallInput {
  chart: AgentChartInfo;
  /** This console's address as the agent reaches it (PUBLIC_URL, else the page's origin). */
  upstreamUrl: string;
  agentName: string;
  token: string;
  form: Pick<AgentFormValues, 'kubernetes' | 'pushTelemetry'>;
}

/** The chart's values for an agent (helm/ops-console: upstream.*, agent.name, kubernetes.*, telemetry.enabled). */
export function agentValues({ upstreamUrl, agentName, token, form }: InstallInput) {
  const kubernetesEnabled = form.kubernetes?.enabled ?? false;
  return {
    upstream: { url: upstreamUrl, username: 'token', password: token },
    agent: { name: agentName },
    kubernetes: { enabled: kubernetesEnabled, ...(kubernetesEnabled ? { interval: form.kubernetes?.interval ?? AGENT_DEFAULT_SCRAPE_INTERVAL } : {}) },
    telemetry: { enabled: form.pushTelemetry?.enabled ?? false },
  };
}

/** The Flux objects: the chart's HelmRepository and a HelmRelease with the agent's values. */
export function fluxSnippet(input: InstallInput): string {
  const { chart } = input;
  const repository = {
    apiVersion: 'source.toolkit.fluxcd.io/v1',
    kind: 'HelmRepository',
    metadata: { name: chart.repository.name, namespace: AGENT_NAMESPACE },
    spec: { interval: FLUX_INTERVAL, url: chart.repository.url },
  };
  const release = {
    apiVersion: 'helm.toolkit.fluxcd.io/v2',
    kind: 'HelmRelease',
    metadata: { name: AGENT_RELEASE, namespace: AGENT_NAMESPACE },
    spec: {
      interval: FLUX_INTERVAL,
      chart: {
        spec: {
          chart: chart.chart,
          ...(chart.version ? { version: chart.version } : {}),
          sourceRef: { kind: 'HelmRepository', name: chart.repository.name, namespace: AGENT_NAMESPACE },
        },
      },
      values: agentValues(input),
    },
  };
  const namespace = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: AGENT_NAMESPACE } };
  return [namespace, repository, release].map((doc) => stringify(doc)).join('---\n');
}

/** A word as the shell reads it back unchanged: bare when safe, else in single quotes. */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Helm's --set splits on commas and reads backslashes: both escaped in a value. */
const helmEscape = (text: string) => text.replace(/\\/g, '\\\\').replace(/,/g, '\\,');

/** `helm repo add`, `helm repo update`, then `helm install` of the chart with the agent's values. */
export function helmSnippet(input: InstallInput): string {
  const { chart } = input;
  const values = agentValues(input);
  const text = (path: string, value: string) => `--set-string ${shellQuote(`${path}=${helmEscape(value)}`)}`;
  const flag = (path: string, value: boolean) => `--set ${path}=${value}`;
  const install = [
    `helm install ${AGENT_RELEASE} ${shellQuote(`${chart.repository.name}/${chart.chart}`)}`,
    `-n ${AGENT_NAMESPACE}`,
    '--create-namespace',
    ...(chart.version ? [`--version ${shellQuote(chart.version)}`] : []),
    text('upstream.url', values.upstream.url),
    text('upstream.username', values.upstream.username),
    text('upstream.password', values.upstream.password),
    text('agent.name', values.agent.name),
    flag('kubernetes.enabled', values.kubernetes.enabled),
    ...(values.kubernetes.interval ? [text('kubernetes.interval', values.kubernetes.interval)] : []),
    flag('telemetry.enabled', values.telemetry.enabled),
  ];
  return [`helm repo add ${shellQuote(chart.repository.name)} ${shellQuote(chart.repository.url)}`, 'helm repo update', install.join(' \\\n  ')].join('\n');
}
