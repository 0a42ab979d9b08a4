import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LogLine, Role } from '@contracts';
import type { WebPlugin } from '@web/core/plugin-host';
import { jsonResponse } from '@web/core/testing/jsonResponse';
import { currentLocation, renderAt } from '@web/core/testing/renderAt';
import { type Answer, reply, stubFetch } from '@web/core/testing/stubFetch';
import LogsPage from '../pages/LogsPage';
import { DEFAULT_COLUMN_SIZES, LOG_PAGE_SIZE } from './LogsTable';
import { COLUMN_SIZES_KEY } from './useColumnSizes';
import type { LogsComponent } from './logsApi';

const API = {
  id: 'c0000000-0000-4000-8000-000000000001',
  name: 'payments-api',
  icon: null,
  type: 'Service',
  logs: [
    { name: 'app', backend: 'console' },
    { name: 'audit', backend: 'console' },
  ],
} satisfies LogsComponent;
const DB = {
  id: 'c0000000-0000-4000-8000-000000000002',
  name: 'payments-db',
  icon: null,
  type: 'Database',
  logs: [{ name: 'postgres', backend: 'pg' }],
} satisfies LogsComponent;

const line = (n: number, extra: Partial<LogLine> = {}): LogLine => ({
  timestamp: `2026-03-01T10:00:0${n}.000Z`,
  message: `line ${n} message`,
  labels: { pod: `web-${n}` },
  ...extra,
});
const ndjson = (...messages: unknown[]) => messages.map((m) => `${JSON.stringify(m)}\n`).join('');

/** The body of one streamed search: the test pushes text when it wants, then closes. */
class ChunkStream {
  private chunks: (string | null)[] = [];
  private waiting: (() => void) | null = null;
  cancelled = false;

  push(text: string) {
    this.chunks.push(text);
    this.waiting?.();
  }
  close() {
    this.chunks.push(null);
    this.waiting?.();
  }

  response() {
    const encoder = new TextEncoder();
    const read = async (): Promise<{ done: boolean; value?: Uint8Array }> => {
      while (!this.chunks.length) await new Promise<void>((resolve) => (this.waiting = resolve));
      this.waiting = null;
      const next = this.chunks.shift();
      return next === null || next === undefined ? { done: true } : { done: false, value: encoder.encode(next) };
    };
    return {
      ok: true,
      status: 200,
      headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/x-ndjson' : null) },
      body: {
        getReader: () => ({
          read,
          cancel: () => {
            this.cancelled = true;
            return Promise.resolve();
          },
        }),
      },
      text: () => Promise.resolve(''),
    };
  }
}

interface Search {
  body: Record<string, unknown>;
  headers: Record<string, string>;
  signal: AbortSignal;
  stream: ChunkStream;
}

/**
 * The gateway's logs calls: the component list and one component through stubFetch; each `POST /api/logs` gets a
 * ChunkStream (or what `refuse` answers for it, e.g. a 400).
 */
function stubLogs({
  components = [API, DB] as Answer,
  refuse,
}: { components?: Answer; refuse?: (body: Record<string, unknown>) => ReturnType<typeof jsonResponse> | undefined } = {}) {
  const api = stubFetch([
    ['GET /api/logs/components', components],
    [`GET /api/logs/components/${API.id}`, API],
    [`GET /api/logs/components/${DB.id}`, DB],
  ]);
  const searches: Search[] = [];
  const others = globalThis.fetch;
  globalThis.fetch = jest.fn((input: string, init: { method?: string; body?: string; headers?: Record<string, string>; signal?: AbortSignal } = {}) => {
    if (input !== '/api/logs' || init.method !== 'POST') return others(input, init as RequestInit);
    const body = JSON.parse(init.body ?? '{}') as Record<string, unknown>;
    const refused = refuse?.(body);
    if (refused) return refused;
    const stream = new ChunkStream();
    searches.push({ body, headers: init.headers ?? {}, signal: init.signal as AbortSignal, stream });
    return Promise.resolve(stream.response());
  }) as unknown as typeof fetch;
  return { api, searches, lastSearch: () => searches[searches.length - 1] };
}

function openLogs(query = '', { roles = ['editor'] as Role[], plugins = [] as WebPlugin[] } = {}) {
  return renderAt(`/logs${query}`, [{ path: '/logs', element: <LogsPage /> }], { roles, plugins });
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Log lines' }))
    .getAllByRole('row')
    .slice(1);

describe('/logs', () => {
  afterEach(() => jest.useRealTimers());

  it('asks for a component first, with the breadcrumb and the component list', async () => {
    const { api, searches } = stubLogs();
    openLogs();
    expect(await screen.findByText('Please select a component to view the logs')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByText('Logs')).toBeInTheDocument();
    await waitFor(() => expect(api.to('GET /api/logs/components')).toHaveLength(1));
    expect(api.calls[api.calls.length - 1].url).toBe('/api/logs/components?q=');
    fireEvent.click(screen.getByRole('combobox', { name: 'Component' }));
    expect(await screen.findByRole('option', { name: 'payments-api (Service)' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Selector' })).toBeDisabled();
    expect(searches).toHaveLength(0);
  });

  it('searches components by what is typed in the Component picker', async () => {
    const { api } = stubLogs({ components: (call: { url: string }) => (call.url.endsWith('q=db') ? [DB] : [API, DB]) });
    openLogs();
    await waitFor(() => expect(api.to('GET /api/logs/components')).toHaveLength(1));
    const picker = screen.getByRole('combobox', { name: 'Component' });
    fireEvent.change(picker, { target: { value: 'db' } });
    await waitFor(() => expect(api.last('GET /api/logs/components')?.url).toBe('/api/logs/components?q=db'));
    fireEvent.click(picker);
    expect(await screen.findByRole('option', { name: 'payments-db (Database)' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'payments-api (Service)' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('option', { name: 'payments-db (Database)' }));
    await waitFor(() => expect(currentLocation()).toBe(`/logs?topologyId=${DB.id}&logsSelector=postgres`));
  });

  it("says 'Unable to load components!' when the component list fails", async () => {
    stubLogs({ components: reply(500, { message: 'boom' }) });
    openLogs();
    expect(await screen.findByText('Unable to load components!')).toBeInTheDocument();
  });

  it('selects the first log of the component, writes it to the URL and streams its lines as NDJSON', async () => {
    const { lastSearch } = stubLogs();
    openLogs(`?topologyId=${API.id}`);
    await waitFor(() => expect(currentLocation()).toBe(`/logs?topologyId=${API.id}&logsSelector=app`));
    await waitFor(() => expect(lastSearch()).toBeDefined());
    expect(lastSearch().body).toEqual({ id: API.id, name: 'app', start: 'now-1h', limit: 5000 });
    expect(lastSearch().headers.Accept).toBe('application/x-ndjson');
    expect(screen.getByRole('combobox', { name: 'Selector' })).toHaveTextContent('app');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Component' })).toHaveValue('payments-api'));

    // The first chunk ends inside the second line: the first shows while the rest is on its way.
    const text = ndjson({ line: line(1) }, { line: line(2) }, { line: line(3, { labels: { pod: 'web-3', ns: 'prod' } }) });
    const cut = text.indexOf('\n') + 10;
    act(() => lastSearch().stream.push(text.slice(0, cut)));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('line 1 message');
    expect(screen.getByRole('status', { name: 'Log search status' })).toHaveTextContent('Loading logs...');

    act(() => lastSearch().stream.push(text.slice(cut)));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(within(rows()[2]).getByText('ns=prod')).toBeInTheDocument();
    expect(within(rows()[2]).getByText('pod=web-3')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Log search status' })).toHaveTextContent('Loading logs... 3 lines so far');

    act(() => {
      lastSearch().stream.push(ndjson({ end: { truncated: false, limit: 5000, backend: { name: 'console', type: 'file' } } }));
      lastSearch().stream.close();
    });
    expect(await screen.findByText('3 lines')).toBeInTheDocument();
    expect(screen.queryByText(/Showing the first/)).not.toBeInTheDocument();
  });

  it('keeps a selector the URL names and searches with the query and range of the URL', async () => {
    const { lastSearch } = stubLogs();
    openLogs(`?topologyId=${API.id}&logsSelector=audit&query=timeout&start=now-1d`);
    await waitFor(() => expect(lastSearch()).toBeDefined());
    expect(lastSearch().body).toEqual({ id: API.id, name: 'audit', query: 'timeout', start: 'now-1d', limit: 5000 });
    expect(currentLocation()).toBe(`/logs?topologyId=${API.id}&logsSelector=audit&query=timeout&start=now-1d`);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('timeout');
  });

  it('replaces a selector the component does not name (an old link) with its first, searching only that', async () => {
    const { searches } = stubLogs();
    openLogs(`?topologyId=${API.id}&logsSelector=gone`);
    await waitFor(() => expect(currentLocation()).toBe(`/logs?topologyId=${API.id}&logsSelector=app`));
    await waitFor(() => expect(searches).toHaveLength(1));
    expect(searches[0].body).toMatchObject({ name: 'app' });
  });

  it('writes the search to the URL 500 ms after the last keystroke, and searches again (the old search aborted)', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const { searches } = stubLogs();
    openLogs(`?topologyId=${API.id}&logsSelector=app`);
    await act(async () => undefined);
    await waitFor(() => expect(searches).toHaveLength(1));
    const box = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: 'time' } });
    await act(async () => jest.advanceTimersByTime(300));
    fireEvent.change(box, { target: { value: 'timeout' } });
    await act(async () => jest.advanceTimersByTime(499));
    expect(currentLocation()).toBe(`/logs?topologyId=${API.id}&logsSelector=app`);
    expect(searches).toHaveLength(1);
    await act(async () => jest.advanceTimersByTime(1));
    expect(currentLocation()).toBe(`/logs?topologyId=${API.id}&logsSelector=app&query=timeout`);
    await waitFor(() => expect(searches).toHaveLength(2));
    expect(searches[1].body.query).toBe('timeout');
    expect(searches[0].signal.aborted).toBe(true);
  });

  it('changing the component drops the selector, picks the new first one and aborts the search in flight', async () => {
    const { searches } = stubLogs();
    openLogs(`?topologyId=${API.id}&logsSelector=audit`);
    await waitFor(() => expect(searches).toHaveLength(1));
    fireEvent.click(screen.getByRole('combobox', { name: 'Component' }));
    fireEvent.click(await screen.findByRole('option', { name: 'payments-db (Database)' }));
    await waitFor(() => expect(currentLocation()).toBe(`/logs?topologyId=${DB.id}&logsSelector=postgres`));
    await waitFor(() => expect(searches.at(-1)?.body).toMatchObject({ id: DB.id, name: 'postgres' }));
    expect(searches[0].signal.aborted).toBe(true);
  });

  it('the time range writes the picked range to the URL and searches from it', async () => {
    const { searches } = stubLogs();
    openLogs(`?topologyId=${API.id}&logsSelector=app&start=now-1d`);
    await waitFor(() => expect(searches).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Time range: Last 1 day' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Last 6 hours' }));
    await waitFor(() => expect(currentLocation()).toBe(`/logs?topologyId=${API.id}&logsSelector=app&rangeType=relative&display=Last+6+hours&range=now-6h`));
    await waitFor(() => expect(searches.at(-1)?.body.start).toBe('now-6h'));
    expect(searches.at(-1)?.body.end).toBeUndefined();
  });

  it('searches an absolute range of a shared link between its start and end', async () => {
    const { searches } = stubLogs();
    openLogs(`?topologyId=${API.id}&logsSelector=app&rangeType=absolute&from=2026-03-01T00:00:00.000Z&to=2026-03-02T00:00:00.000Z`);
    await waitFor(() => expect(searches).toHaveLength(1));
    expect(searches[0].body).toMatchObject({ start: '2026-03-01T00:00:00.000Z', end: '2026-03-02T00:00:00.000Z' });
  });

  it('says how many lines it shows when the gateway cut the result', async () => {
    const { lastSearch } = stubLogs();
    openLogs(`?topologyId=${API.id}&logsSelector=app`);
    await waitFor(() => expect(lastSearch()).toBeDefined());
    act(() => {
      lastSearch().stream.push(ndjson({ line: line(1) }, { line: line(2) }, { end: { truncated: true, limit: 2 } }));
      lastSearch().stream.close();
    });
    expect(await screen.findByText('Showing the first 2 lines; narrow the time range or the search to see more.')).toBeInTheDocument();
    expect(rows()).toHaveLength(2);
  });

  it("says 'There are no logs matching the search query' for an empty result", async () => {
    const { lastSearch } = stubLogs();
    openLogs(`?topologyId=${API.id}&logsSelector=app&query=nothing`);
    await waitFor(() => expect(lastSearch()).toBeDefined());
    act(() => {
      lastSearch().stream.push(ndjson({ end: { truncated: false, limit: 5000 } }));
      lastSearch().stream.close();
    });
    expect(await screen.findByText('There are no logs matching the search query')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Log lines' })).not.toBeInTheDocument();
  });

  it('shows an {error} line of the stream and keeps the lines before it', async () => {
    const { lastSearch } = stubLogs();
    openLogs(`?topologyId=${API.id}&logsSelector=app`);
    await waitFor(() => expect(lastSearch()).toBeDefined());
    act(() => {
      lastSearch().stream.push(ndjson({ line: line(1) }, { error: { message: 'loki answered 502' } }));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('loki answered 502');
    expect(rows()).toHaveLength(1);
    expect(screen.queryByText('There are no logs matching the search query')).not.toBeInTheDocument();
  });

  it('shows the message of a refused search', async () => {
    stubLogs({ refuse: () => jsonResponse(400, { statusCode: 400, code: 'bad_request', message: 'start: not a time' }) });
    openLogs(`?topologyId=${API.id}&logsSelector=app`);
    expect(await screen.findByRole('alert')).toHaveTextContent('start: not a time');
    expect(screen.queryByText('There are no logs matching the search query')).not.toBeInTheDocument();
  });

  it('shows why a component of the URL cannot be read', async () => {
    stubLogs();
    openLogs('?topologyId=c0000000-0000-4000-8000-00000000dead');
    expect(await screen.findByText('Not Found')).toBeInTheDocument();
  });

  it('renders the first lines of a 5,000-line result and more on demand, all of them selectable at once', async () => {
    const { lastSearch } = stubLogs();
    openLogs(`?topologyId=${API.id}&logsSelector=app`);
    await waitFor(() => expect(lastSearch()).toBeDefined());
    const many = Array.from({ length: 5000 }, (_, n) => ({
      line: { timestamp: new Date(Date.UTC(2026, 2, 1, 10, 0, 0, n)).toISOString(), message: `m${n}`, labels: {} },
    }));
    act(() => {
      // The gateway's chunks are a few hundred lines each.
      for (let from = 0; from < many.length; from += 500) lastSearch().stream.push(ndjson(...many.slice(from, from + 500)));
      lastSearch().stream.push(ndjson({ end: { truncated: true, limit: 5000 } }));
      lastSearch().stream.close();
    });
    expect(await screen.findByText('5000 lines')).toBeInTheDocument();
    expect(rows()).toHaveLength(LOG_PAGE_SIZE);
    expect(screen.getByText('Showing the first 5000 lines; narrow the time range or the search to see more.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: `Show more (${5000 - LOG_PAGE_SIZE} more lines)` }));
    expect(rows()).toHaveLength(LOG_PAGE_SIZE * 2);
    expect(rows()[LOG_PAGE_SIZE * 2 - 1]).toHaveTextContent(`m${LOG_PAGE_SIZE * 2 - 1}`);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all lines' }));
    expect(screen.getByRole('checkbox', { name: `Select line ${LOG_PAGE_SIZE * 2}` })).toBeChecked();
  });

  describe('attach as evidence', () => {
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

    async function openWithLines(roles: Role[] = ['responder']) {
      const { lastSearch } = stubLogs();
      openLogs(`?topologyId=${API.id}&logsSelector=app&query=boom`, { roles, plugins: [incidents] });
      await waitFor(() => expect(lastSearch()).toBeDefined());
      act(() => {
        lastSearch().stream.push(ndjson({ line: line(1) }, { line: line(2) }, { line: line(3) }, { end: { truncated: false, limit: 5000 } }));
        lastSearch().stream.close();
      });
      await waitFor(() => expect(rows()).toHaveLength(3));
    }

    it('passes every line and the selected ones to the link dialog', async () => {
      await openWithLines();
      await waitFor(() => expect(screen.getByRole('combobox', { name: 'Component' })).toHaveValue('payments-api'));
      const attach = await screen.findByRole('button', { name: 'Attach as evidence' });
      expect(attach).toHaveAttribute('aria-disabled', 'true');
      fireEvent.click(screen.getByRole('checkbox', { name: 'Select line 3' }));
      fireEvent.click(screen.getByRole('checkbox', { name: 'Select line 1' }));
      expect(rows()[0]).toHaveAttribute('aria-selected', 'true');
      fireEvent.click(screen.getByRole('button', { name: 'Attach as evidence (2)' }));
      expect(await screen.findByText('link dialog')).toBeInTheDocument();
      expect(received.at(-1)).toEqual({
        type: 'log',
        description: 'Logs of payments-api (app) matching "boom"',
        component_id: API.id,
        evidence: { lines: [line(1), line(2), line(3)], selected_lines: [line(1), line(3)] },
      });
    });

    it('Select all selects every line, and again none', async () => {
      await openWithLines();
      const all = screen.getByRole('checkbox', { name: 'Select all lines' });
      fireEvent.click(all);
      expect(screen.getByRole('button', { name: 'Attach as evidence (3)' })).toBeInTheDocument();
      fireEvent.click(all);
      expect(screen.getByRole('button', { name: 'Attach as evidence' })).toHaveAttribute('aria-disabled', 'true');
    });

    it('is not offered to a viewer', async () => {
      await openWithLines(['viewer']);
      expect(screen.getByRole('checkbox', { name: 'Select line 1' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Attach as evidence/ })).not.toBeInTheDocument();
    });
  });

  describe('column widths', () => {
    async function openTable() {
      const { lastSearch } = stubLogs();
      openLogs(`?topologyId=${API.id}&logsSelector=app`);
      await waitFor(() => expect(lastSearch()).toBeDefined());
      act(() => {
        lastSearch().stream.push(ndjson({ line: line(1) }));
      });
      await waitFor(() => expect(rows()).toHaveLength(1));
    }

    it('saves a resize under logsTableColumnSizes 500 ms after the last change', async () => {
      jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
      await openTable();
      const handle = screen.getByRole('separator', { name: 'Resize Message column' });
      const before = Number(handle.getAttribute('aria-valuenow'));
      fireEvent.keyDown(handle, { key: 'ArrowRight' });
      fireEvent.keyDown(handle, { key: 'ArrowRight' });
      expect(handle).toHaveAttribute('aria-valuenow', String(before + 32));
      await act(async () => jest.advanceTimersByTime(499));
      expect(window.localStorage.getItem(COLUMN_SIZES_KEY)).toBeNull();
      await act(async () => jest.advanceTimersByTime(1));
      expect(JSON.parse(window.localStorage.getItem(COLUMN_SIZES_KEY) ?? '{}')).toMatchObject({ message: before + 32 });
    });

    it('starts from the stored widths', async () => {
      window.localStorage.setItem(COLUMN_SIZES_KEY, JSON.stringify({ time: 300, labels: 'wide' }));
      await openTable();
      expect(screen.getByRole('separator', { name: 'Resize Time column' })).toHaveAttribute('aria-valuenow', '300');
      // A value that is not a width is ignored: the default stays.
      expect(screen.getByRole('separator', { name: 'Resize Labels column' })).toHaveAttribute('aria-valuenow', String(DEFAULT_COLUMN_SIZES.labels));
    });
  });
});
