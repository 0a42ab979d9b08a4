import { fireEvent, render, screen, within } from '@testing-library/react';
import { TestProviders } from '@web/core/testing/TestProviders';
import { JobHistoryTab, type JobRun, jobHistoryKey } from './JobHistoryTab';

const run = (over: Partial<JobRun>): JobRun => ({
  id: 'j1',
  name: 'ConfigScraper',
  status: 'SUCCESS',
  time_start: '2026-01-01T10:00:00Z',
  duration_millis: 120,
  success_count: 3,
  error_count: 0,
  details: null,
  ...over,
});

function open(runs: JobRun[]) {
  render(
    <TestProviders responses={{ [jobHistoryKey('s1')]: runs }}>
      <JobHistoryTab historyKey={jobHistoryKey('s1')} details="modal" />
    </TestProviders>,
  );
}

describe('JobHistoryTab with the job details modal', () => {
  it('asks job_histories for the newest 50 runs of the resource', () => {
    const query = new URL(jobHistoryKey('s1'), 'http://x');
    expect(query.pathname).toBe('/api/db/job_histories');
    expect(Object.fromEntries(query.searchParams)).toEqual({ resource_id: 'eq.s1', order: 'created_at.desc', limit: '50' });
  });

  it('opens on the first tab with content: the scrape summary when there are no errors', async () => {
    open([run({ details: { scrape_summary: { 'File::Config': { added: 2, updated: 1, unchanged: 4, changes: 1, deduped: 0, deleted: 0 } } } })]);
    fireEvent.click(await screen.findByTestId('job-history-row'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: 'Scrape Summary' })).toHaveAttribute('aria-selected', 'true');
    const summary = within(dialog).getByRole('table', { name: 'Scrape summary' });
    expect(within(summary).getByRole('row', { name: /File::Config/ })).toHaveTextContent('File::Config214100');
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Errors' }));
    expect(within(dialog).getByText('No details found')).toBeInTheDocument();
  });

  it('opens on Errors when the run has errors (a list, a map or a string)', async () => {
    open([run({ status: 'FAILED', details: { errors: ['paths: no file matched'], summary: { ok: 1 } } })]);
    fireEvent.click(await screen.findByTestId('job-history-row'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: 'Errors' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByText('paths: no file matched')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Reconcile Summary' }));
    expect(within(dialog).getByText(/"ok": 1/)).toBeInTheDocument();
  });

  it("says 'No details found' for a run without details", async () => {
    open([run({})]);
    fireEvent.click(await screen.findByTestId('job-history-row'));
    expect(await within(await screen.findByRole('dialog')).findByText('No details found')).toBeInTheDocument();
  });
});
