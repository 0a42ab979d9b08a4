import { fireEvent, render, screen, within } from '@testing-library/react';
import { TestProviders } from '@web/core/testing/TestProviders';
import { JobDetailsModal } from './JobDetailsModal';
import { JobStatusBadge } from './JobStatusBadge';
import { JobStatusCell } from './JobStatusCell';
import { jobStatusColor } from './jobStatus';

function open(details: unknown) {
  render(
    <TestProviders>
      <JobDetailsModal job={{ name: 'ConfigScraper', resource_name: 'kubernetes', details }} onClose={() => undefined} />
    </TestProviders>,
  );
  return screen.getByRole('dialog');
}

describe('JobDetailsModal', () => {
  it('shows only the tabs with content and opens the first of them', () => {
    const dialog = open({ scrape_summary: { 'Kubernetes::Pod': { added: 2, updated: 1 } }, summary: { deleted: 3 } });
    expect(within(dialog).queryByRole('tab', { name: 'Errors' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: 'Scrape Summary' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('row', { name: /Kubernetes::Pod/ })).toHaveTextContent('Kubernetes::Pod210000');
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Reconcile Summary' }));
    expect(within(dialog).getByText(/"deleted": 3/)).toBeInTheDocument();
  });

  it('opens on Errors, whether they are a list, a map of objects or a string', () => {
    const dialog = open({ errors: { 'pod/a': { message: 'forbidden' }, 'pod/b': 'timeout' }, summary: { ok: 1 } });
    expect(within(dialog).getByRole('tab', { name: 'Errors' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByText('pod/a')).toBeInTheDocument();
    expect(within(dialog).getByText(/"message": "forbidden"/)).toBeInTheDocument();
    expect(within(dialog).getByText(/timeout/)).toBeInTheDocument();
  });

  it('lists errors given as a list and shows a plain string as it is', () => {
    const list = open({ errors: ['first failure', 'second failure'] });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['first failure', 'second failure']);
  });

  it("says 'No details found' without tabs when the job has no details (null, empty errors, empty summaries)", () => {
    const dialog = open({ errors: [], scrape_summary: {}, summary: null });
    expect(within(dialog).getByText('No details found')).toBeInTheDocument();
    expect(within(dialog).queryByRole('tab')).not.toBeInTheDocument();
  });

  it('is closed without a job', () => {
    render(
      <TestProviders>
        <JobDetailsModal job={null} onClose={() => undefined} />
      </TestProviders>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('JobStatusBadge and JobStatusCell', () => {
  it.each([
    ['RUNNING', 'warning'],
    ['WARNING', 'severe'],
    ['SUCCESS', 'success'],
    ['FAILED', 'danger'],
    ['STOPPED', 'danger'],
  ])('colours %s as %s (spec 03 §4)', (status, colour) => {
    expect(jobStatusColor(status)).toBe(colour);
    render(<JobStatusBadge status={status} />);
    expect(screen.getByText(status)).toHaveAttribute('data-status', status);
  });

  it("offers '(View details)' only when the job has details, and it opens the modal", () => {
    render(
      <TestProviders>
        <JobStatusCell status="SUCCESS" job={{ name: 'Sync', details: null }} />
        <JobStatusCell status="FAILED" job={{ name: 'Scrape', details: { errors: 'connection refused' } }} />
      </TestProviders>,
    );
    expect(screen.getAllByRole('button', { name: '(View details)' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '(View details)' }));
    expect(within(screen.getByRole('dialog')).getByText('connection refused')).toBeInTheDocument();
  });
});
