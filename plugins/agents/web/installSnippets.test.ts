import { parseAllDocuments } from 'yaml';
import { fluxSnippet, helmSnippet, shellQuote, type InstallInput } from './installSnippets';

const input = (overrides: Partial<InstallInput> = {}): InstallInput => ({
  chart: { chart: 'ops-console', version: '0.1.0', repository: { name: 'ops-console', url: 'https://charts.test/ops' }, publicUrl: null },
  upstreamUrl: 'https://console.test',
  agentName: 'edge, eu',
  token: "oc_a'b",
  form: { kubernetes: { enabled: true, interval: '5m' }, pushTelemetry: { enabled: true } },
  ...overrides,
});

describe('agent installation snippets', () => {
  it("gives Flux a Namespace, the chart's HelmRepository and a HelmRelease with the agent's values", () => {
    const docs = parseAllDocuments(fluxSnippet(input())).map((doc) => doc.toJS());
    expect(docs.map((d) => d.kind)).toEqual(['Namespace', 'HelmRepository', 'HelmRelease']);
    expect(docs[1].spec.url).toBe('https://charts.test/ops');
    expect(docs[2].spec.chart.spec).toMatchObject({ chart: 'ops-console', version: '0.1.0', sourceRef: { kind: 'HelmRepository', name: 'ops-console' } });
    expect(docs[2].spec.values).toEqual({
      upstream: { url: 'https://console.test', username: 'token', password: "oc_a'b" },
      agent: { name: 'edge, eu' },
      kubernetes: { enabled: true, interval: '5m' },
      telemetry: { enabled: true },
    });
  });

  it('quotes and escapes what the shell and helm --set would misread', () => {
    const text = helmSnippet(input({ form: { kubernetes: { enabled: false }, pushTelemetry: { enabled: false } } }));
    expect(text).toContain(`--set-string 'upstream.password=oc_a'\\''b'`);
    expect(text).toContain(`--set-string 'agent.name=edge\\, eu'`);
    expect(text).toContain('--set kubernetes.enabled=false');
    expect(text).not.toContain('kubernetes.interval');
    expect(text).toContain('--version 0.1.0');
    expect(shellQuote('plain-1.0')).toBe('plain-1.0');
  });
});
