import { CSRF_HEADER } from '@contracts';
import { ApiError } from './ApiError';
import { request, http } from './httpClient';
import { fetchWithCount, pg, totalFromContentRange } from './postgrest';
import { buildQuery } from './query';
import { setUnauthorizedHandler } from './unauthorized';

interface FakeResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

function respond({ status, body, headers = {} }: FakeResponse) {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  if (body !== undefined && !lower['content-type']) lower['content-type'] = 'application/json';
  return Promise.resolve({
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name: string) => lower[name.toLowerCase()] ?? null },
    text: () => Promise.resolve(body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body)),
  } as unknown as Response);
}

const fetchMock = jest.fn();
const onUnauthorized = jest.fn();

beforeEach(() => {
  fetchMock.mockReset();
  onUnauthorized.mockReset();
  globalThis.fetch = fetchMock;
  setUnauthorizedHandler(onUnauthorized);
  window.history.replaceState(null, '', '/incidents?status=open');
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe('http client', () => {
  it('sends JSON with same-origin credentials and the CSRF cookie as header on writes only', async () => {
    document.cookie = 'console_csrf=tok%3D1';
    fetchMock.mockImplementation(() => respond({ status: 200, body: { ok: true } }));

    await http.post('/api/properties', { name: 'a', value: 'b' });
    const [, init] = fetchMock.mock.calls[0];
    expect(init.credentials).toBe('same-origin');
    expect(init.headers[CSRF_HEADER]).toBe('tok=1');
    expect(init.headers['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"name":"a","value":"b"}');

    await http.get('/api/properties');
    expect(fetchMock.mock.calls[1][1].headers[CSRF_HEADER]).toBeUndefined();
  });

  it('encodes query parameters', async () => {
    fetchMock.mockImplementation(() => respond({ status: 204 }));
    await http.delete('/api/properties', { query: { name: 'a&b=c d' } });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/properties?name=a%26b%3Dc+d');
  });

  it('shows the body error field first, then message, then a generic text', async () => {
    fetchMock.mockImplementationOnce(() => respond({ status: 400, body: { error: 'bad spec', message: 'ignored' } }));
    expect((await failure(http.get('/x'))).message).toBe('bad spec');

    fetchMock.mockImplementationOnce(() => respond({ status: 400, body: { statusCode: 400, code: 'INVALID', message: 'please provide all details' } }));
    const error = await failure(http.post('/api/properties', {}));
    expect(error.message).toBe('please provide all details');
    expect(error.status).toBe(400);
    expect(error.code).toBe('INVALID');

    fetchMock.mockImplementationOnce(() => respond({ status: 500, body: 'upstream exploded', headers: { 'content-type': 'text/plain' } }));
    expect((await failure(http.get('/x'))).message).toBe('An error occurred');
  });

  it('sends the user to the login page with a return_to on 401', async () => {
    fetchMock.mockImplementation(() => respond({ status: 401, body: { message: 'Unauthorized' } }));
    const error = await failure(http.get('/api/auth/whoami'));
    expect(error.status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledWith('/login?return_to=%2Fincidents%3Fstatus%3Dopen');
  });

  it('does not redirect a 401 on the login page itself (wrong password)', async () => {
    window.history.replaceState(null, '', '/login?return_to=%2F');
    fetchMock.mockImplementation(() => respond({ status: 401, body: { message: 'Invalid email or password' } }));
    expect((await failure(http.post('/api/auth/login', {}))).message).toBe('Invalid email or password');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('maps a timeout', async () => {
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const error = await failure(request('/slow', { timeoutMs: 10 }));
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('Request timed out. Please try again.');
  });

  it('maps being offline', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    expect((await failure(http.get('/x'))).message).toBe('No internet connection. Please try again.');
  });

  it('maps a network failure', async () => {
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(http.get('/x'));
    expect(error.kind).toBe('network');
    expect(error.message).toBe('Network Error. Please try again.');
  });
});

describe('data API helpers', () => {
  it('builds PostgREST filters through URLSearchParams', () => {
    expect(buildQuery({ status: pg.eq('open'), title: pg.ilike('*disk full*'), id: pg.in(['a', 'b,c']), skip: undefined })).toBe(
      '?status=eq.open&title=ilike.*disk+full*&id=in.%28a%2C%22b%2Cc%22%29',
    );
  });

  it('reads totals from Content-Range', () => {
    expect(totalFromContentRange('0-24/3573')).toBe(3573);
    expect(totalFromContentRange('*/0')).toBe(0);
    expect(totalFromContentRange('0-9/*')).toBeUndefined();
    expect(totalFromContentRange(null)).toBeUndefined();
  });

  it('asks for an exact count and returns rows with the total', async () => {
    fetchMock.mockImplementation(() => respond({ status: 206, body: [{ id: 1 }], headers: { 'Content-Range': '0-0/42' } }));
    await expect(fetchWithCount('incidents', { limit: 1 })).resolves.toEqual({ rows: [{ id: 1 }], total: 42 });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/db/incidents?limit=1');
    expect(fetchMock.mock.calls[0][1].headers.Prefer).toBe('count=exact');
  });

  it('cancels a counted read when its signal aborts', async () => {
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const caller = new AbortController();
    const reading = fetchWithCount('incidents', { limit: 1 }, caller.signal);
    caller.abort();
    // A cancel on purpose is not an ApiError to show: the abort itself comes back.
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
  });
});
