import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Inbox, InboxItem, Role } from '@contracts';
import { currentLocation, renderAt } from '@web/core/testing/renderAt';
import { FakeEventSource } from '@web/core/testing/FakeEventSource';
import { reply, stubFetch } from '@web/core/testing/stubFetch';
import { INBOX_POLL_MS } from './inboxApi';
import NotificationBell from './NotificationBell';

const source = () => FakeEventSource.latest();

const NEWEST = new Date(Date.now() - 5 * 60_000).toISOString();
const item = (values: Partial<InboxItem>): InboxItem => ({
  id: 'h1',
  notification_id: 'n1',
  title: 'Check api health failed',
  status: 'sent',
  source_event: 'check.failed',
  resource_type: 'check',
  resource_id: 'chk-1',
  created_at: NEWEST,
  read: false,
  ...values,
});
const INBOX: Inbox = {
  unread: 2,
  items: [item({}), item({ id: 'h2', title: 'payments unhealthy', status: 'error', created_at: new Date(Date.now() - 2 * 3600_000).toISOString() })],
};

const INBOX_URL = '/api/notifications/inbox?limit=20';
let api: ReturnType<typeof stubFetch>;
let answer: Inbox;
beforeEach(() => {
  answer = INBOX;
  api = stubFetch([
    ['POST /api/notifications/inbox/read', reply(204)],
    [INBOX_URL, () => answer],
  ]);
});
afterEach(() => {
  delete (globalThis as { EventSource?: unknown }).EventSource;
  FakeEventSource.instances = [];
  jest.useRealTimers();
});

const open = (roles?: Role[]) =>
  renderAt(
    '/',
    [
      { path: '/', element: <NotificationBell /> },
      { path: '/notifications', element: <NotificationBell /> },
      { path: '/health', element: <NotificationBell /> },
    ],
    roles ? { roles } : {},
  );
const bell = () => screen.getByRole('button', { name: 'Notifications' });
const count = () => screen.queryByTestId('notification-bell-count');
const inboxReads = () => api.to(INBOX_URL).length;

describe('NotificationBell', () => {
  beforeEach(() => {
    (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
  });

  it('shows the unread count on the bell', async () => {
    open();
    await waitFor(() => expect(count()).toHaveTextContent('2'));
    expect(bell()).toBeInTheDocument();
  });

  it('shows no count at 0 and 99+ beyond 99', async () => {
    answer = { ...INBOX, unread: 0 };
    const { unmount } = open();
    await waitFor(() => expect(inboxReads()).toBe(1));
    await act(async () => undefined);
    expect(count()).toBeNull();
    unmount();

    answer = { ...INBOX, unread: 150 };
    open();
    await waitFor(() => expect(count()).toHaveTextContent('99+'));
  });

  it('lists the latest items on a click and marks them read up to the newest', async () => {
    open();
    await waitFor(() => expect(count()).toHaveTextContent('2'));
    answer = { unread: 0, items: INBOX.items.map((entry) => ({ ...entry, read: true })) };
    fireEvent.click(bell());
    const list = await screen.findByRole('list', { name: 'Latest notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText('Check api health failed')).toBeInTheDocument();
    expect(within(items[0]).getByText('5m ago')).toBeInTheDocument();
    expect(within(items[0]).getByText('Sent')).toBeInTheDocument();
    expect(within(items[1]).getByText('2h ago')).toBeInTheDocument();
    expect(within(items[1]).getByText('Error')).toBeInTheDocument();

    await waitFor(() => expect(api.to('POST /api/notifications/inbox/read')).toHaveLength(1));
    // The newest item's created_at, to the end of its millisecond (the database keeps microseconds).
    expect(api.last('POST /api/notifications/inbox/read')!.body).toEqual({ until: NEWEST });
    await waitFor(() => expect(count()).toBeNull());
  });

  it('does not mark read when nothing is unread', async () => {
    answer = { ...INBOX, unread: 0 };
    open();
    await waitFor(() => expect(inboxReads()).toBe(1));
    fireEvent.click(bell());
    await screen.findByRole('list', { name: 'Latest notifications' });
    expect(api.to('POST /api/notifications/inbox/read')).toHaveLength(0);
  });

  it('opens an item in the send history, and View all the history', async () => {
    open();
    await waitFor(() => expect(count()).toHaveTextContent('2'));
    fireEvent.click(bell());
    fireEvent.click(await screen.findByText('payments unhealthy'));
    await waitFor(() => expect(currentLocation()).toBe('/notifications?id=h2'));

    fireEvent.click(bell());
    fireEvent.click(await screen.findByRole('button', { name: 'View all' }));
    await waitFor(() => expect(currentLocation()).toBe('/notifications'));
  });

  it('sends a viewer (no settings pages) to the resource itself, without View all', async () => {
    open(['viewer']);
    await waitFor(() => expect(count()).toHaveTextContent('2'));
    fireEvent.click(bell());
    fireEvent.click(await screen.findByText('Check api health failed'));
    await waitFor(() => expect(currentLocation()).toBe('/health?checkId=chk-1'));
    fireEvent.click(bell());
    await screen.findByText('payments unhealthy');
    expect(screen.queryByRole('button', { name: 'View all' })).toBeNull();
  });

  it('says No data available with an empty inbox', async () => {
    answer = { unread: 0, items: [] };
    open();
    await waitFor(() => expect(inboxReads()).toBe(1));
    fireEvent.click(bell());
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });

  it('follows the inbox stream: an inbox event updates the count and reads the list again', async () => {
    open();
    await waitFor(() => expect(count()).toHaveTextContent('2'));
    expect(source().url).toBe('/api/notifications/inbox/stream');
    const before = inboxReads();
    answer = { unread: 3, items: [item({ id: 'h3', title: 'db down' }), ...INBOX.items] };
    act(() => source().send('inbox', { unread: 3 }));
    await waitFor(() => expect(count()).toHaveTextContent('3'));
    await waitFor(() => expect(inboxReads()).toBe(before + 1));
    fireEvent.click(bell());
    expect(await screen.findByText('db down')).toBeInTheDocument();
  });

  it('closes the stream on unmount', async () => {
    const { unmount } = open();
    await waitFor(() => expect(count()).toHaveTextContent('2'));
    expect(source().closed).toBe(false);
    unmount();
    expect(source().closed).toBe(true);
  });

  it('polls every 30 s once the stream fails', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    open();
    await act(async () => undefined);
    await waitFor(() => expect(count()).toHaveTextContent('2'));
    act(() => source().fail());
    expect(source().closed).toBe(true);
    const before = inboxReads();
    answer = { ...INBOX, unread: 4 };
    await act(async () => jest.advanceTimersByTime(INBOX_POLL_MS - 1000));
    expect(inboxReads()).toBe(before);
    await act(async () => jest.advanceTimersByTime(1000));
    await waitFor(() => expect(inboxReads()).toBe(before + 1));
    await waitFor(() => expect(count()).toHaveTextContent('4'));
    expect(FakeEventSource.instances).toHaveLength(1);
  });
});

describe('NotificationBell without EventSource', () => {
  afterEach(() => jest.useRealTimers());

  it('polls every 30 s', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    open();
    await act(async () => undefined);
    await waitFor(() => expect(count()).toHaveTextContent('2'));
    const before = inboxReads();
    await act(async () => jest.advanceTimersByTime(INBOX_POLL_MS));
    await waitFor(() => expect(inboxReads()).toBe(before + 1));
    expect(FakeEventSource.instances).toHaveLength(0);
  });
});
