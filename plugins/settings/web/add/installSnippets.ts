import { stringify } from 'yaml';
import { type IntegrationChart, leaves } from './chartValues';

/** Spec 03 §9 GitOps defaults. */
export const GITOPS_DEFAULT_NAMESPACE = 'mission-control';
export const GITOPS_INTERVAL = '30m';

/** A Kubernetes namespace: a DNS label (RFC 1123), at most 63 characters. */
export const NAMESPACE_PATTERN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
export function namespaceProblem(namespace: string): string | null {
  if (!namespace.trim()) return 'This field is required';
  if (namespace.length > 63 || !NAMESPACE_PATTERN.test(namespace)) {
    return 'A namespace is lowercase letters, digits and "-", starting and ending with a letter or digit (at most 63)';
  }
  return null;
}

/** The Flux objects: the chart's HelmRepository and a HelmRelease of the chart with the values set, both every 30m. */
export function fluxSnippet(chart: IntegrationChart, namespace: string, values: Record<string, unknown>): string {
  const repository = {
    apiVersion: 'source.toolkit.fluxcd.io/v1',
    kind: 'HelmRepository',
    metadata: { name: chart.repository.name, namespace },
    spec: { interval: GITOPS_INTERVAL, url: chart.repository.url },
  };
  const release = {
    apiVersion: 'helm.toolkit.fluxcd.io/v2',
    kind: 'HelmRelease',
    metadata: { name: chart.chart, namespace },
    spec: {
      interval: GITOPS_INTERVAL,
      chart: {
        spec: {
          chart: chart.chart,
          ...(chart.version ? { version: chart.version } : {}),
          sourceRef: { kind: 'HelmRepository', name: chart.repository.name, namespace },
        },
      },
      ...(Object.keys(values).length ? { values } : {}),
    },
  };
  return `${stringify(repository)}---\n${stringify(release)}`;
}

/** A word as the shell reads it back unchanged: bare when safe, else in single quotes. */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Helm's --set splits on commas and reads backslashes: both escaped in a value. */
const helmEscape = (text: string) => text.replace(/\\/g, '\\\\').replace(/,/g, '\\,');

/** One `--set` (or `--set-string`, for text helm would read as a number, boolean or null) per value. */
export function helmSetArgs(values: Record<string, unknown>): string[] {
  return leaves(values).map(([path, value]) => {
    if (Array.isArray(value)) return `--set ${shellQuote(`${path}={${value.map((item) => helmEscape(String(item))).join(',')}}`)}`;
    if (typeof value === 'string') {
      const flag = /^(true|false|null|~|[-+]?\d[\d_]*(\.\d+)?([eE][-+]?\d+)?)$/i.test(value.trim()) ? '--set-string' : '--set';
      return `${flag} ${shellQuote(`${path}=${helmEscape(value)}`)}`;
    }
    return `--set ${shellQuote(`${path}=${String(value)}`)}`;
  });
}

/** `helm repo add`, then `helm install` of the chart into the namespace with the values set. */
export function helmSnippet(chart: IntegrationChart, namespace: string, values: Record<string, unknown>): string {
  const install = [
    `helm install ${shellQuote(chart.chart)} ${shellQuote(`${chart.repository.name}/${chart.chart}`)}`,
    `-n ${shellQuote(namespace)}`,
    '--create-namespace',
    ...(chart.version ? [`--version ${shellQuote(chart.version)}`] : []),
    ...helmSetArgs(values),
  ];
  return [`helm repo add ${shellQuote(chart.repository.name)} ${shellQuote(chart.repository.url)}`, 'helm repo update', install.join(' \\\n  ')].join('\n');
}
