import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { TestProviders, signedIn } from '@web/core/testing/TestProviders';
import { UserMenu } from './UserMenu';

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
});

function openMenu(extra: Record<string, unknown> = {}) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <UserMenu /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <TestProviders responses={signedIn(['editor'], extra)}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
  return router;
}

describe('UserMenu', () => {
  it('offers profile, kubeconfig, theme, the version line and sign out', async () => {
    openMenu();
    expect(await screen.findByRole('menuitem', { name: 'Your Profile' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Download kubeconfig' })).toBeInTheDocument();
    expect(screen.getByRole('menuitemradio', { name: 'Dark' })).toBeInTheDocument();
    expect(await screen.findByText(/Version 1\.0\.813 · Backend 9\.9\.9/)).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('shows the kubectl command with a file name derived from the host', async () => {
    openMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Download kubeconfig' }));
    expect(await screen.findByTestId('kubectl-command')).toHaveTextContent('kubectl get canaries --kubeconfig localhost.yaml');
  });

  it('creates the kubeconfig with a POST (never a link a prefetch could follow) and saves it', async () => {
    const yaml = 'apiVersion: v1\nkind: Config\n';
    fetchMock.mockImplementation(() =>
      Promise.resolve({ ok: true, status: 200, headers: { get: () => 'application/yaml' }, text: () => Promise.resolve(yaml) }),
    );
    const createObjectURL = jest.fn(() => 'blob:kubeconfig');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    openMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Download kubeconfig' }));
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Download' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(fetchMock).toHaveBeenCalledWith('/api/kubeconfig', expect.objectContaining({ method: 'POST' }));
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    click.mockRestore();
  });

  it('signs out and goes to the login page', async () => {
    fetchMock.mockImplementation(() => Promise.resolve({ ok: true, status: 204, headers: { get: () => null }, text: () => Promise.resolve('') }));
    const router = openMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
  });

  it('lists the organisations in hosted mode and switches through /organizations/orgs-switched', async () => {
    const router = openMenu({
      '/api/auth/oidc/config': { enabled: true, label: 'Acme', hosted: true },
      '/api/organizations': [
        { slug: 'acme', name: 'Acme', publicMetadata: { backend_url: null, direct: false }, current: true },
        { slug: 'globex', name: 'Globex', publicMetadata: { backend_url: null, direct: false }, current: false },
      ],
    });
    expect(await screen.findByRole('menuitem', { name: 'Acme' })).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Globex' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizations/orgs-switched'));
    expect(router.state.location.search).toBe('?slug=globex');
  });

  it('shows no organisations outside hosted mode', async () => {
    openMenu({ '/api/auth/oidc/config': { enabled: true, label: 'Acme', hosted: false } });
    expect(await screen.findByRole('menuitem', { name: 'Your Profile' })).toBeInTheDocument();
    expect(screen.queryByText('Organizations')).toBeNull();
  });

  it('remembers the chosen theme', async () => {
    openMenu();
    fireEvent.click(await screen.findByRole('menuitemradio', { name: 'Dark' }));
    expect(window.localStorage.getItem('console.theme')).toBe('"dark"');
  });
});
