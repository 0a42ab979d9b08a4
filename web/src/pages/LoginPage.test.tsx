import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { setUnauthorizedHandler } from '@web/core/api';
import { TestProviders, whoamiFor } from '@web/core/testing/TestProviders';
import { LoginPage } from './LoginPage';

const fetchMock = jest.fn();

function reply(status: number, body: unknown) {
  return Promise.resolve({
    ok: status < 300,
    status,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
    text: () => Promise.resolve(JSON.stringify(body)),
  });
}

async function openLogin(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <p>landed</p> },
    ],
    { initialEntries: [url] },
  );
  // Not signed in yet: whoami answers 401.
  const fetcher = () => Promise.reject(Object.assign(new Error('Unauthorized'), { status: 401 }));
  render(
    <TestProviders fetcher={fetcher}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  await act(() => Promise.resolve()); // let the whoami check settle
  return router;
}

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
  setUnauthorizedHandler(jest.fn());
});

function signIn(email: string, password: string) {
  fireEvent.change(screen.getByLabelText(/Email/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  it('is titled as the spec says and links to password recovery', async () => {
    await openLogin('/login');
    expect(screen.getByRole('heading', { name: 'Sign In to your account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reset password' })).toHaveAttribute('href', '/recovery');
  });

  it("shows the server's message when sign-in fails", async () => {
    fetchMock.mockImplementation(() => reply(401, { statusCode: 401, code: 'UNAUTHORIZED', message: 'Invalid email or password' }));
    await openLogin('/login');
    signIn('ada@example.com', 'wrong');
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
  });

  it('returns to the page the user came from', async () => {
    fetchMock.mockImplementation(() => reply(200, whoamiFor(['admin'])));
    const router = await openLogin('/login?return_to=%2Fincidents%3Fstatus%3Dopen');
    signIn('ada@example.com', 'secret');
    await waitFor(() => expect(router.state.location.pathname).toBe('/incidents'));
    expect(router.state.location.search).toBe('?status=open');
    expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toEqual({ email: 'ada@example.com', password: 'secret' });
  });

  it('ignores a return_to that leaves the site', async () => {
    fetchMock.mockImplementation(() => reply(200, whoamiFor(['admin'])));
    const router = await openLogin('/login?return_to=https%3A%2F%2Fevil.example.com%2F');
    signIn('ada@example.com', 'secret');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('requires both fields', async () => {
    await openLogin('/login');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
