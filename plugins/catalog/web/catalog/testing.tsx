/** Test helpers of the catalogue pages (tests only): a fetch answering by address, and a page in a router. */
import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Role } from '@contracts';
import { PluginRegistry, PluginRegistryProvider, type WebPlugin } from '@web/core/plugin-host';
import { TestProviders, signedIn } from '@web/core/testing/TestProviders';
import { jsonResponse } from '@web/core/testing/jsonResponse';

export interface Call {
  url: string;
  method: string;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * Stubs `fetch`: each call is recorded (decoded url, method, parsed body) and answered by the first route whose
 * prefix starts the decoded url (an empty list for unknown data-API addresses).
 */
export function stubFetch(routes: [prefix: string, answer: unknown | ((call: Call) => unknown)][]) {
  const calls: Call[] = [];
  globalThis.fetch = jest.fn((input: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) => {
    const call = {
      url: decodeURIComponent(String(input)),
      method: init.method ?? 'GET',
      body: init.body ? JSON.parse(init.body) : undefined,
      headers: init.headers ?? {},
    };
    calls.push(call);
    const route = routes.find(([prefix]) => call.url.startsWith(prefix));
    const answer = route ? (typeof route[1] === 'function' ? (route[1] as (call: Call) => unknown)(call) : route[1]) : [];
    return jsonResponse(200, answer, Array.isArray(answer) ? { 'content-range': `0-${answer.length - 1}/${answer.length}` } : {});
  }) as unknown as typeof fetch;
  return {
    calls,
    to: (prefix: string) => calls.filter((call) => call.url.startsWith(prefix)),
    last: (prefix: string) => calls.filter((call) => call.url.startsWith(prefix)).at(-1),
  };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** The decoded current address (path and query). */
export const currentLocation = () => decodeURIComponent(screen.getByTestId('location').textContent ?? '');

export function renderAt(url: string, routes: { path: string; element: ReactNode }[], { roles = ['editor'] as Role[], plugins = [] as WebPlugin[] } = {}) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <TestProviders responses={signedIn(roles)}>
        <PluginRegistryProvider registry={new PluginRegistry(plugins)}>
          <Routes>
            {routes.map((route) => (
              <Route
                key={route.path}
                path={route.path}
                element={
                  <>
                    {route.element}
                    <LocationProbe />
                  </>
                }
              />
            ))}
          </Routes>
        </PluginRegistryProvider>
      </TestProviders>
    </MemoryRouter>,
  );
}
