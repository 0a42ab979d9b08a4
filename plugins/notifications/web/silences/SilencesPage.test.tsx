import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderAt } from '@web/core/testing/renderAt';
import { type Call, reply, stubFetch } from '@web/core/testing/stubFetch';
import SilencesPage from './SilencesPage';
import { silence } from './testing';

const HOUR = 3600_000;
const ACTIVE = silence({ id: 's1' });
const PAST = silence({
  id: 's2',
  description: 'old maintenance',
  from: new Date(Date.now() - 3 * HOUR).toISOString(),
  until: new Date(Date.now() - 2 * HOUR).toISOString(),
  resource: { type: 'check', id: 'chk-1', name: 'api health' },
  component_id: null,
  check_id: 'chk-1',
});
const FLAGGED = silence({ id: 's3', description: 'flagged by server', expired: true, resource: null, component_id: null, selectors: 'env=prod' });

let api: ReturnType<typeof stubFetch>;
beforeEach(() => {
  api = stubFetch([
    ['DELETE /api/notifications/silences/s1', reply(204)],
    ['PATCH /api/notifications/silences/s1', (call: Call) => ({ ...ACTIVE, ...(call.body as object) })],
    ['/api/notifications/silences', { data: [ACTIVE, PAST, FLAGGED], totalEntries: 3 }],
  ]);
});

const open = (roles: ('editor' | 'viewer')[] = ['editor']) =>
  renderAt('/notifications/silences', [{ path: '/notifications/silences', element: <SilencesPage /> }], { roles });
const rows = () =>
  [...document.querySelectorAll<HTMLElement>('[data-testid="silence-row"]')].sort(
    (a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')),
  );
const listCalls = () => api.calls.filter((call) => call.method === 'GET' && call.url.startsWith('/api/notifications/silences?'));

async function openedDialog() {
  const dialog = await screen.findByRole('dialog', { hidden: true });
  act(() => within(dialog).getByRole('button', { name: 'Close', hidden: true }).focus());
  await waitFor(() => expect(dialog).not.toHaveAttribute('aria-hidden'));
  return dialog;
}

describe('SilencesPage', () => {
  it('lists silences with exactly the spec’s columns, expired ones struck through', async () => {
    open();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const headers = screen.getAllByRole('columnheader').map((header) => header.querySelector('.ag-header-cell-text')?.textContent);
    expect(headers).toEqual(['Resource', 'Duration', 'Source', 'Reason', 'Created By', 'Delete']);
    const [active, past, flagged] = rows();
    expect(within(active).getByRole('link', { name: 'payments' })).toHaveAttribute('href', '/topology/cmp-1');
    expect(within(active).getByText('2h')).toBeInTheDocument();
    expect(within(active).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(active.querySelector('[data-expired]')).toBeNull();
    // Until in the past, and a silence the server calls expired: every cell struck through.
    expect(within(past).getByText('old maintenance')).toHaveAttribute('data-expired', 'true');
    expect(within(past).getByText('1h')).toHaveAttribute('data-expired', 'true');
    expect(within(flagged).getByText('flagged by server')).toHaveAttribute('data-expired', 'true');
    expect(within(flagged).getByText('env=prod')).toHaveAttribute('data-expired', 'true');
    expect(getComputedStyle(within(past).getByText('old maintenance')).textDecorationLine).toBe('line-through');
    expect(getComputedStyle(within(active).getByText('deploying')).textDecorationLine).not.toBe('line-through');

    const query = new URLSearchParams(listCalls().at(-1)!.url.split('?')[1]);
    expect(query.get('pageIndex')).toBe('0');
    expect(query.get('sortBy')).toBe('created_at');
    expect(query.get('sortOrder')).toBe('desc');
  });

  it('offers Add Silence and Delete with write on notifications', async () => {
    open();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getByRole('button', { name: 'Add Silence' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(3);
  });

  it('hides Add Silence and Delete from a viewer', async () => {
    open(['viewer']);
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Add Silence' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('deletes a silence after confirmation and reads the list again', async () => {
    open();
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(within(rows()[0]).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText("Delete the silence of 'payments'?")).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    const before = listCalls().length;
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/notifications/silences/s1']));
    expect(await screen.findByText('Silence deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
    // The delete button does not also open the row's editor.
    expect(screen.queryByText('Edit Notification Silence')).toBeNull();
  });

  it('opens Edit Notification Silence on a row click and saves the reason and recursive', async () => {
    open();
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(within(rows()[0]).getByText('deploying'));
    const dialog = await openedDialog();
    expect(within(dialog).getByText('Edit Notification Silence')).toBeInTheDocument();
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveValue('deploying');
    fireEvent.change(reason, { target: { value: 'deploying v2' } });
    fireEvent.click(within(dialog).getByRole('switch', { name: /Recursive/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.last('PATCH /api/notifications/silences/s1')).toBeDefined());
    // Untouched times are not sent back rounded to the minute.
    expect(api.last('PATCH /api/notifications/silences/s1')!.body).toEqual({ description: 'deploying v2', recursive: true });
    expect(await screen.findByText('Silence updated successfully')).toBeInTheDocument();
  });

  it('refuses an end less than a minute after the start in the editor, and shows the server’s 400', async () => {
    api = stubFetch([
      ['PATCH /api/notifications/silences/s1', reply(400, { statusCode: 400, message: 'filter: undeclared reference' })],
      ['/api/notifications/silences', { data: [ACTIVE], totalEntries: 1 }],
    ]);
    open();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(within(rows()[0]).getByText('deploying'));
    const dialog = await openedDialog();
    const from = within(dialog).getByLabelText(/^From/);
    const until = within(dialog).getByLabelText(/^Until/);
    fireEvent.change(from, { target: { value: '2030-01-01T10:00' } });
    fireEvent.change(until, { target: { value: '2030-01-01T10:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Duration must be greater than 1 minute')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);

    fireEvent.change(until, { target: { value: '2030-01-01T12:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('filter: undeclared reference')).toBeInTheDocument();
    const body = api.last('PATCH /api/notifications/silences/s1')!.body as { from: string; until: string };
    expect(Date.parse(body.until) - Date.parse(body.from)).toBe(2 * HOUR);
    expect(until).toHaveValue('2030-01-01T12:00');
  });
});
