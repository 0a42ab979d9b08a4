/** Shared test helpers of the canary settings pages (tests only). */
import { jsonResponse } from '@web/core/testing/jsonResponse';

export { jsonResponse };

/** `[url, method, parsed body]` of each fetch call. */
export function calls(fetchMock: jest.Mock): Array<[string, string, unknown]> {
  return fetchMock.mock.calls.map(([url, init]: [string, RequestInit | undefined]) => [
    String(url),
    init?.method ?? 'GET',
    typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
  ]);
}
