import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { startAuthentication } from '@simplewebauthn/browser';
import { setUnauthorizedHandler } from '@web/core/api';
import { useWhoAmI } from '@web/core/auth';
import { TestProviders, whoamiFor } from '@web/core/testing/TestProviders';
import { KEY_NOT_USED, SecondFactorStep } from './SecondFactorStep';

jest.mock('@simplewebauthn/browser', () => ({ startAuthentication: jest.fn() }));
const startAuthenticationMock = startAuthentication as jest.MockedFunction<typeof startAuthentication>;

type Answer = { status: number; body: unknown };
const fetchMock = jest.fn();

function reply({ status, body }: Answer) {
  return Promise.resolve({
    ok: status < 300,
    status,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
    text: () => Promise.resolve(JSON.stringify(body)),
  });
}

/** Answers by "METHOD path"; each entry a list used in turn (the last one repeats). */
function serve(routes: Record<string, Answer[]>) {
  fetchMock.mockImplementation((url: string, init: { method: string }) => {
    const key = `${init.method} ${url}`;
    const answers = routes[key];
    if (!answers) return reply({ status: 404, body: { message: `no route ${key}` } });
    return reply(answers.length > 1 ? answers.shift()! : answers[0]);
  });
}

function bodiesSentTo(path: string) {
  return fetchMock.mock.calls.filter(([url]) => url === path).map(([, init]) => JSON.parse(init.body ?? 'null'));
}

function Landed() {
  const { whoami } = useWhoAmI();
  return <p>landed as {whoami?.user.name ?? 'nobody'}</p>;
}

function open() {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <SecondFactorStep returnTo="/incidents?status=open" /> },
      { path: '*', element: <Landed /> },
    ],
    { initialEntries: ['/login?aal=aal2&return_to=%2Fincidents%3Fstatus%3Dopen'] },
  );
  // whoami is never fetched through the canned fetcher: the step seeds it.
  const fetcher = () => Promise.reject(new Error('not seeded'));
  render(
    <TestProviders fetcher={fetcher}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}

const METHODS = '/api/auth/2fa/methods';
const SIGN_IN = '/api/auth/login/2fa';
const OPTIONS = '/api/auth/login/webauthn/options';
const signedIn = { status: 200, body: whoamiFor(['editor']) };

beforeEach(() => {
  fetchMock.mockReset();
  startAuthenticationMock.mockReset();
  globalThis.fetch = fetchMock;
  setUnauthorizedHandler(jest.fn());
});

describe('SecondFactorStep', () => {
  it('signs in with a code from the authenticator app and goes where the user was going, signed in', async () => {
    serve({ [`GET ${METHODS}`]: [{ status: 200, body: { methods: ['totp', 'recovery_code'] } }], [`POST ${SIGN_IN}`]: [signedIn] });
    const router = open();
    fireEvent.change(await screen.findByLabelText(/Authentication code/), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/incidents'));
    expect(router.state.location.search).toBe('?status=open');
    expect(await screen.findByText('landed as Ada Lovelace')).toBeInTheDocument();
    expect(bodiesSentTo(SIGN_IN)).toEqual([{ method: 'totp', code: '123 456' }]);
    expect(screen.queryByRole('button', { name: 'Use a security key' })).toBeNull();
  });

  it("shows the server's message for a wrong code and stays", async () => {
    serve({
      [`GET ${METHODS}`]: [{ status: 200, body: { methods: ['totp'] } }],
      [`POST ${SIGN_IN}`]: [{ status: 400, body: { statusCode: 400, code: 'invalid_code', message: 'Invalid authentication code' } }],
    });
    const router = open();
    fireEvent.change(await screen.findByLabelText(/Authentication code/), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid authentication code')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Use a recovery code' })).toBeNull(); // the account has none
  });

  it('asks for a code before sending anything', async () => {
    serve({ [`GET ${METHODS}`]: [{ status: 200, body: { methods: ['totp'] } }] });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the code from your authenticator app')).toBeInTheDocument();
    expect(bodiesSentTo(SIGN_IN)).toEqual([]);
  });

  it('takes a recovery code instead', async () => {
    serve({ [`GET ${METHODS}`]: [{ status: 200, body: { methods: ['totp', 'recovery_code'] } }], [`POST ${SIGN_IN}`]: [signedIn] });
    const router = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    fireEvent.change(screen.getByLabelText(/Recovery code/), { target: { value: 'abcd-efgh-jkmn-pqrs' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/incidents'));
    expect(bodiesSentTo(SIGN_IN)).toEqual([{ method: 'recovery_code', code: 'abcd-efgh-jkmn-pqrs' }]);
  });

  it('signs in with a security key', async () => {
    const options = { challenge: 'c1', rpId: 'localhost', allowCredentials: [{ id: 'k1', type: 'public-key' }] };
    const assertion = { id: 'k1', rawId: 'k1', type: 'public-key', response: {}, clientExtensionResults: {} };
    serve({
      [`GET ${METHODS}`]: [{ status: 200, body: { methods: ['webauthn', 'recovery_code'] } }],
      [`POST ${OPTIONS}`]: [{ status: 200, body: options }],
      [`POST ${SIGN_IN}`]: [signedIn],
    });
    startAuthenticationMock.mockResolvedValue(assertion as never);
    const router = open();
    // No authenticator app: the key is the main way, a recovery code the other.
    expect(screen.queryByLabelText(/Authentication code/)).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Use a security key' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/incidents'));
    expect(startAuthenticationMock).toHaveBeenCalledWith({ optionsJSON: options });
    expect(bodiesSentTo(SIGN_IN)).toEqual([{ method: 'webauthn', response: assertion }]);
  });

  it('says so when the key prompt is closed', async () => {
    serve({
      [`GET ${METHODS}`]: [{ status: 200, body: { methods: ['webauthn'] } }],
      [`POST ${OPTIONS}`]: [{ status: 200, body: { challenge: 'c1' } }],
    });
    startAuthenticationMock.mockRejectedValue(Object.assign(new Error('The operation either timed out or was not allowed'), { name: 'NotAllowedError' }));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Use a security key' }));
    expect(await screen.findByText(KEY_NOT_USED)).toBeInTheDocument();
    expect(bodiesSentTo(SIGN_IN)).toEqual([]);
  });

  it('ends the waiting session for someone else to sign in', async () => {
    serve({ [`GET ${METHODS}`]: [{ status: 200, body: { methods: ['totp'] } }], ['POST /api/auth/logout']: [{ status: 204, body: null }] });
    const router = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in as someone else' }));
    await waitFor(() => expect(router.state.location.search).toBe('?return_to=%2Fincidents%3Fstatus%3Dopen'));
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/auth/logout' && init.method === 'POST')).toBe(true);
  });

  it('goes on when the session has no second factor to give', async () => {
    serve({ [`GET ${METHODS}`]: [{ status: 200, body: { methods: [] } }] });
    const router = open();
    await waitFor(() => expect(router.state.location.pathname).toBe('/incidents'));
  });

  it('goes back to the password step when the waiting session is gone (401)', async () => {
    serve({ [`GET ${METHODS}`]: [{ status: 401, body: { statusCode: 401, code: 'unauthorized', message: 'Please sign in' } }] });
    const router = open();
    await waitFor(() => expect(router.state.location.search).toBe('?return_to=%2Fincidents%3Fstatus%3Dopen'));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('goes back to the password step when the session ends while answering', async () => {
    serve({
      [`GET ${METHODS}`]: [{ status: 200, body: { methods: ['totp'] } }],
      [`POST ${SIGN_IN}`]: [{ status: 401, body: { statusCode: 401, code: 'unauthorized', message: 'Please sign in' } }],
    });
    const router = open();
    fireEvent.change(await screen.findByLabelText(/Authentication code/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.search).toBe('?return_to=%2Fincidents%3Fstatus%3Dopen'));
  });
});
