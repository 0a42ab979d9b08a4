import { act, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { setUnauthorizedHandler } from '@web/core/api';
import { TestProviders, signedIn } from '@web/core/testing/TestProviders';
import { jsonResponse } from '@web/core/testing/jsonResponse';
import { ChangePasswordSection, PASSWORD_CHANGED, PASSWORD_PATH } from './ChangePasswordSection';
import { PROFILE_MESSAGE_MS, useFlashMessage } from './useFlashMessage';

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
  setUnauthorizedHandler(jest.fn());
});

const posts = (url: string) => fetchMock.mock.calls.filter(([u, init]) => u === url && init?.method === 'POST').map(([, init]) => JSON.parse(init.body));
const refreshRequired = () => jsonResponse(403, { statusCode: 403, code: 'session_refresh_required', message: 'Please confirm your password to continue' });

function renderSection() {
  render(
    <TestProviders responses={signedIn(['viewer'])}>
      <ChangePasswordSection />
    </TestProviders>,
  );
}

function typePasswords(value: string, confirm = value) {
  fireEvent.change(screen.getByLabelText(/^New password/), { target: { value } });
  fireEvent.change(screen.getByLabelText(/Confirm new password/), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

// Fluent's focus manager (tabster) marks an open dialog aria-hidden in jsdom at times once it re-renders; the
// dialog's buttons are found with `hidden: true` (they are visible and enabled in a browser).
describe('Change Password on the profile page', () => {
  it('changes the password and says so', async () => {
    fetchMock.mockImplementation(() => jsonResponse(200, { other_sessions_revoked: 2 }));
    renderSection();
    expect(screen.getByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
    typePasswords('a-long-new-password');
    expect(await screen.findByTestId('password-message')).toHaveTextContent(PASSWORD_CHANGED);
    expect(posts(PASSWORD_PATH)).toEqual([{ newPassword: 'a-long-new-password' }]);
    expect((screen.getByLabelText(/^New password/) as HTMLInputElement).value).toBe('');
  });

  it('checks length and confirmation before asking the server', async () => {
    renderSection();
    typePasswords('short');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    typePasswords('a-long-new-password', 'another-password');
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("asks 'Confirm Action' when the sign-in is not recent, then sends the same change again", async () => {
    let confirmed = false;
    fetchMock.mockImplementation((url: string) => {
      if (url === '/api/auth/login') {
        confirmed = true;
        return jsonResponse(200, signedIn(['viewer'])['/api/auth/whoami']);
      }
      return confirmed ? jsonResponse(200, { other_sessions_revoked: 0 }) : refreshRequired();
    });
    renderSection();
    typePasswords('a-long-new-password');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Confirm Action')).toBeInTheDocument();
    expect((within(dialog).getByLabelText(/Email/) as HTMLInputElement).value).toBe('ada@example.com');
    // What was typed in the section is still there behind the dialog.
    expect((screen.getByLabelText(/^New password/) as HTMLInputElement).value).toBe('a-long-new-password');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm', hidden: true }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/^Password/), { target: { value: 'my-current-password' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm', hidden: true }));

    expect(await screen.findByTestId('password-message')).toHaveTextContent(PASSWORD_CHANGED);
    expect(posts('/api/auth/login')).toEqual([{ email: 'ada@example.com', password: 'my-current-password', refresh: true }]);
    expect(posts(PASSWORD_PATH)).toEqual([{ newPassword: 'a-long-new-password' }, { newPassword: 'a-long-new-password' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the dialog open with the reason when confirming fails, and cancelling changes nothing', async () => {
    fetchMock.mockImplementation((url: string) =>
      url === '/api/auth/login' ? jsonResponse(400, { statusCode: 400, code: 'invalid_credentials', message: 'Invalid email or password' }) : refreshRequired(),
    );
    renderSection();
    typePasswords('a-long-new-password');
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Password/), { target: { value: 'wrong' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm', hidden: true }));
    expect(await within(dialog).findByText('Invalid email or password')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByTestId('password-message')).not.toBeInTheDocument();
    expect((screen.getByLabelText(/^New password/) as HTMLInputElement).value).toBe('a-long-new-password');
    expect(posts(PASSWORD_PATH)).toHaveLength(1);
  });

  it("shows the server's reason when the change is refused", async () => {
    fetchMock.mockImplementation(() => jsonResponse(400, { statusCode: 400, code: 'invalid_password', message: 'Password must be at most 1024 characters' }));
    renderSection();
    typePasswords('a-long-new-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Password must be at most 1024 characters');
  });
});

describe('profile messages', () => {
  afterEach(() => jest.useRealTimers());

  it('clear after 10 s, and a new message starts the wait again', () => {
    jest.useFakeTimers();
    const { result } = renderHook(() => useFlashMessage());
    act(() => result.current[1]({ intent: 'success', text: 'first' }));
    act(() => jest.advanceTimersByTime(PROFILE_MESSAGE_MS - 1));
    expect(result.current[0]?.text).toBe('first');
    act(() => result.current[1]({ intent: 'error', text: 'second' }));
    act(() => jest.advanceTimersByTime(PROFILE_MESSAGE_MS - 1));
    expect(result.current[0]?.text).toBe('second');
    act(() => jest.advanceTimersByTime(1));
    expect(result.current[0]).toBeNull();
    expect(PROFILE_MESSAGE_MS).toBe(10_000);
  });
});
