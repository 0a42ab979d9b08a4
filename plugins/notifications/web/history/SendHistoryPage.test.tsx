import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { currentLocation, renderAt } from '@web/core/testing/renderAt';
import { stubFetch } from '@web/core/testing/stubFetch';
import type { HistoryRow, HistorySummaryRow } from './historyApi';
import { BELL_ONLY } from './SendHistoryDetails';
import SendHistoryPage from './SendHistoryPage';

const RULE_ID = '11111111-1111-4111-8111-111111111111';

const row = (values: Partial<HistoryRow>): HistoryRow => ({
  id: 'h1',
  notification_id: RULE_ID,
  status: 'sent',
  source_event: 'check.failed',
  event_id: 'e1',
  resource_id: 'chk-1',
  resource_type: 'check',
  resource: { id: 'chk-1', name: 'api health' },
  person_id: 'p1',
  recipient: 'person:p1',
  channel: 'email',
  title: 'Check api health failed',
  body: '**api health** is <b>down</b>\n\n[Open](/health?checkId=chk-1)',
  error: null,
  attempts: 1,
  duration_millis: 850,
  count: 1,
  first_observed: new Date(Date.now() - 3 * 3600_000).toISOString(),
  created_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
  updated_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
  notification: { id: RULE_ID, name: 'api down' },
  person: { id: 'p1', name: 'Ada Lovelace' },
  ...values,
});

const ROWS = [
  row({}),
  row({
    id: 'h2',
    status: 'repeat-interval',
    resource_type: 'config',
    resource_id: 'cfg-1',
    resource: { id: 'cfg-1', name: 'web-0' },
    recipient: 'custom:ops-slack',
    channel: 'slack',
    person_id: null,
    person: null,
    attempts: 0,
    duration_millis: null,
  }),
  row({
    id: 'h3',
    status: 'error',
    resource_type: 'component',
    resource_id: 'cmp-1',
    resource: { id: 'cmp-1', name: 'payments' },
    error: 'slack: 404 channel_not_found',
    attempts: 3,
  }),
];

const SUMMARY: HistorySummaryRow[] = [
  { resource_type: 'check', status: 'sent', count: 4 },
  { resource_type: 'check', status: 'error', count: 1 },
  { resource_type: 'config', status: 'repeat-interval', count: 2 },
  { resource_type: 'component', status: 'error', count: 3 },
];

let api: ReturnType<typeof stubFetch>;
beforeEach(() => {
  api = stubFetch([
    ['/api/notifications/history/summary', SUMMARY],
    ['/api/notifications/history/h3', ROWS[2]],
    ['/api/notifications/history/h8', row({ id: 'h8', title: 'Bell only', channel: 'console' })],
    ['/api/notifications/history/h9', row({ id: 'h9', title: 'Shared link', error: 'timeout after 3 attempts', status: 'error', attempts: 3 })],
    ['/api/notifications/history', { data: ROWS, totalEntries: 120 }],
  ]);
});

const open = (search = '') =>
  renderAt(`/notifications${search}`, [
    { path: '/notifications', element: <SendHistoryPage /> },
    { path: '/notifications/rules', element: <span>rules page</span> },
    { path: '/health', element: <span>health page</span> },
  ]);
const rows = () =>
  [...document.querySelectorAll<HTMLElement>('[data-testid="send-history-row"]')].sort(
    (a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')),
  );
/**
 * The opened details dialog. A browser moves focus into a dialog as it opens; jsdom sometimes misses that, and
 * Fluent's focus manager decides which modal is on top (not aria-hidden) from where focus is.
 */
async function openedDialog() {
  const dialog = await screen.findByRole('dialog', { hidden: true });
  act(() => within(dialog).getByRole('button', { name: 'Close', hidden: true }).focus());
  await waitFor(() => expect(dialog).not.toHaveAttribute('aria-hidden'));
  return dialog;
}
const listCalls = () => api.calls.filter((call) => /^\/api\/notifications\/history(\?|$)/.test(call.url));
const lastQuery = () => new URLSearchParams(listCalls().at(-1)!.url.split('?')[1]);

describe('SendHistoryPage', () => {
  it('lists the history with the spec columns, links and labels', async () => {
    open();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const headers = screen.getAllByRole('columnheader').map((header) => header.querySelector('.ag-header-cell-text')?.textContent);
    expect(headers).toEqual(['Created At', 'Rule', 'Resource', 'Event', 'Recipient', 'Status', 'Attempts', 'Duration', 'Error']);
    const [first, second, third] = rows();
    expect(within(first).getByText('3h ago')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'api down' })).toHaveAttribute('href', `/notifications/rules?id=${RULE_ID}`);
    expect(within(first).getByRole('link', { name: 'api health' })).toHaveAttribute('href', '/health?checkId=chk-1');
    expect(within(first).getByText('Ada Lovelace · email')).toBeInTheDocument();
    expect(within(first).getByText('850 ms')).toBeInTheDocument();
    expect(within(second).getByText('Repeated')).toHaveAttribute('data-status', 'repeat-interval');
    expect(within(second).getByRole('link', { name: 'web-0' })).toHaveAttribute('href', '/catalog/cfg-1');
    expect(within(second).getByText('ops-slack · slack')).toBeInTheDocument();
    expect(within(third).getByRole('link', { name: 'payments' })).toHaveAttribute('href', '/topology/cmp-1');
    expect(within(third).getByTitle('slack: 404 channel_not_found')).toBeInTheDocument();

    const query = lastQuery();
    expect(query.get('pageIndex')).toBe('0');
    expect(query.get('pageSize')).toBe('50');
    expect(query.get('sortBy')).toBe('created_at');
    expect(query.get('sortOrder')).toBe('desc');
    expect(query.get('status')).toBeNull();
    expect(query.get('resourceType')).toBeNull();
    expect(query.get('from')).toBe('now-7d');
  });

  it('sends the filters and page of a shared link to the API', async () => {
    open('?status=error,sent,bogus&resourceType=check&pageIndex=2&pageSize=25');
    await waitFor(() => expect(listCalls()).not.toHaveLength(0));
    const query = lastQuery();
    expect(query.get('status')).toBe('error,sent');
    expect(query.get('resourceType')).toBe('check');
    expect(query.get('pageIndex')).toBe('2');
    expect(query.get('pageSize')).toBe('25');
  });

  it('writes chosen statuses and resource types to the URL, back on the first page, and asks again', async () => {
    open('?pageIndex=3');
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    // A multi-choice filter's options are checkboxes, with the summary's counts.
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Error (4)' }));
    await waitFor(() => expect(currentLocation()).toBe('/notifications?status=error'));
    fireEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Sent (4)' }));
    await waitFor(() => expect(currentLocation()).toBe('/notifications?status=error,sent'));
    await waitFor(() => expect(lastQuery().get('status')).toBe('error,sent'));
    expect(lastQuery().get('pageIndex')).toBe('0');

    fireEvent.click(screen.getByRole('combobox', { name: 'Resource type' }));
    // Resource type counts follow the chosen statuses: components have 3 errors.
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Component (3)' }));
    await waitFor(() => expect(currentLocation()).toBe('/notifications?status=error,sent&resourceType=component'));
    await waitFor(() => expect(lastQuery().get('resourceType')).toBe('component'));
  });

  it('pages on the server from totalEntries', async () => {
    open();
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(currentLocation()).toBe('/notifications?pageIndex=1'));
    await waitFor(() => expect(lastQuery().get('pageIndex')).toBe('1'));
  });

  it('opens a row’s details through the id parameter, with the body as text', async () => {
    open();
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(within(rows()[2]).getByText('check.failed'));
    await waitFor(() => expect(currentLocation()).toBe('/notifications?id=h3'));
    const dialog = await openedDialog();
    expect(within(dialog).getByText('Check api health failed')).toBeInTheDocument();
    expect(within(dialog).getAllByText('slack: 404 channel_not_found').length).toBeGreaterThan(0);
    // Markdown and HTML of the template are shown as written, not rendered.
    expect(within(dialog).getByLabelText('Message').textContent).toBe(ROWS[2].body);
    expect(dialog.querySelector('b')).toBeNull();
    expect(within(dialog).getByText('3')).toBeInTheDocument();
    expect(api.to('/api/notifications/history/h3')).toHaveLength(1);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(currentLocation()).toBe('/notifications'));
  });

  it('opens the details of a shared link directly, from the API', async () => {
    open('?id=h9');
    const dialog = await openedDialog();
    expect(await within(dialog).findByText('Shared link')).toBeInTheDocument();
    expect(within(dialog).getAllByText('timeout after 3 attempts').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('Error')).toHaveAttribute('data-status', 'error');
    expect(within(dialog).getByRole('link', { name: 'api down' })).toHaveAttribute('href', `/notifications/rules?id=${RULE_ID}`);
  });

  it('says why a person was told in the bell only', async () => {
    open('?id=h8');
    const dialog = await openedDialog();
    expect(await within(dialog).findByText('Bell only')).toBeInTheDocument();
    expect(within(dialog).getByText(`Ada Lovelace (${BELL_ONLY})`, { exact: false })).toBeInTheDocument();
  });

  it('follows a rule link to the rule', async () => {
    open();
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(within(rows()[0]).getByRole('link', { name: 'api down' }));
    await waitFor(() => expect(currentLocation()).toBe(`/notifications/rules?id=${RULE_ID}`));
  });

  it('says No data available when nothing was sent', async () => {
    api = stubFetch([
      ['/api/notifications/history/summary', []],
      ['/api/notifications/history', { data: [], totalEntries: 0 }],
    ]);
    open();
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });
});
