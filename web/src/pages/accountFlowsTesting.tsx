/** Test helpers (tests only) for the account pages: a router at a URL, `fetch` answered by a route table. */
import { act, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { TestProviders } from '@web/core/testing/TestProviders';
import { jsonResponse } from '@web/core/testing/jsonResponse';

export type Route = (url: string, init: RequestInit | undefined) => ReturnType<typeof jsonResponse> | undefined;

export const fetchMock = jest.fn();

/** `fetch` answers from `route`; what it does not answer is a 404. */
export function answer(route: Route) {
  fetchMock.mockImplementation((url: string, init?: RequestInit) => route(url, init) ?? jsonResponse(404, { statusCode: 404, message: `no ${url}` }));
}

export function bodyOf(url: string): unknown {
  const call = fetchMock.mock.calls.find(([u, init]) => u === url && init?.method === 'POST');
  return call ? JSON.parse(call[1].body as string) : undefined;
}

export async function openPage(path: string, url: string, element: ReactElement) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <p>landed</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <TestProviders fetcher={() => Promise.reject(Object.assign(new Error('Unauthorized'), { status: 401 }))}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  await act(() => Promise.resolve());
  return router;
}
