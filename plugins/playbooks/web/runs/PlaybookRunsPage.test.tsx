import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import PlaybookRunsPage from '../pages/PlaybookRunsPage';
import type { PlaybookRunRow } from './runsApi';
import { currentLocation, renderAt } from '@web/core/testing/renderAt';
import { stubFetch } from '@web/core/testing/stubFetch';
import { formatDateTime } from '@web/core/formatDateTime';
import { formatShortDateTime } from './runTimes';
import { PLAYBOOK_ID, RUN_ID } from './testing';

const row = (values: Partial<PlaybookRunRow>): PlaybookRunRow => ({
  id: RUN_ID,
  status: 'completed',
  created_at: '2026-03-01T09:59:00Z',
  start_time: '2026-03-01T10:00:00Z',
  end_time: '2026-03-01T10:01:05Z',
  scheduled_time: '2026-03-01T10:00:00Z',
  config_id: null,
  check_id: null,
  component_id: null,
  created_by: 'u1',
  playbook: { id: PLAYBOOK_ID, name: 'restart-pod', title: 'Restart pod', icon: null },
  creator: { id: 'u1', name: 'Ada Lovelace' },
  ...values,
});

const RUNS = [
  row({ id: 'r1', config_id: 'cfg-1', config: { id: 'cfg-1', name: 'web-0', type: 'Kubernetes::Pod' } }),
  row({ id: 'r2', status: 'failed', check_id: 'chk-1', check: { id: 'chk-1', name: 'api health', type: 'http' } }),
  row({
    id: 'r3',
    status: 'scheduled',
    start_time: null,
    end_time: null,
    scheduled_time: '2026-03-02T08:00:00Z',
    component_id: 'cmp-1',
    component: { id: 'cmp-1', name: 'payments', type: 'Service' },
    creator: null,
    created_by: null,
  }),
];

let api: ReturnType<typeof stubFetch>;
const answer = (runs: PlaybookRunRow[], total?: number) => {
  api = stubFetch(
    [
      ['/api/db/playbook_runs', runs],
      [
        '/api/db/playbook_names',
        [
          { id: PLAYBOOK_ID, name: 'restart-pod', title: 'Restart pod' },
          { id: 'p2', name: 'scale', title: 'Scale deployment' },
        ],
      ],
    ],
    { total },
  );
};
beforeEach(() => {
  answer(RUNS);
  runPageShown.mockClear();
});

const runPageShown = jest.fn();
function RunPageProbe() {
  runPageShown();
  return <span>run page</span>;
}

const openRuns = (search = '') =>
  renderAt(`/playbooks/runs${search}`, [
    { path: '/playbooks/runs', element: <PlaybookRunsPage /> },
    { path: '/playbooks/runs/:id', element: <RunPageProbe /> },
    { path: '/catalog/:id', element: <span>config page</span> },
  ]);
const runRows = () =>
  [...document.querySelectorAll<HTMLElement>('[data-testid="playbook-run-row"]')].sort(
    (a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')),
  );
const listQuery = () => new URLSearchParams(api.last('/api/db/playbook_runs')!.url.split('?')[1]);

describe('PlaybookRunsPage', () => {
  it('lists runs newest first with the spec columns, counting the total on the server', async () => {
    openRuns();
    await waitFor(() => expect(runRows()).toHaveLength(3));
    const headers = screen.getAllByRole('columnheader').map((header) => header.querySelector('.ag-header-cell-text')?.textContent);
    expect(headers).toEqual(['Name', 'Resource', 'Status', 'Date', 'Duration', 'Created At', 'Created By']);
    const query = listQuery();
    expect(query.get('order')).toBe('created_at.desc,id.desc');
    expect(query.get('limit')).toBe('50');
    expect(query.get('offset')).toBe('0');
    expect(query.get('select')).toContain('playbook:playbook_id(id,name,title,icon)');
    expect(api.last('/api/db/playbook_runs')!.headers.Prefer).toBe('count=exact');

    const [first, second, third] = runRows();
    expect(within(first).getByText('Restart pod')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'web-0' })).toHaveAttribute('href', '/catalog/cfg-1');
    expect(within(first).getByText('1m 5s')).toBeInTheDocument();
    expect(within(first).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: 'api health' })).toHaveAttribute('href', '/health?checkId=chk-1');
    expect(within(second).getByText('Failed')).toHaveAttribute('data-status', 'failed');
    expect(within(third).getByRole('link', { name: 'payments' })).toHaveAttribute('href', '/topology?id=cmp-1');
  });

  it('shows the dates short with the whole date as a tooltip, and names, resources and creators with theirs (cut when narrow)', async () => {
    answer([
      row({
        id: 'r1',
        playbook: { id: PLAYBOOK_ID, name: 'restart-pod', title: 'Restart the pod and wait until every replica is ready again', icon: null },
        config_id: 'cfg-1',
        config: { id: 'cfg-1', name: 'web-0-with-a-rather-long-name', type: 'Kubernetes::Pod' },
        creator: { id: 'u1', name: 'Ada Augusta King, Countess of Lovelace' },
      }),
    ]);
    openRuns();
    await waitFor(() => expect(runRows()).toHaveLength(1));
    const [first] = runRows();
    const cell = (column: string) => first.querySelector<HTMLElement>(`[col-id="${column}"]`)!;
    const date = within(cell('start_time')).getByTitle(formatDateTime('2026-03-01T10:00:00Z'));
    expect(date).toHaveTextContent(formatShortDateTime('2026-03-01T10:00:00Z'));
    expect(date.textContent!.length).toBeLessThan(formatDateTime('2026-03-01T10:00:00Z').length);
    expect(within(cell('created_at')).getByTitle(formatDateTime('2026-03-01T09:59:00Z'))).toHaveTextContent(formatShortDateTime('2026-03-01T09:59:00Z'));
    expect(within(cell('name')).getByTitle('Restart the pod and wait until every replica is ready again')).toBeInTheDocument();
    expect(within(cell('resource')).getByTitle('web-0-with-a-rather-long-name')).toContainElement(
      within(cell('resource')).getByRole('link', { name: 'web-0-with-a-rather-long-name' }),
    );
    expect(within(cell('created_by')).getByTitle('Ada Augusta King, Countess of Lovelace')).toHaveTextContent('Ada Augusta King, Countess of Lovelace');
  });

  it('reads the last 7 days by default, and a chosen range from the URL', async () => {
    const before = Date.now();
    openRuns();
    await waitFor(() => expect(api.to('/api/db/playbook_runs')).not.toHaveLength(0));
    const since = Date.parse(
      listQuery()
        .get('created_at')!
        .replace(/^gte\./, ''),
    );
    const week = 7 * 24 * 3600_000;
    expect(since).toBeGreaterThanOrEqual(before - week);
    expect(since).toBeLessThanOrEqual(Date.now() - week);
    expect(screen.getByRole('button', { name: 'Time range: Last 1 week' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Time range: Last 1 week' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Last 1 day' }));
    await waitFor(() => expect(currentLocation()).toBe('/playbooks/runs?rangeType=relative&display=Last+1+day&range=now-1d'));
    await waitFor(() => {
      const day = Date.parse(
        listQuery()
          .get('created_at')!
          .replace(/^gte\./, ''),
      );
      expect(Date.now() - day).toBeLessThan(2 * 24 * 3600_000);
    });
  });

  it('filters by the playbook, status, config and absolute range of a shared link', async () => {
    openRuns(
      `?playbookId=${PLAYBOOK_ID}&status=failed&configId=cfg-1&starts=2026-03-01T00:00:00Z&ends=2026-03-02T00:00:00Z&pageIndex=2&pageSize=25&sort=status.asc`,
    );
    await waitFor(() => expect(api.to('/api/db/playbook_runs')).not.toHaveLength(0));
    const query = listQuery();
    expect(query.get('playbook_id')).toBe(`eq.${PLAYBOOK_ID}`);
    expect(query.get('status')).toBe('eq.failed');
    expect(query.get('config_id')).toBe('eq.cfg-1');
    expect(query.getAll('created_at')).toEqual(['gte.2026-03-01T00:00:00.000Z', 'lte.2026-03-02T00:00:00.000Z']);
    expect(query.get('order')).toBe('status.asc.nullslast,id.desc');
    expect(query.get('limit')).toBe('25');
    expect(query.get('offset')).toBe('50');
    expect(screen.getByRole('button', { name: 'Clear config filter' })).toHaveTextContent('Config: cfg-1');
  });

  it('writes a chosen playbook and status to the URL, back on the first page', async () => {
    openRuns('?pageIndex=3');
    await waitFor(() => expect(runRows()).toHaveLength(3));
    fireEvent.click(screen.getByRole('combobox', { name: 'Playbook' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Scale deployment' }));
    await waitFor(() => expect(currentLocation()).toBe('/playbooks/runs?playbookId=p2'));
    fireEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Pending Approval' }));
    await waitFor(() => expect(currentLocation()).toBe('/playbooks/runs?playbookId=p2&status=pending_approval'));
    await waitFor(() => expect(listQuery().get('status')).toBe('eq.pending_approval'));
    expect(listQuery().get('playbook_id')).toBe('eq.p2');
  });

  it('pages on the server from the content-range total', async () => {
    answer(RUNS, 120);
    openRuns();
    await waitFor(() => expect(runRows()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(currentLocation()).toBe('/playbooks/runs?pageIndex=1'));
    await waitFor(() => expect(listQuery().get('offset')).toBe('50'));
  });

  it('opens the resource, not the run, from the resource link', async () => {
    openRuns();
    await waitFor(() => expect(runRows()).toHaveLength(3));
    fireEvent.click(within(runRows()[0]).getByRole('link', { name: 'web-0' }));
    await waitFor(() => expect(currentLocation()).toBe('/catalog/cfg-1'));
    expect(runPageShown).not.toHaveBeenCalled();
  });

  it('opens the run page when a row is clicked', async () => {
    openRuns();
    await waitFor(() => expect(runRows()).toHaveLength(3));
    fireEvent.click(within(runRows()[1]).getByText('Failed'));
    await waitFor(() => expect(currentLocation()).toBe('/playbooks/runs/r2'));
    expect(runPageShown).toHaveBeenCalled();
  });

  it("says 'No data available' when no run matches", async () => {
    answer([]);
    openRuns();
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });
});
