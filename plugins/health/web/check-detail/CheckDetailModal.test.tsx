import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { INVALID_DURATION_MESSAGE } from '@contracts';
import type { WebPlugin } from '@web/core/plugin-host';
import { SHORT_SCREEN_QUERY } from './CheckDetailModal';
import { gatewayFetch, jsonResponse, openModal } from './testFixtures';

let fetchMock: ReturnType<typeof gatewayFetch>;
function useFetch(mock: ReturnType<typeof gatewayFetch>) {
  fetchMock = mock;
  globalThis.fetch = mock as unknown as typeof fetch;
}
beforeEach(() => useFetch(gatewayFetch()));

const historyCalls = () =>
  fetchMock.mock.calls
    .map(([url]) => String(url))
    .filter((url) => url.startsWith('/api/db/check_statuses'))
    .map((url) => new URL(url, 'http://localhost').searchParams);
const stat = (label: string) => screen.getByTestId(`stat-${label}`);
const select = (name: string) => screen.getByRole('combobox', { name, hidden: true });
const button = (name: string) => screen.getByRole('button', { name, hidden: true });

describe('CheckDetailModal', () => {
  it('shows the check with uptime and latency from the summary', async () => {
    openModal();
    expect(await screen.findByText('payments-api')).toBeInTheDocument();
    await waitFor(() => expect(stat('Uptime')).toHaveTextContent('90.0%'));
    expect(stat('Latency (95%)')).toHaveTextContent('120ms');
    expect(stat('(97%)')).toHaveTextContent('1.5s');
    expect(stat('(99%)')).toHaveTextContent('2s');
    expect(stat('Severity')).toHaveTextContent('high');
    expect(stat('Last Run')).toHaveTextContent('10 minutes ago');
    // The last run is 10 minutes old: the range defaults to 1h, whatever the dashboard showed.
    expect(button('Time Range: Last 1 hour')).toBeInTheDocument();
    const summaryCall = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/canary/api/summary'));
    expect(JSON.parse(String((summaryCall?.[1] as RequestInit).body))).toEqual({ timeRange: '1h', check_id: 'c1' });
  });

  it("says 'Check not found' for an unknown check", async () => {
    openModal({ found: false });
    expect(await screen.findByText('Check not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run Now', hidden: true })).not.toBeInTheDocument();
  });

  it('shows the error when the check cannot be read', async () => {
    openModal({ checkFails: true });
    expect(await screen.findByTestId('error-panel')).toHaveTextContent('Not found');
  });

  it('draws the health overview, or says there is nothing to draw', async () => {
    openModal();
    const chart = await screen.findByTestId('health-overview-chart');
    expect(chart).toHaveAttribute('aria-label', expect.stringContaining('1 passed, 1 failed, 0 invalid'));
    expect(chart.querySelectorAll('rect[data-kind="passed"]')).toHaveLength(1);
    expect(chart.querySelectorAll('rect[data-kind="failed"]')).toHaveLength(1);
    expect(screen.getByTestId('latency-line')).toBeInTheDocument();
  });

  it('says there are no results when the graph is empty', async () => {
    openModal({ points: [] });
    expect(await screen.findByText('No results in this time range')).toBeInTheDocument();
    expect(screen.queryByTestId('health-overview-chart')).not.toBeInTheDocument();
  });

  it('pages the history on the server: 50 a page, with the total', async () => {
    useFetch(gatewayFetch({ historyTotal: 120 }));
    openModal();
    await waitFor(() => expect(screen.getAllByTestId('check-history-row')).toHaveLength(50));
    expect(screen.getByTestId('history-range')).toHaveTextContent('1–50 of 120');
    const [first] = historyCalls();
    expect(first.get('limit')).toBe('50');
    expect(first.get('offset')).toBe('0');
    expect(first.get('check_id')).toBe('eq.c1');
    expect(first.get('order')).toBe('time.desc');

    fireEvent.click(button('Next page'));
    await waitFor(() => expect(screen.getByTestId('history-range')).toHaveTextContent('51–100 of 120'));
    expect(historyCalls().at(-1)?.get('offset')).toBe('50');

    fireEvent.change(select('Page size'), { target: { value: '100' } });
    await waitFor(() => expect(screen.getByTestId('history-range')).toHaveTextContent('1–100 of 120'));
    expect(historyCalls().at(-1)?.get('limit')).toBe('100');
    expect(historyCalls().at(-1)?.get('offset')).toBe('0');
    expect(button('Previous page')).toBeDisabled();
  });

  it('filters the history by status and duration', async () => {
    openModal();
    await waitFor(() => expect(screen.getAllByTestId('check-history-row')).toHaveLength(3));
    fireEvent.change(select('Status'), { target: { value: 'healthy' } });
    await waitFor(() => expect(historyCalls().at(-1)?.get('status')).toBe('eq.true'));
    fireEvent.change(select('Status'), { target: { value: 'unhealthy' } });
    await waitFor(() => expect(historyCalls().at(-1)?.get('status')).toBe('eq.false'));
    fireEvent.change(select('Duration'), { target: { value: '1s' } });
    await waitFor(() => expect(historyCalls().at(-1)?.get('duration')).toBe('gte.1000'));
    const custom = screen.getByRole('textbox', { name: /Custom duration/, hidden: true });
    fireEvent.change(custom, { target: { value: '250ms' } });
    fireEvent.keyDown(custom, { key: 'Enter' });
    await waitFor(() => expect(historyCalls().at(-1)?.get('duration')).toBe('gte.250'));
  });

  it('refuses a duration that is not in ms or s, with the exact message, and sends no request', async () => {
    openModal();
    await waitFor(() => expect(screen.getAllByTestId('check-history-row')).toHaveLength(3));
    const before = historyCalls().length;
    const custom = screen.getByRole('textbox', { name: /Custom duration/, hidden: true });
    fireEvent.change(custom, { target: { value: '5m' } });
    fireEvent.keyDown(custom, { key: 'Enter' });
    expect(await screen.findByText(INVALID_DURATION_MESSAGE)).toBeInTheDocument();
    expect(screen.queryAllByTestId('check-history-row')).toHaveLength(0);
    await act(async () => undefined);
    expect(historyCalls()).toHaveLength(before);
  });

  it('says so when there is no history', async () => {
    useFetch(gatewayFetch({ historyTotal: 0 }));
    openModal();
    expect(await screen.findByText('No history found')).toBeInTheDocument();
  });

  it('hides Run Now from a viewer', async () => {
    openModal({ roles: ['viewer'] });
    expect(await screen.findByText('payments-api')).toBeInTheDocument();
    await waitFor(() => expect(button('Playbooks')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Run Now', hidden: true })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Edit/, hidden: true })).not.toBeInTheDocument();
  });

  it('runs the check for a responder, reading Running… while busy, then refreshes and tells the dashboard', async () => {
    let answer: () => void = () => undefined;
    useFetch(
      gatewayFetch({
        run: () =>
          new Promise(
            (resolve) =>
              (answer = () =>
                resolve(
                  jsonResponse(200, {
                    check_id: 'c1',
                    time: new Date().toISOString(),
                    duration: 12,
                    status: true,
                    invalid: false,
                    message: 'HTTP 200',
                    error: null,
                    details: null,
                  }),
                )),
          ),
      }),
    );
    const onChanged = jest.fn();
    openModal({ roles: ['responder'], onChanged });
    fireEvent.click(await screen.findByRole('button', { name: 'Run Now', hidden: true }));
    expect(await screen.findByRole('button', { name: 'Running…', hidden: true })).toBeDisabled();
    const historyBefore = historyCalls().length;
    await act(async () => answer());
    expect(await screen.findByText('Check passed: HTTP 200')).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalledTimes(1);
    const run = fetchMock.mock.calls.find(([url]) => String(url) === '/api/canary/run/check/c1');
    expect((run?.[1] as RequestInit).method).toBe('POST');
    await waitFor(() => expect(historyCalls().length).toBeGreaterThan(historyBefore));
    expect(button('Run Now')).toBeEnabled();
  });

  it("shows the server's message when Run Now fails", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    useFetch(gatewayFetch({ run: () => jsonResponse(403, { statusCode: 403, message: 'Forbidden resource' }) }));
    const onChanged = jest.fn();
    openModal({ roles: ['editor'], onChanged });
    fireEvent.click(await screen.findByRole('button', { name: 'Run Now', hidden: true }));
    expect(await screen.findByText('Forbidden resource')).toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('links Edit to the canary editor for users who may write canaries', async () => {
    openModal({ roles: ['editor'] });
    expect(await screen.findByRole('link', { name: /Edit/, hidden: true })).toHaveAttribute('href', '/settings/canaries/k1');
  });

  it('shows the spec as YAML and counts the related configs', async () => {
    openModal({ relationships: [{ config_id: 'cfg1', selector_id: 'manual', config: { id: 'cfg1', name: 'nginx', type: 'Kubernetes::Deployment' } }] });
    fireEvent.click(await screen.findByRole('tab', { name: 'Spec', hidden: true }));
    expect(screen.getByTestId('check-spec')).toHaveTextContent('url: http://localhost:8080');
    fireEvent.click(await screen.findByRole('tab', { name: 'Relationships (1)', hidden: true }));
    expect(screen.getByRole('link', { name: 'nginx', hidden: true })).toHaveAttribute('href', '/catalog/cfg1');
  });

  it('lists related topology components with the configs', async () => {
    openModal({
      relationships: [{ config_id: 'cfg1', selector_id: 'manual', config: { id: 'cfg1', name: 'nginx', type: 'Kubernetes::Deployment' } }],
      components: [{ component_id: 'cmp1', selector_id: 'sel', component: { id: 'cmp1', name: 'checkout service', type: 'Service', icon: null } }],
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Relationships (2)', hidden: true }));
    expect(within(screen.getByRole('list', { name: 'Related components', hidden: true })).getByText('checkout service')).toBeInTheDocument();
  });

  it('offers Attach as evidence when the incidents dialog is there and the user may write incidents', async () => {
    const received: unknown[] = [];
    const incidents: WebPlugin = {
      manifest: { id: 'incidents', title: 'Incidents', feature: 'incidents' },
      register(ctx) {
        ctx.add('incident.linkDialog', {
          id: 'incidents',
          permission: { resource: 'incident', action: 'write' },
          load: async () => ({
            default: (props: { evidence: unknown }) => {
              received.push(props.evidence);
              return <div>link dialog</div>;
            },
          }),
        });
      },
    };
    openModal({ roles: ['responder'], plugins: [incidents] });
    fireEvent.click(await screen.findByRole('button', { name: 'Attach as evidence', hidden: true }));
    expect(await screen.findByText('link dialog')).toBeInTheDocument();
    expect(received.at(-1)).toEqual({ type: 'check', check_id: 'c1', description: 'payments-api' });
  });

  it('hides Attach as evidence from a viewer', async () => {
    const incidents: WebPlugin = {
      manifest: { id: 'incidents', title: 'Incidents', feature: 'incidents' },
      register(ctx) {
        ctx.add('incident.linkDialog', { id: 'incidents', permission: { resource: 'incident', action: 'write' }, load: async () => ({ default: () => null }) });
      },
    };
    openModal({ roles: ['viewer'], plugins: [incidents] });
    await waitFor(() => expect(button('Playbooks')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Attach as evidence', hidden: true })).not.toBeInTheDocument();
  });

  it('keeps Playbooks disabled and says why when no run button is contributed', async () => {
    openModal();
    const playbooks = await waitFor(() => button('Playbooks'));
    expect(playbooks).toHaveAttribute('aria-disabled', 'true');
    expect(playbooks).toHaveAccessibleDescription('No playbooks for this check');
  });

  const playbooksPlugin = (received: unknown[]): WebPlugin => ({
    manifest: { id: 'playbooks', title: 'Playbooks', feature: 'playbooks' },
    register(ctx) {
      ctx.add('playbooks.runButton', {
        id: 'playbooks',
        permission: { resource: 'playbook_runs', action: 'write' },
        load: async () => ({
          default: (props: unknown) => {
            received.push(props);
            return <button type="button">Run a playbook</button>;
          },
        }),
      });
    },
  });

  it('places the playbooks run button on the check for a user who may run playbooks', async () => {
    const received: unknown[] = [];
    openModal({ roles: ['editor'], plugins: [playbooksPlugin(received)] });
    expect(await screen.findByRole('button', { name: 'Run a playbook', hidden: true })).toBeInTheDocument();
    expect(received.at(-1)).toEqual({ resource: { kind: 'check', id: 'c1', name: 'payments-api' }, appearance: 'menu' });
    expect(screen.queryByRole('button', { name: 'Playbooks', hidden: true })).not.toBeInTheDocument();
  });

  it('keeps the disabled Playbooks button for a user who may not run playbooks', async () => {
    const received: unknown[] = [];
    openModal({ roles: ['viewer'], plugins: [playbooksPlugin(received)] });
    await waitFor(() => expect(button('Playbooks')).toHaveAttribute('aria-disabled', 'true'));
    expect(screen.queryByRole('button', { name: 'Run a playbook', hidden: true })).not.toBeInTheDocument();
    expect(received).toHaveLength(0);
  });

  it('closes on Escape', async () => {
    const { onClose } = openModal();
    expect(await screen.findByText('payments-api')).toBeInTheDocument();
    fireEvent.keyDown(screen.getByRole('dialog', { hidden: true }), { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('moves the chart into a Graph tab on short screens', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query === SHORT_SCREEN_QUERY })) as typeof window.matchMedia;
    try {
      openModal();
      const graphTab = await screen.findByRole('tab', { name: 'Graph', hidden: true });
      expect(screen.queryByTestId('health-overview-chart')).not.toBeInTheDocument();
      fireEvent.click(graphTab);
      expect(await screen.findByTestId('health-overview-chart')).toBeInTheDocument();
    } finally {
      window.matchMedia = original;
    }
  });

  it('has no Graph tab on tall screens, where the chart sits above the tabs', async () => {
    openModal();
    expect(await screen.findByTestId('health-overview-chart')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Graph', hidden: true })).not.toBeInTheDocument();
  });
});
