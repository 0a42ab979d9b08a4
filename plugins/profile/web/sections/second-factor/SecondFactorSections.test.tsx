import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { startRegistration } from '@simplewebauthn/browser';
import { TestProviders } from '@web/core/testing/TestProviders';
import { jsonResponse } from '@web/core/testing/jsonResponse';
import { SecondFactorSections } from '../SecondFactorSections';
import { SECOND_FACTOR_API, type SecondFactorStatus } from './secondFactorApi';
import { TOTP_MESSAGES } from './TotpSection';
import { WEBAUTHN_MESSAGES } from './WebAuthnSection';

jest.mock('@simplewebauthn/browser', () => ({ startRegistration: jest.fn() }));
const startRegistrationMock = startRegistration as jest.MockedFunction<typeof startRegistration>;

const fetchMock = jest.fn();
const CODES = Array.from({ length: 10 }, (_, i) => `aaaa-bbbb-cccc-000${i}`);
const NONE: SecondFactorStatus = { totp: false, recovery_codes_left: 0, webauthn: [] };
const KEY = { id: '11111111-2222-4333-8444-555555555555', name: 'YubiKey', created_at: '2026-11-01T10:00:00Z', last_used_at: null };

/** A tiny second-factor server: `status` is what GET /api/auth/2fa answers; `routes` answer "METHOD path". */
function serve(initial: SecondFactorStatus, routes: Record<string, (body: unknown) => { status: number; body?: unknown; next?: SecondFactorStatus }>) {
  let status = initial;
  fetchMock.mockImplementation((url: string, init: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url === SECOND_FACTOR_API.status) return jsonResponse(200, status);
    const route = routes[`${method} ${url}`];
    if (!route) return jsonResponse(404, { message: `no route ${method} ${url}` });
    const answer = route(init.body ? JSON.parse(init.body as string) : undefined);
    if (answer.next) status = answer.next;
    return jsonResponse(answer.status, answer.body);
  });
}

function sent(method: string, url: string) {
  return fetchMock.mock.calls.filter(([u, init]) => u === url && (init?.method ?? 'GET') === method).map(([, init]) => JSON.parse(init.body ?? 'null'));
}

function open() {
  const router = createMemoryRouter(
    [
      { path: '/profile-settings', element: <SecondFactorSections /> },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: ['/profile-settings'] },
  );
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}

const section = (name: string) => screen.findByRole('heading', { name }).then((h) => h.closest('.fui-Card') as HTMLElement);

beforeEach(() => {
  fetchMock.mockReset();
  startRegistrationMock.mockReset();
  globalThis.fetch = fetchMock;
});

afterEach(() => jest.useRealTimers());

describe('profile second-factor sections', () => {
  it('shows the three sections the spec names', async () => {
    serve(NONE, {});
    open();
    for (const name of ['2FA backup recovery codes', '2FA authenticator app', 'Hardware tokens and biometrics']) {
      expect(await screen.findByRole('heading', { name })).toBeInTheDocument();
    }
    expect(await screen.findByText(/set one up first/)).toBeInTheDocument();
    expect(screen.getByText('No security keys yet.')).toBeInTheDocument();
  });

  it('sets up the authenticator app with the QR code and secret, then shows the recovery codes once', async () => {
    serve(NONE, {
      [`POST ${SECOND_FACTOR_API.totpSetup}`]: () => ({
        status: 201,
        body: { secret: 'JBSWY3DPEHPK3PXP', otpauth_uri: 'otpauth://totp/x', qr: 'data:image/png;base64,AAAA' },
      }),
      [`POST ${SECOND_FACTOR_API.totpVerify}`]: () => ({
        status: 200,
        body: { recovery_codes: CODES },
        next: { totp: true, recovery_codes_left: 10, webauthn: [] },
      }),
    });
    open();
    const card = await section('2FA authenticator app');
    fireEvent.click(await within(card).findByRole('button', { name: 'Set up authenticator app' }));
    expect(await within(card).findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute('src', 'data:image/png;base64,AAAA');
    expect(within(card).getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    fireEvent.change(within(card).getByLabelText(/Code from the app/), { target: { value: ' 123456 ' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Verify' }));
    const list = await within(card).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(within(card).getByText(TOTP_MESSAGES.enabled)).toBeInTheDocument();
    expect(sent('POST', SECOND_FACTOR_API.totpVerify)).toEqual([{ code: '123456' }]);
    fireEvent.click(within(card).getByRole('button', { name: 'I saved them' }));
    expect(await within(card).findByRole('button', { name: 'Remove authenticator app' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(await screen.findByText('10 recovery codes left')).toBeInTheDocument();
  });

  it('keeps the set-up open and says why when the code is wrong', async () => {
    serve(NONE, {
      [`POST ${SECOND_FACTOR_API.totpSetup}`]: () => ({ status: 201, body: { secret: 'JBSWY3DPEHPK3PXP', otpauth_uri: 'otpauth://totp/x', qr: 'data:,' } }),
      [`POST ${SECOND_FACTOR_API.totpVerify}`]: () => ({
        status: 400,
        body: { statusCode: 400, code: 'invalid_code', message: 'Invalid authentication code' },
      }),
    });
    open();
    const card = await section('2FA authenticator app');
    fireEvent.click(await within(card).findByRole('button', { name: 'Set up authenticator app' }));
    fireEvent.change(await within(card).findByLabelText(/Code from the app/), { target: { value: '000000' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Verify' }));
    expect(await within(card).findByText('Invalid authentication code')).toBeInTheDocument();
    expect(within(card).getByLabelText(/Code from the app/)).toHaveValue('000000');
  });

  it("sends the user to 'Confirm Action' when the change needs a recent sign-in", async () => {
    serve(NONE, {
      [`POST ${SECOND_FACTOR_API.totpSetup}`]: () => ({
        status: 403,
        body: { statusCode: 403, code: 'session_refresh_required', message: 'Please confirm your password to continue' },
      }),
    });
    const router = open();
    const card = await section('2FA authenticator app');
    fireEvent.click(await within(card).findByRole('button', { name: 'Set up authenticator app' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('refresh')).toBe('true');
    expect(new URLSearchParams(router.state.location.search).get('return_to')).toBe('/profile-settings');
  });

  it('removes the authenticator app after confirmation; the message clears after 10 s', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    serve({ totp: true, recovery_codes_left: 4, webauthn: [] }, { [`DELETE ${SECOND_FACTOR_API.totp}`]: () => ({ status: 204, next: NONE }) });
    open();
    const card = await section('2FA authenticator app');
    fireEvent.click(await within(card).findByRole('button', { name: 'Remove authenticator app' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await within(card).findByText(TOTP_MESSAGES.removed)).toBeInTheDocument();
    expect(await within(card).findByRole('button', { name: 'Set up authenticator app' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(10_000));
    await waitFor(() => expect(within(card).queryByText(TOTP_MESSAGES.removed)).toBeNull());
  });

  it('counts the recovery codes left and makes a new set after confirmation', async () => {
    serve(
      { totp: true, recovery_codes_left: 7, webauthn: [] },
      {
        [`POST ${SECOND_FACTOR_API.recoveryCodes}`]: () => ({
          status: 200,
          body: { recovery_codes: CODES },
          next: { totp: true, recovery_codes_left: 10, webauthn: [] },
        }),
      },
    );
    open();
    const card = await section('2FA backup recovery codes');
    expect(await within(card).findByText('7 recovery codes left')).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: 'Generate new recovery codes' }));
    const dialog = await screen.findByRole('alertdialog', { hidden: true });
    expect(within(dialog).getByText('Your current recovery codes will stop working.')).toBeInTheDocument();
    // Fluent's focus trap does not always settle in jsdom, leaving the open surface aria-hidden: find its buttons anyway.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate', hidden: true }));
    const list = await within(card).findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
  });

  it('adds a security key with the browser, showing the recovery codes that came with it, and removes it', async () => {
    const options = { challenge: 'c1', rp: { id: 'localhost', name: 'Operations Console' } };
    const attestation = { id: 'k1', rawId: 'k1', type: 'public-key', response: {}, clientExtensionResults: {} };
    serve(NONE, {
      [`POST ${SECOND_FACTOR_API.webauthnOptions}`]: () => ({ status: 200, body: options }),
      [`POST ${SECOND_FACTOR_API.webauthnVerify}`]: () => ({
        status: 200,
        body: { credential: KEY, recovery_codes: CODES },
        next: { totp: false, recovery_codes_left: 10, webauthn: [KEY] },
      }),
      [`DELETE ${SECOND_FACTOR_API.webauthnKey(KEY.id)}`]: () => ({ status: 204, next: NONE }),
    });
    startRegistrationMock.mockResolvedValue(attestation as never);
    open();
    const card = await section('Hardware tokens and biometrics');
    fireEvent.change(within(card).getByLabelText('Name'), { target: { value: 'YubiKey' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Add security key' }));
    expect(await within(card).findByText(WEBAUTHN_MESSAGES.added('YubiKey'))).toBeInTheDocument();
    expect(startRegistrationMock).toHaveBeenCalledWith({ optionsJSON: options });
    expect(sent('POST', SECOND_FACTOR_API.webauthnVerify)).toEqual([{ name: 'YubiKey', response: attestation }]);
    expect(within(card).getByRole('list', { name: 'Recovery codes' })).toBeInTheDocument();
    const table = await within(card).findByRole('table', { name: 'Security keys' });
    expect(within(table).getByText('YubiKey')).toBeInTheDocument();
    expect(within(table).getByText('Never')).toBeInTheDocument();

    fireEvent.click(within(table).getByRole('button', { name: 'Remove' }));
    fireEvent.click(await within(await screen.findByRole('alertdialog')).findByRole('button', { name: 'Remove' }));
    expect(await within(card).findByText(WEBAUTHN_MESSAGES.removed('YubiKey'))).toBeInTheDocument();
    expect(await within(card).findByText('No security keys yet.')).toBeInTheDocument();
  });

  it('says so when the browser did not register a key, sending nothing', async () => {
    serve(NONE, { [`POST ${SECOND_FACTOR_API.webauthnOptions}`]: () => ({ status: 200, body: { challenge: 'c1' } }) });
    startRegistrationMock.mockRejectedValue(new Error('NotAllowedError'));
    open();
    const card = await section('Hardware tokens and biometrics');
    fireEvent.click(within(card).getByRole('button', { name: 'Add security key' }));
    expect(await within(card).findByText(WEBAUTHN_MESSAGES.notRegistered)).toBeInTheDocument();
    expect(sent('POST', SECOND_FACTOR_API.webauthnVerify)).toEqual([]);
  });
});
