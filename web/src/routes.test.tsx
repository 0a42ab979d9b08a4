import { render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { Feature, Role } from '@contracts';
import { PluginRegistry, PluginRegistryProvider, definePlugin } from '@web/core/plugin-host';
import { webPlugins } from './plugins.generated';
import { buildRoutes } from './routes';
import { TestProviders, signedIn } from '@web/core/testing/TestProviders';

const flags = [{ name: 'logs.disable', value: 'true', description: null, source: 'api', created_by: null, created_at: null, updated_at: null }];

function Crash(): never {
  throw new Error('boom');
}

const crashingPlugin = definePlugin({
  manifest: { id: 'crash', title: 'Crash' },
  register: (ctx) => ctx.add('routes', { path: '/crash', load: () => Promise.resolve({ default: Crash }) }),
});

function openApp(path: string, roles: Role[], disabled: Feature[] = []) {
  const registry = new PluginRegistry([...webPlugins, crashingPlugin]);
  const router = createMemoryRouter(buildRoutes(registry), { initialEntries: [path] });
  render(
    <TestProviders responses={signedIn(roles, { '/api/properties': flags }, disabled)}>
      <PluginRegistryProvider registry={registry}>
        <RouterProvider router={router} />
      </PluginRegistryProvider>
    </TestProviders>,
  );
  return router;
}

afterEach(() => jest.restoreAllMocks());

describe('routes', () => {
  it('shows the Unauthorized page to a viewer opening /settings/feature-flags by URL', async () => {
    openApp('/settings/feature-flags', ['viewer']);
    expect(await screen.findByText('You do not have permission to access this page')).toBeInTheDocument();
    expect(screen.queryByText('logs.disable')).not.toBeInTheDocument();
  });

  it('does not show the settings menu to a viewer', async () => {
    openApp('/profile-settings', ['viewer']);
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(await screen.findByText('Profile Settings')).toBeInTheDocument();
    expect(within(nav).queryByText('Feature Flags')).not.toBeInTheDocument();
  });

  it('lets an admin open the feature flags page from the sidebar', async () => {
    openApp('/settings/feature-flags', ['admin']);
    expect(await screen.findByText('logs.disable')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Feature Flags' })).toHaveAttribute('href', '/settings/feature-flags');
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
  });

  it('hides a feature-flagged area: nav item gone, its route says the feature is off and how to turn it on', async () => {
    openApp('/settings/feature-flags', ['admin'], ['settings.feature_flags']);
    expect(await screen.findByText('This feature is turned off')).toBeInTheDocument();
    expect(screen.queryByText('Page not found')).not.toBeInTheDocument();
    expect(screen.getByText('settings.feature_flags.disable')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Settings → Feature Flags' })).toHaveAttribute('href', '/settings/feature-flags');
    expect(within(screen.getByRole('navigation', { name: 'Main navigation' })).queryByRole('link', { name: 'Feature Flags' })).not.toBeInTheDocument();
  });

  it('tells a viewer on a turned-off area to ask an administrator, without a settings link', async () => {
    openApp('/incidents', ['viewer'], ['incidents']);
    expect(await screen.findByText('This feature is turned off')).toBeInTheDocument();
    expect(screen.getByText(/Ask an administrator to turn it on/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Feature Flags/ })).not.toBeInTheDocument();
  });

  it('redirects / to the first page the user may open', async () => {
    const router = openApp('/', ['admin']);
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const first = (await within(nav).findAllByRole('link'))[0];
    await waitFor(() => expect(router.state.location.pathname).toBe(first.getAttribute('href')));
    expect(router.state.location.pathname).not.toBe('/');
  });

  it('sends / to /topology (spec 01: / redirects to /topology)', async () => {
    const router = openApp('/', ['admin']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/topology'));
  });

  it('sends / to the next area in the spec order when topology is turned off, skipping every turned-off area', async () => {
    const router = openApp('/', ['admin'], ['topology']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/health'));
    const second = openApp('/', ['admin'], ['topology', 'health']);
    await waitFor(() => expect(second.state.location.pathname).toBe('/incidents'));
  });

  it('shows the error panel inside the shell when a page crashes', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    openApp('/crash', ['admin']);
    expect(await screen.findByText('Sorry.. there was an error')).toBeInTheDocument();
    expect(screen.getByText('boom')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'User menu' })).toBeInTheDocument();
  });

  it('draws a bare page (the standalone topology card) without the header and sidebar, and only for a signed-in user', async () => {
    openApp('/view/topology/00000000-0000-4000-8000-000000000001', ['viewer']);
    // The page itself is drawn (its read fails here: no gateway), alone.
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'User menu' })).not.toBeInTheDocument();
  });

  it('shows a not-found page for unknown routes', async () => {
    openApp('/no/such/page', ['admin']);
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });
});
