/** Test helpers of the playbooks pages (tests only): a gateway answering by method and address, and a page in a router. */
import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Role } from '@contracts';
import { PluginRegistry, PluginRegistryProvider, type WebPlugin } from '@web/core/plugin-host';
import { TestProviders, signedIn } from '@web/core/testing/TestProviders';
import { jsonResponse } from '@web/core/testing/jsonResponse';

export interface Call {
  /** Decoded path and query. */
  url: string;
  method: string;
  body: unknown;
}

/** An answer with a status other than 200. */
export interface Reply {
  status: number;
  body?: unknown;
}
export const reply = (status: number, body?: unknown): Reply => ({ status, body });
const isReply = (value: unknown): value is Reply => typeof value === 'object' && value !== null && 'status' in value && typeof value.status === 'number';

type Answer = unknown | ((call: Call) => unknown);

/** `GET /api/db/playbooks` is that address with any query; `POST /api/playbooks` is not `/api/playbooks/validate`. */
const matches = (call: Call, route: string) => {
  const key = `${call.method} ${call.url}`;
  return key === route || key.startsWith(`${route}?`);
};

/**
 * Stubs `fetch`: each call is recorded and answered by the first route naming its method and address (`GET /api/db/playbooks`, any query);
 * a route's answer may be a value, a `reply(status, body)` or a function of the call (returning either, or a promise of
 * either: the call stays in flight until it settles). Unknown addresses answer 404.
 */
export function stubGateway(routes: [route: string, answer: Answer][]) {
  const calls: Call[] = [];
  globalThis.fetch = jest.fn((input: string, init: { method?: string; body?: string } = {}) => {
    const call: Call = { url: decodeURIComponent(String(input)), method: init.method ?? 'GET', body: init.body ? JSON.parse(init.body) : undefined };
    calls.push(call);
    const route = routes.find(([key]) => matches(call, key));
    if (!route) return jsonResponse(404, { message: 'Not Found' });
    const answer = typeof route[1] === 'function' ? (route[1] as (call: Call) => unknown)(call) : route[1];
    return Promise.resolve(answer).then((settled) => (isReply(settled) ? jsonResponse(settled.status, settled.body) : jsonResponse(200, settled)));
  }) as unknown as typeof fetch;
  return {
    calls,
    to: (route: string) => calls.filter((call) => matches(call, route)),
  };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** The decoded current address (path and query). */
export const currentLocation = () => decodeURIComponent(screen.getByTestId('location').textContent ?? '');

/** Renders `element` at `url` (routes `path`), signed in with `roles`, with `plugins` registered. */
export function renderAt(url: string, path: string, element: ReactNode, { roles = ['editor'] as Role[], plugins = [] as WebPlugin[] } = {}) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <TestProviders responses={signedIn(roles)}>
        <PluginRegistryProvider registry={new PluginRegistry(plugins)}>
          <Routes>
            <Route
              path={path}
              element={
                <>
                  {element}
                  <LocationProbe />
                </>
              }
            />
            <Route path="*" element={<LocationProbe />} />
          </Routes>
        </PluginRegistryProvider>
      </TestProviders>
    </MemoryRouter>,
  );
}
