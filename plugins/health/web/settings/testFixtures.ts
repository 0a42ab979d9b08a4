/** Shared test helpers of the canary settings pages (tests only). */
export function jsonResponse(status: number, body: unknown, extraHeaders: Record<string, string> = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...extraHeaders };
  return Promise.resolve({
    ok: status < 300,
    status,
    headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
    text: () => Promise.resolve(status === 204 ? '' : JSON.stringify(body)),
  });
}

/** `[url, method, parsed body]` of each fetch call. */
export function calls(fetchMock: jest.Mock): Array<[string, string, unknown]> {
  return fetchMock.mock.calls.map(([url, init]: [string, RequestInit | undefined]) => [
    String(url),
    init?.method ?? 'GET',
    typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
  ]);
}
