import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setUnauthorizedHandler } from '@web/core/api';
import { whoamiFor } from '@web/core/testing/TestProviders';
import { jsonResponse } from '@web/core/testing/jsonResponse';
import { answer, bodyOf, fetchMock, openPage } from './accountFlowsTesting';
import { INVITATION_ONLY, RegistrationPage } from './RegistrationPage';

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
  setUnauthorizedHandler(jest.fn());
});

const open = (url: string) => openPage('/registration', url, <RegistrationPage />);

function type(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('RegistrationPage', () => {
  it('shows who was invited, sets the password and signs in', async () => {
    answer((url) => {
      if (url === '/api/auth/registration/tok%2Ben') return jsonResponse(200, { email: 'dana@example.com', firstName: 'Dana', lastName: 'Ruiz' });
      if (url === '/api/auth/register') return jsonResponse(200, whoamiFor(['editor']));
    });
    const router = await open('/registration?token=tok%2Ben');
    expect(screen.getByRole('heading', { name: 'Create account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(await screen.findByText(/You were invited as Dana Ruiz/)).toBeInTheDocument();
    expect((screen.getByLabelText(/Email/) as HTMLInputElement).value).toBe('dana@example.com');

    type(/^Password/, 'long-enough-password');
    type(/Confirm password/, 'different-password');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();

    type(/Confirm password/, 'long-enough-password');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(bodyOf('/api/auth/register')).toEqual({ token: 'tok+en', password: 'long-enough-password' });
  });

  it('refuses a short password before asking the server', async () => {
    answer((url) => (url.startsWith('/api/auth/registration/') ? jsonResponse(200, { email: 'a@b.co', firstName: 'A', lastName: 'B' }) : undefined));
    await open('/registration?token=t');
    await screen.findByText(/You were invited/);
    type(/^Password/, 'short');
    type(/Confirm password/, 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(bodyOf('/api/auth/register')).toBeUndefined();
  });

  it('says when the invitation link expired or was used', async () => {
    const message = 'This invitation link has expired or has already been used. Ask an administrator for a new one.';
    answer(() => jsonResponse(410, { statusCode: 410, code: 'flow_expired', message }));
    await open('/registration?token=old');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
  });

  it('says registration is by invitation when open registration is off', async () => {
    answer((url) => (url === '/api/auth/registration' ? jsonResponse(200, { open: false }) : undefined));
    await open('/registration');
    expect(await screen.findByTestId('invitation-only')).toHaveTextContent(INVITATION_ONLY);
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
  });

  it('registers openly when allowed, with the spec messages for missing fields', async () => {
    answer((url) => {
      if (url === '/api/auth/registration') return jsonResponse(200, { open: true });
      if (url === '/api/auth/register') return jsonResponse(200, whoamiFor(['viewer']));
    });
    const router = await open('/registration');
    fireEvent.click(await screen.findByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Please provide valid first name')).toBeInTheDocument();
    expect(screen.getByText('Please provide valid last name')).toBeInTheDocument();
    expect(screen.getByText('Please provide valid email')).toBeInTheDocument();
    type(/First name/, 'Walk');
    type(/Last name/, 'In');
    type(/Email/, 'walk@example.com');
    type(/^Password/, 'walk-in-password');
    type(/Confirm password/, 'walk-in-password');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(bodyOf('/api/auth/register')).toEqual({ firstName: 'Walk', lastName: 'In', email: 'walk@example.com', password: 'walk-in-password' });
  });
});
