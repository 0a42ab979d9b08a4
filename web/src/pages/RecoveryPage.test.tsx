import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setUnauthorizedHandler } from '@web/core/api';
import { whoamiFor } from '@web/core/testing/TestProviders';
import { jsonResponse } from '@web/core/testing/jsonResponse';
import { answer, bodyOf, fetchMock, openPage } from './accountFlowsTesting';
import { RecoveryPage } from './RecoveryPage';

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
  setUnauthorizedHandler(jest.fn());
});

const open = (url: string) => openPage('/recovery', url, <RecoveryPage />);
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const SENT = 'If an account exists for this email, we have sent it a link to recover it. The link can be used once and expires soon.';

describe('RecoveryPage', () => {
  it('asks for a link by email and shows the same answer the server gives everyone', async () => {
    answer((url) => (url === '/api/auth/recovery' ? jsonResponse(200, { message: SENT }) : undefined));
    await open('/recovery');
    expect(screen.getByRole('heading', { name: 'Recover account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Go back/ })).toHaveAttribute('href', '/login');
    type(/Email/, 'not-an-address');
    fireEvent.click(screen.getByRole('button', { name: 'Send recovery link' }));
    expect(await screen.findByText('Entered value does not match email format')).toBeInTheDocument();
    type(/Email/, 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send recovery link' }));
    expect(await screen.findByTestId('recovery-sent')).toHaveTextContent(SENT);
    expect(bodyOf('/api/auth/recovery')).toEqual({ email: 'ada@example.com' });
  });

  it('shows the rate limit message', async () => {
    answer(() =>
      jsonResponse(429, { statusCode: 429, code: 'rate_limited', message: 'Too many requests for this email or address. Please wait a while and try again.' }),
    );
    await open('/recovery');
    type(/Email/, 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send recovery link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests');
  });

  it('sets a new password with the link and signs in', async () => {
    answer((url) => (url === '/api/auth/recovery/complete' ? jsonResponse(200, whoamiFor(['viewer'])) : undefined));
    const router = await open('/recovery?token=abc');
    type(/New password/, 'a-brand-new-password');
    type(/Confirm password/, 'a-brand-new-password');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(bodyOf('/api/auth/recovery/complete')).toEqual({ token: 'abc', password: 'a-brand-new-password' });
  });

  it('goes to the second factor when the account has one', async () => {
    answer(() => jsonResponse(200, { second_factor_required: true, methods: ['totp'] }));
    const router = await open('/recovery?token=abc');
    type(/New password/, 'a-brand-new-password');
    type(/Confirm password/, 'a-brand-new-password');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?aal=aal2&return_to=%2F');
  });

  it("shows the server's sentence for a used or expired link", async () => {
    const message = 'This recovery link has expired or has already been used. Ask for a new one.';
    answer(() => jsonResponse(410, { statusCode: 410, code: 'flow_expired', message }));
    await open('/recovery?token=used');
    type(/New password/, 'a-brand-new-password');
    type(/Confirm password/, 'a-brand-new-password');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});
