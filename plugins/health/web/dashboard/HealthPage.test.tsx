import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { CheckSummary, Role } from '@contracts';
import { Database20Regular, Globe20Regular } from '@fluentui/react-icons';
import { PluginRegistry, PluginRegistryProvider, definePlugin } from '@web/core/plugin-host';
import { TestProviders, signedIn } from '@web/core/testing/TestProviders';
import HealthPage, { NO_CHECKS_MESSAGE, NO_MATCHING_CHECKS_MESSAGE } from './HealthPage';
import { REFRESH_STORAGE_KEY } from './refresh';
import { SEARCH_PLACEHOLDER } from './SearchBox';
import { EXPAND_ALL_UP_TO } from './HealthTable';
import { summaryCheck } from './testChecks';
import { jsonResponse } from '@web/core/testing/jsonResponse';

jest.mock('../check-detail/CheckDetailModal', () => ({
  __esModule: true,
  default: ({ checkId, onClose }: { checkId: string; onClose(): void }) => (
    <div data-testid="check-detail">
      {checkId}
      <button onClick={onClose}>Close detail</button>
    </div>
  ),
}));

const api = summaryCheck({ id: 'a', name: 'api', canary_name: 'web', endpoint: 'https://api.example.com' });
const home = summaryCheck({
  id: 'b',
  name: 'home',
  canary_name: 'web',
  status: 'unhealthy',
  uptime: { passed: 3, failed: 1, last_pass: null, last_fail: null },
});
const db = summaryCheck({
  id: 'c',
  name: 'db',
  canary_name: 'data',
  namespace: 'data-ns',
  type: 'postgres',
  status: 'unhealthy',
  description: 'orders database',
});

const fetchMock = jest.fn();
function answerWith(checks: CheckSummary[]) {
  fetchMock.mockImplementation(() => jsonResponse(200, { checks_summary: checks }));
}
beforeEach(() => {
  fetchMock.mockReset();
  answerWith([api, home, db]);
  globalThis.fetch = fetchMock;
});

/** Check types contributed the way check-http and check-postgres do (their icons show beside the checks). */
const registry = new PluginRegistry([
  definePlugin({
    manifest: { id: 'test-check-types', title: 'Check types' },
    register(ctx) {
      ctx.add('health.checkTypes', { id: 'http', label: 'HTTP', icon: Globe20Regular });
      ctx.add('health.checkTypes', { id: 'postgres', label: 'Postgres', icon: Database20Regular });
    },
  }),
]);

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function openPage(search = '', roles: Role[] = ['editor']) {
  render(
    <MemoryRouter initialEntries={[`/health${search}`]}>
      <TestProviders responses={signedIn(roles)}>
        <PluginRegistryProvider registry={registry}>
          <Routes>
            <Route
              path="/health"
              element={
                <>
                  <HealthPage />
                  <LocationProbe />
                </>
              }
            />
          </Routes>
        </PluginRegistryProvider>
      </TestProviders>
    </MemoryRouter>,
  );
}

// The shared table (ag-grid) names its rows by id (`row:<check id>` for checks, `group:<key>` for groups) and places
// them by index (the DOM keeps the order they were first drawn in); in jsdom it draws the first rows only.
const inOrder = (selector: string) =>
  [...document.querySelectorAll<HTMLElement>(selector)].sort((a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')));
const rows = () => inOrder('[data-testid="health-check-row"]');
const groupRows = () => inOrder('[role="row"][row-id^="group:"]');
/** Rows the table holds, drawn or not (ag-grid counts the header row too). */
const tableRowCount = () => Number(document.querySelector('[aria-rowcount]')?.getAttribute('aria-rowcount')) - 1;
const checkIdOf = (row: HTMLElement) => row.getAttribute('row-id')?.replace(/^row:/, '');
const groupKeyOf = (row: HTMLElement) => row.getAttribute('row-id')?.replace(/^group:/, '');
const groupToggle = (row: HTMLElement) => within(row).getByRole('button', { name: /group/ });
const rowNamed = (name: string) => rows().find((row) => within(row).queryByText(name));
const location = () => screen.getByTestId('location').textContent ?? '';

describe('HealthPage', () => {
  it('asks for the summary of the default range and lists failing checks with their health', async () => {
    openPage();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(fetchMock).toHaveBeenCalledWith('/api/canary/api/summary', expect.objectContaining({ method: 'POST', body: JSON.stringify({ timeRange: '1h' }) }));
    const homeRow = rowNamed('home')!;
    expect(checkIdOf(homeRow)).toBe('b');
    expect(within(homeRow).getByText('unhealthy')).toBeInTheDocument();
    expect(within(homeRow).getByText('75.0%')).toBeInTheDocument();
    expect(rowNamed('api')).toBeUndefined();
  });

  it('Hide Passing is on by default; turning it off shows healthy checks and is kept in the URL', async () => {
    openPage();
    const hidePassing = await screen.findByRole('switch', { name: 'Hide Passing' });
    expect(hidePassing).toBeChecked();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(hidePassing);
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(within(rowNamed('api')!).getByText('healthy')).toBeInTheDocument();
    expect(location()).toContain('hidePassing=false');
  });

  it('group rows show fully passing out of total and collapse on click', async () => {
    openPage('?hidePassing=false');
    await waitFor(() => expect(rows()).toHaveLength(3));
    const groups = groupRows();
    expect(groups.map(groupKeyOf)).toEqual(['data', 'web']);
    const web = groups[1];
    expect(within(web).getByTestId('group-passing')).toHaveTextContent('1/2');
    expect(within(web).getByText('mixed')).toBeInTheDocument();
    expect(within(groups[0]).getByText('bad')).toBeInTheDocument();
    fireEvent.click(web);
    await waitFor(() => expect(groupToggle(web)).toHaveAttribute('aria-expanded', 'false'));
    expect(rows().map(checkIdOf)).toEqual(['c']);
    fireEvent.click(web);
    await waitFor(() => expect(rows()).toHaveLength(3));
  });

  it('starts groups collapsed when there are more checks than it renders at once, and expands one on click', async () => {
    const many = Array.from({ length: EXPAND_ALL_UP_TO + 1 }, (_, i) => summaryCheck({ id: `m${i}`, name: `m${i}`, canary_name: i % 2 ? 'odd' : 'even' }));
    answerWith(many);
    openPage('?hidePassing=false');
    await waitFor(() => expect(groupRows()).toHaveLength(2));
    expect(rows()).toHaveLength(0);
    const [even] = groupRows();
    expect(groupToggle(even)).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(even);
    await waitFor(() => expect(tableRowCount()).toBe(2 + Math.ceil((EXPAND_ALL_UP_TO + 1) / 2)));
    expect(groupToggle(even)).toHaveAttribute('aria-expanded', 'true');
  });

  it('searches name, description and endpoint after the typing stops', async () => {
    openPage('?hidePassing=false');
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.change(screen.getByPlaceholderText(SEARCH_PLACEHOLDER), { target: { value: 'orders' } });
    await waitFor(() => expect(rows().map((r) => checkIdOf(r))).toEqual(['c']));
    expect(location()).toContain('query=orders');
    fireEvent.change(screen.getByPlaceholderText(SEARCH_PLACEHOLDER), { target: { value: 'api.example' } });
    await waitFor(() => expect(rows().map((r) => checkIdOf(r))).toEqual(['a']));
  });

  it('says when the filters hide every check', async () => {
    answerWith([api]);
    openPage();
    expect(await screen.findByText(NO_MATCHING_CHECKS_MESSAGE)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show passing checks' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('opens the check detail from a row click or Enter, and closing it removes checkId', async () => {
    openPage();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByText('home'));
    await waitFor(() => expect(location()).toContain('checkId=b'));
    expect(await screen.findByTestId('check-detail')).toHaveTextContent('b');
    fireEvent.click(screen.getByRole('button', { name: 'Close detail' }));
    expect(location()).not.toContain('checkId');
    await waitFor(() => expect(screen.queryByTestId('check-detail')).not.toBeInTheDocument());
    fireEvent.keyDown(within(rowNamed('db')!).getByText('db'), { key: 'Enter' });
    await waitFor(() => expect(location()).toContain('checkId=c'));
  });

  it('disables 15s and 30s refresh for ranges of an hour or more, and remembers the rate in the browser', async () => {
    openPage();
    const refresh = await screen.findByRole('combobox', { name: 'Refresh' });
    const option = (label: string) => within(refresh).getByRole('option', { name: label }) as HTMLOptionElement;
    expect(option('15s').disabled).toBe(true);
    expect(option('30s').disabled).toBe(true);
    expect(option('60s').disabled).toBe(false);
    expect(option('None').disabled).toBe(false);
    fireEvent.change(refresh, { target: { value: '2m' } });
    expect(JSON.parse(window.localStorage.getItem(REFRESH_STORAGE_KEY) ?? 'null')).toBe('2m');

    fireEvent.click(screen.getByRole('button', { name: 'Time Range: Last 1 hour' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Last 15 minutes' }));
    expect(location()).toContain('rangeType=relative&display=Last+15+minutes&range=now-15m');
    expect(option('15s').disabled).toBe(false);
    expect(option('30s').disabled).toBe(false);
    await waitFor(() => expect(screen.queryByTestId('health-refreshing')).not.toBeInTheDocument());
    expect(JSON.parse(fetchMock.mock.lastCall[1].body)).toEqual({ timeRange: '15m' });
  });

  it('opens a link with the former timeRange parameter on its range, and one with the picker parameters', async () => {
    openPage('?timeRange=15m');
    await waitFor(() => expect(JSON.parse(fetchMock.mock.lastCall[1].body)).toEqual({ timeRange: '15m' }));
    expect(screen.getByRole('button', { name: 'Time Range: Last 15 minutes' })).toBeInTheDocument();
    cleanup();
    fetchMock.mockClear();
    openPage('?rangeType=relative&range=now-2w');
    await waitFor(() => expect(JSON.parse(fetchMock.mock.lastCall[1].body)).toEqual({ timeRange: '2w' }));
  });

  it('aborts the request in flight when the range changes', async () => {
    fetchMock.mockImplementation(() => new Promise(() => undefined));
    openPage();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const firstSignal = fetchMock.mock.calls[0][1].signal as AbortSignal;
    expect(firstSignal.aborted).toBe(false);
    expect(screen.getByTestId('loading')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Time Range: Last 1 hour' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Last 1 day' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(firstSignal.aborted).toBe(true);
    expect(JSON.parse(fetchMock.mock.calls[1][1].body)).toEqual({ timeRange: '1d' });
  });

  it('re-reads the summary at the stored refresh rate', async () => {
    window.localStorage.setItem(REFRESH_STORAGE_KEY, JSON.stringify('60s'));
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      openPage();
      await act(async () => undefined);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await act(async () => jest.advanceTimersByTime(60_000));
      expect(fetchMock).toHaveBeenCalledTimes(2);
      await act(async () => undefined);
    } finally {
      jest.useRealTimers();
    }
  });

  it('does not abort a slow read on the next tick: the tick skips while it runs', async () => {
    window.localStorage.setItem(REFRESH_STORAGE_KEY, JSON.stringify('15s'));
    fetchMock.mockImplementation(() => new Promise(() => undefined));
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      openPage('?timeRange=15m');
      await act(async () => undefined);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      // two ticks pass (the client's own 30 s request timeout has not yet)
      await act(async () => jest.advanceTimersByTime(29_000));
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect((fetchMock.mock.calls[0][1].signal as AbortSignal).aborted).toBe(false);
    } finally {
      jest.useRealTimers();
    }
  });

  it('filters by tab, All first then alphabetical', async () => {
    openPage('?hidePassing=false');
    await waitFor(() => expect(rows()).toHaveLength(3));
    const tabs = screen.getAllByRole('tab');
    expect(tabs).toHaveLength(3);
    ['All', 'data-ns', 'default'].forEach((name, index) => expect(tabs[index]).toHaveAccessibleName(name));
    fireEvent.click(screen.getByRole('tab', { name: 'data-ns' }));
    await waitFor(() => expect(rows().map((r) => checkIdOf(r))).toEqual(['c']));
    expect(location()).toContain('tab=data-ns');
  });

  it('filters by label from the multi-select, including or excluding, and by boolean labels', async () => {
    answerWith([
      summaryCheck({ id: 'p', name: 'prod api', status: 'unhealthy', labels: { env: 'prod', critical: 'true' } }),
      summaryCheck({ id: 's', name: 'staging api', status: 'unhealthy', labels: { env: 'staging' } }),
    ]);
    openPage();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'All labels' }));
    const prod = await screen.findByRole('button', { name: /^env: prod \(1\)/ });
    fireEvent.click(prod);
    await waitFor(() => expect(rows().map((r) => checkIdOf(r))).toEqual(['p']));
    expect(JSON.parse(new URLSearchParams(location()).get('labels') ?? '{}')).toEqual({ 'env=prod': 1 });
    fireEvent.click(prod);
    await waitFor(() => expect(rows().map((r) => checkIdOf(r))).toEqual(['s']));
    expect(JSON.parse(new URLSearchParams(location()).get('labels') ?? '{}')).toEqual({ 'env=prod': -1 });
    // Values of one key are alternatives: selecting all of them shows every check carrying the key.
    fireEvent.click(screen.getByLabelText('Select all'));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(JSON.parse(new URLSearchParams(location()).get('labels') ?? '{}')).toEqual({ 'env=prod': 1, 'env=staging': 1 });
    fireEvent.click(screen.getByLabelText('Select all'));
    expect(location()).not.toContain('labels');

    fireEvent.click(within(screen.getByRole('group', { name: 'Boolean labels' })).getByRole('button', { name: /^critical/ }));
    await waitFor(() => expect(rows().map((r) => checkIdOf(r))).toEqual(['p']));
  });

  it('reads label, sort and status filters from a shared link', async () => {
    answerWith([
      summaryCheck({ id: 'p', name: 'prod api', labels: { env: 'prod' }, latency: { p50: 1, p95: 10, p97: null, p99: null } }),
      summaryCheck({ id: 'q', name: 'prod db', labels: { env: 'prod' }, latency: { p50: 1, p95: 500, p97: null, p99: null } }),
      summaryCheck({ id: 's', name: 'staging api', status: 'unhealthy', labels: { env: 'staging' } }),
    ]);
    const labels = encodeURIComponent(JSON.stringify({ 'env=prod': 1 }));
    openPage(`?labels=${labels}&status=healthy&groupBy=no-group&sortBy=latency&sortDesc=true`);
    await waitFor(() => expect(rows().map((r) => checkIdOf(r))).toEqual(['q', 'p']));
    expect(screen.getByRole('switch', { name: 'Hide Passing' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Clear status filter healthy' }));
    await waitFor(() => expect(rows()).toHaveLength(0));
  });

  it('sorts by a column header click, kept in the URL', async () => {
    openPage('?groupBy=no-group&hidePassing=false');
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows().map((r) => checkIdOf(r))).toEqual(['a', 'c', 'b']);
    const header = (name: string) => within(screen.getByRole('columnheader', { name })).getByText(name);
    fireEvent.click(header('Checks'));
    await waitFor(() => expect(rows().map((r) => checkIdOf(r))).toEqual(['b', 'c', 'a']));
    expect(location()).toContain('sortDesc=true');
    expect(screen.getByRole('columnheader', { name: 'Checks' })).toHaveAttribute('aria-sort', 'descending');
    fireEvent.click(header('Health'));
    // The table reports a header click after the click (ag-grid's events are asynchronous).
    await waitFor(() => expect(location()).toContain('sortBy=status'));
    await waitFor(() => expect(checkIdOf(rows()[2])).toBe('a'));
  });

  it('shows cards in the card layout', async () => {
    openPage('?layout=card&hidePassing=false');
    await waitFor(() => expect(screen.getAllByTestId('health-check-card')).toHaveLength(3));
    expect(screen.getAllByTestId('health-check-card').map((c) => c.getAttribute('data-colour'))).toEqual(['green', 'red', 'red']);
  });

  it('offers Add check to writers of canaries only', async () => {
    openPage('', ['editor']);
    expect(await screen.findByRole('link', { name: 'Add check' })).toHaveAttribute('href', '/settings/canaries/new');
  });

  it('hides Add check from a viewer', async () => {
    openPage('', ['viewer']);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByRole('link', { name: 'Add check' })).not.toBeInTheDocument();
  });

  it('says there are no checks yet, with Add check when permitted', async () => {
    answerWith([]);
    openPage();
    expect(await screen.findByText(NO_CHECKS_MESSAGE)).toBeInTheDocument();
    expect(await within(screen.getByTestId('empty-state')).findByRole('link', { name: 'Add check' })).toBeInTheDocument();
  });

  it('says there are no checks yet without Add check for a viewer', async () => {
    answerWith([]);
    openPage('', ['viewer']);
    expect(await screen.findByText(NO_CHECKS_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add check' })).not.toBeInTheDocument();
  });

  it('shows the error when the summary fails', async () => {
    fetchMock.mockImplementation(() => jsonResponse(500, { message: 'database is down' }));
    openPage();
    expect(await screen.findByTestId('error-panel')).toHaveTextContent('database is down');
  });
});
