import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Role } from '@contracts';
import { jsonResponse } from '@web/core/testing/jsonResponse';
import { TestProviders, signedIn } from '@web/core/testing/TestProviders';
import type { EventQueueStatus, EventQueueSummaryRow } from '../../event-queue';
import EventQueuePage from './EventQueuePage';
import { EVENT_QUEUE_STATUS_KEY, EVENT_QUEUE_SUMMARY_KEY } from './eventQueueApi';

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
});

const failed: EventQueueSummaryRow = {
  name: 'check.failed',
  pending: 1,
  failed: 3,
  average_attempts: 4.5,
  first_failure: '2026-01-01T10:00:00Z',
  last_failure: '2026-01-02T10:00:00Z',
  most_common_error: 'playbooks: peer down',
};
const healthy: EventQueueSummaryRow = {
  ...failed,
  name: 'config.updated',
  pending: 2,
  failed: 0,
  average_attempts: 1,
  first_failure: null,
  last_failure: null,
  most_common_error: null,
};
const status: EventQueueStatus = { pending: 3, failed: 3, exhausted: 1, maxAttempts: 10, consumer: true };

/**
 * A browser moves focus into the prompt as it opens; jsdom sometimes misses that, and Fluent's focus manager decides
 * which modal is on top from where focus is (as the feature flag dialog's tests do).
 */
const confirmFocused = (dialog: HTMLElement) => act(() => within(dialog).getByRole('button', { name: 'Cancel', hidden: true }).focus());

function open(roles: Role[], rows: EventQueueSummaryRow[] = [failed, healthy]) {
  const fetcher = jest.fn((key: string) => {
    const answers: Record<string, unknown> = { ...signedIn(roles), [EVENT_QUEUE_SUMMARY_KEY]: rows, [EVENT_QUEUE_STATUS_KEY]: status };
    return key in answers ? Promise.resolve(answers[key]) : Promise.reject(new Error(`unexpected ${key}`));
  });
  render(
    <MemoryRouter>
      <TestProviders fetcher={fetcher}>
        <EventQueuePage />
      </TestProviders>
    </MemoryRouter>,
  );
  return fetcher;
}

describe('EventQueuePage', () => {
  it("lists the summary by last failure with the consumer's counts", async () => {
    open(['admin']);
    expect(EVENT_QUEUE_SUMMARY_KEY).toBe('/api/db/event_queue_summary?order=last_failure.desc');
    expect(await screen.findByText('check.failed')).toBeInTheDocument();
    expect(screen.getByText('playbooks: peer down')).toBeInTheDocument();
    expect(screen.getByText('4.5', { exact: false })).toBeInTheDocument();
    const counts = screen.getByRole('group', { name: 'Event queue consumer' });
    expect(within(counts).getByLabelText('Pending')).toHaveTextContent('3');
    expect(within(counts).getByLabelText('Given up')).toHaveTextContent('1');
    // Retry only where something failed.
    expect(screen.getAllByRole('button', { name: /^Retry failed/ })).toHaveLength(1);
  });

  it('retries after a confirmation, says how many go out again and refreshes', async () => {
    const fetcher = open(['admin']);
    fetchMock.mockImplementation(() => jsonResponse(200, { name: 'check.failed', retried: 3 }));
    fireEvent.click(await screen.findByRole('button', { name: 'Retry failed check.failed events' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Deliver the 3 failed check.failed events again now?');
    const before = fetcher.mock.calls.length;
    confirmFocused(dialog);
    await waitFor(() => expect(dialog).not.toHaveAttribute('aria-hidden'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('3 failed check.failed events are queued for delivery again')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe('/api/event-queue/check.failed/retry');
    expect(init.method).toBe('POST');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(fetcher.mock.calls.slice(before).map(([key]) => key)).toEqual(expect.arrayContaining([EVENT_QUEUE_SUMMARY_KEY, EVENT_QUEUE_STATUS_KEY]));
  });

  it("shows the server's message when the retry is refused, and keeps the dialog", async () => {
    open(['admin']);
    fetchMock.mockImplementation(() =>
      jsonResponse(404, { statusCode: 404, code: 'no_failed_events', message: 'No failed events named "check.failed" to retry' }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Retry failed check.failed events' }));
    const dialog = await screen.findByRole('alertdialog');
    confirmFocused(dialog);
    await waitFor(() => expect(dialog).not.toHaveAttribute('aria-hidden'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No failed events named "check.failed" to retry')).toBeInTheDocument();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('offers no retry to those who may not write', async () => {
    open(['viewer']);
    expect(await screen.findByText('check.failed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Retry/ })).not.toBeInTheDocument();
  });

  it('shows an empty state when no event is queued', async () => {
    open(['admin'], []);
    expect(await screen.findByText('The event queue is empty')).toBeInTheDocument();
  });
});
