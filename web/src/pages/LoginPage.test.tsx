import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { LOGIN_FLOW_MESSAGES } from '@contracts';
import { API_PATHS, setUnauthorizedHandler } from '@web/core/api';
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

async function openLogin(url: string, signedIn = false) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <p>landed</p> },
    ],
    { initialEntries: [url] },
  );
  // Not signed in yet: whoami answers 401 (or, for 'Confirm Action', the signed-in user).
  const fetcher = (key: string) =>
    signedIn && key === API_PATHS.whoami ? Promise.resolve(whoamiFor(['editor'])) : Promise.reject(Object.assign(new Error('Unauthorized'), { status: 401 }));
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

  it('says when the return_to address is not allowed, and still signs in and goes home', async () => {
    fetchMock.mockImplementation(() => reply(200, whoamiFor(['admin'])));
    const router = await openLogin('/login?return_to=javascript%3Aalert(1)');
    expect(screen.getByTestId('return-to-refused')).toHaveTextContent(LOGIN_FLOW_MESSAGES.returnToNotAllowed);
    signIn('ada@example.com', 'secret');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('does not warn about an allowed return_to', async () => {
    await openLogin('/login?return_to=%2Fsettings%2Fusers');
    expect(screen.queryByTestId('return-to-refused')).not.toBeInTheDocument();
  });

  it('shows the expired-flow message for a 410 and the security message for a CSRF refusal', async () => {
    fetchMock.mockImplementationOnce(() => reply(410, { statusCode: 410, code: 'flow_expired', message: 'gone' }));
    await openLogin('/login');
    signIn('ada@example.com', 'secret');
    expect(await screen.findByText(LOGIN_FLOW_MESSAGES.expired)).toBeInTheDocument();
    fetchMock.mockImplementationOnce(() => reply(403, { statusCode: 403, code: 'csrf', message: 'Missing or invalid CSRF token' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(LOGIN_FLOW_MESSAGES.securityViolation)).toBeInTheDocument();
  });

  it("asks the signed-in user for their password again as 'Confirm Action' and returns where they were", async () => {
    fetchMock.mockImplementation(() => reply(200, whoamiFor(['editor'])));
    const router = await openLogin('/login?refresh=true&return_to=%2Fprofile-settings', true);
    expect(await screen.findByRole('heading', { name: 'Confirm Action' })).toBeInTheDocument();
    const email = screen.getByLabelText(/Email/) as HTMLInputElement;
    expect(email.value).toBe('ada@example.com');
    expect(email.readOnly).toBe(true);
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile-settings'));
    expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toEqual({ email: 'ada@example.com', password: 'secret', refresh: true });
  });

  it("keeps 'Confirm Action' open with the server's message when the password is wrong", async () => {
    fetchMock.mockImplementation(() => reply(400, { statusCode: 400, code: 'invalid_credentials', message: 'Invalid email or password' }));
    const router = await openLogin('/login?refresh=true&return_to=%2Fprofile-settings', true);
    fireEvent.change(await screen.findByLabelText(/Password/), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('offers the ordinary sign-in at ?refresh=true when nobody is signed in', async () => {
    await openLogin('/login?refresh=true');
    expect(screen.getByRole('heading', { name: 'Sign In to your account' })).toBeInTheDocument();
  });
});
