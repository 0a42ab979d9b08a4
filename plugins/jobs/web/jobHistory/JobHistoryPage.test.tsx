import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { JobHistoryRow } from '@web/core/jobs';
import { jsonResponse } from '@web/core/testing/jsonResponse';
import { TestProviders, signedIn } from '@web/core/testing/TestProviders';
import { JOB_NAMES_KEY } from './JobHistoryFilters';
import JobHistoryPage, { NO_JOBS_MESSAGE } from './JobHistoryPage';

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
});

const job = (over: Partial<JobHistoryRow>): JobHistoryRow => ({
  id: 'j1',
  name: 'SyncCanary',
  agent_id: null,
  resource_id: 'c1',
  resource_type: 'canary',
  resource_name: 'web-checks',
  status: 'FAILED',
  time_start: '2026-01-01T10:00:00Z',
  duration_millis: 1500,
  success_count: 2,
  error_count: 1,
  details: { errors: ['connection refused'] },
  created_at: '2026-01-01T10:00:00Z',
  ...over,
});

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}
const query = () => new URLSearchParams(screen.getByTestId('location').textContent ?? '');

/** The job_histories requests the page made, as URLs. */
const historyRequests = () => fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x')).filter((url) => url.pathname === '/api/db/job_histories');
const lastRequest = () => historyRequests().at(-1)!;

/**
 * The opened details modal. A browser moves focus into a dialog as it opens; jsdom under load sometimes misses that,
 * and Fluent's focus manager decides which modal is on top (not aria-hidden) from where focus is.
 */
async function openedDialog() {
  const dialog = await screen.findByRole('dialog', { hidden: true });
  act(() => within(dialog).getByRole('button', { name: 'Close', hidden: true }).focus());
  await waitFor(() => expect(dialog).not.toHaveAttribute('aria-hidden'));
  return dialog;
}

function open(url: string, rows: JobHistoryRow[] | 'error' = [job({})]) {
  fetchMock.mockImplementation(() =>
    rows === 'error'
      ? jsonResponse(500, { message: 'database is down' })
      : jsonResponse(200, rows, { 'content-range': rows.length ? `0-${rows.length - 1}/${rows.length}` : '*/0' }),
  );
  render(
    <MemoryRouter initialEntries={[url]}>
      <TestProviders responses={signedIn(['admin'], { [JOB_NAMES_KEY]: [{ name: 'ScrapeConfig' }, { name: 'SyncCanary' }] })}>
        <Routes>
          <Route
            path="/settings/jobs"
            element={
              <>
                <JobHistoryPage />
                <Location />
              </>
            }
          />
        </Routes>
      </TestProviders>
    </MemoryRouter>,
  );
}

describe('JobHistoryPage', () => {
  it('asks for 50 runs of the last 2 days without successful ones, newest first, with the total', async () => {
    open('/settings/jobs');
    expect(await screen.findByText('SyncCanary')).toBeInTheDocument();
    const url = lastRequest();
    expect(url.searchParams.get('select')).toBe('*');
    expect(url.searchParams.getAll('status')).toEqual(['not.in.(SUCCESS)']);
    expect(url.searchParams.get('limit')).toBe('50');
    expect(url.searchParams.get('offset')).toBe('0');
    expect(url.searchParams.get('order')).toBe('created_at.desc,id.desc');
    const [from] = url.searchParams.getAll('created_at');
    expect(from).toMatch(/^gt\./);
    const twoDaysMs = Date.now() - Date.parse(from.slice(3));
    expect(Math.round(twoDaysMs / 3_600_000)).toBe(48);
    expect(url.searchParams.getAll('created_at')).toHaveLength(1);
    const headers = fetchMock.mock.calls.find(([u]) => String(u).includes('job_histories'))![1].headers;
    expect(new Headers(headers).get('prefer')).toBe('count=exact');
    expect(screen.getByText('web-checks').closest('a')).toHaveAttribute('href', '/settings/canaries/c1');
  });

  it('writes status marks to the URL and asks for them; All clears the filter', async () => {
    open('/settings/jobs');
    await screen.findByText('SyncCanary');
    const status = screen.getByRole('group', { name: 'Status' });
    fireEvent.click(within(status).getByRole('button', { name: 'FAILED: none' }));
    await waitFor(() => expect(query().get('status')).toBe('SUCCESS:-1,FAILED:1'));
    await waitFor(() => expect(lastRequest().searchParams.getAll('status')).toEqual(['in.(FAILED)', 'not.in.(SUCCESS)']));
    // SUCCESS: exclude → none
    fireEvent.click(within(status).getByRole('button', { name: 'SUCCESS: exclude' }));
    await waitFor(() => expect(query().get('status')).toBe('FAILED:1'));
    fireEvent.click(within(status).getByRole('button', { name: 'All' }));
    await waitFor(() => expect(query().get('status')).toBe(''));
    await waitFor(() => expect(lastRequest().searchParams.has('status')).toBe(false));
  });

  it('reads every filter, the sort and the page from the URL', async () => {
    open(
      '/settings/jobs?name=SyncCanary&resourceType=topology&status=RUNNING:1&duration=1m&sortBy=duration_millis&sortOrder=asc&pageIndex=2&rangeType=relative&range=now-1h',
    );
    await screen.findByText('SyncCanary', { selector: '[role=gridcell] *, [role=gridcell]' });
    const url = lastRequest();
    expect(url.searchParams.get('name')).toBe('eq.SyncCanary');
    expect(url.searchParams.get('resource_type')).toBe('eq.topology');
    expect(url.searchParams.getAll('status')).toEqual(['in.(RUNNING)']);
    expect(url.searchParams.get('duration_millis')).toBe('gte.60000');
    expect(url.searchParams.get('order')).toBe('duration_millis.asc,id.desc');
    expect(url.searchParams.get('offset')).toBe('100');
    const from = Date.parse(url.searchParams.get('created_at')!.slice(3));
    expect(Math.round((Date.now() - from) / 60_000)).toBe(60);
  });

  it('writes a chosen job name and resource type to the URL and goes back to the first page', async () => {
    open('/settings/jobs?pageIndex=3');
    await screen.findByText('SyncCanary', { selector: '[role=gridcell] *, [role=gridcell]' });
    fireEvent.click(screen.getByRole('combobox', { name: 'Job Name' }));
    fireEvent.click(await screen.findByRole('option', { name: 'ScrapeConfig' }));
    await waitFor(() => expect(query().get('name')).toBe('ScrapeConfig'));
    expect(query().has('pageIndex')).toBe(false);
    fireEvent.click(screen.getByRole('combobox', { name: 'Resource Type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Config Scraper' }));
    await waitFor(() => expect(query().get('resourceType')).toBe('config_scraper'));
    await waitFor(() => expect(lastRequest().searchParams.get('resource_type')).toBe('eq.config_scraper'));
    expect(lastRequest().searchParams.get('name')).toBe('eq.ScrapeConfig');
    fireEvent.click(screen.getByRole('combobox', { name: 'Duration' }));
    fireEvent.click(await screen.findByRole('option', { name: '5 minutes or more' }));
    await waitFor(() => expect(lastRequest().searchParams.get('duration_millis')).toBe('gte.300000'));
  });

  it('writes a chosen time range to the URL, asks for that window', async () => {
    open('/settings/jobs?pageIndex=1');
    await screen.findByText('SyncCanary', { selector: '[role=gridcell] *, [role=gridcell]' });
    fireEvent.click(screen.getByRole('button', { name: 'Time range: Last 2 days' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Last 5 minutes', hidden: true }));
    await waitFor(() => expect(query().get('range')).toBe('now-5m'));
    expect(query().get('rangeType')).toBe('relative');
    expect(query().has('pageIndex')).toBe(false);
    await waitFor(() => expect(Math.round((Date.now() - Date.parse(lastRequest().searchParams.get('created_at')!.slice(3))) / 60_000)).toBe(5));
  });

  it('opens the details of a clicked run on its first tab with content', async () => {
    open('/settings/jobs', [job({ details: { errors: { 'pod/a': { message: 'forbidden' } }, summary: { deleted: 1 } } })]);
    fireEvent.click(await screen.findByText('SyncCanary'));
    const dialog = await openedDialog();
    expect(within(dialog).getByRole('tab', { name: 'Errors' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByText(/"message": "forbidden"/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('tab', { name: 'Scrape Summary' })).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Reconcile Summary' }));
    expect(within(dialog).getByText(/"deleted": 1/)).toBeInTheDocument();
  });

  it("says 'No details found' for a run without details", async () => {
    open('/settings/jobs', [job({ status: 'SUCCESS', details: null })]);
    fireEvent.click(await screen.findByText('SyncCanary'));
    expect(within(await openedDialog()).getByText('No details found')).toBeInTheDocument();
  });

  it('shows an error panel when the list cannot be loaded', async () => {
    open('/settings/jobs', 'error');
    expect(await screen.findByText('Could not load the job history')).toBeInTheDocument();
  });

  it('shows an empty state when no run matches', async () => {
    open('/settings/jobs', []);
    expect(await screen.findByText(NO_JOBS_MESSAGE)).toBeInTheDocument();
  });
});
