/** A page in a router for page tests (tests only): signed in, with plugins, its address shown for assertions. */
import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Role } from '@contracts';
import { PluginRegistry, PluginRegistryProvider, type WebPlugin } from '@web/core/plugin-host';
import { TestProviders, signedIn } from './TestProviders';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** The decoded current address (path and query). */
export const currentLocation = () => decodeURIComponent(screen.getByTestId('location').textContent ?? '');

/**
 * Renders the routes at `url`, signed in with `roles` (default editor), with `plugins` registered; every route (and any
 * other address it navigates to) shows the current address for currentLocation().
 */
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
            <Route path="*" element={<LocationProbe />} />
          </Routes>
        </PluginRegistryProvider>
      </TestProviders>
    </MemoryRouter>,
  );
}
