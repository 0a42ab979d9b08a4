import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { USER_FORM_MESSAGES, USER_TOASTS } from '@contracts';
import { TestProviders } from '@web/core/testing/TestProviders';
import { reply, stubFetch } from '@web/core/testing/stubFetch';
import { InviteUserDialog } from './InviteUserDialog';

const link = 'http://console.test/registration?token=abc123';

function openDialog() {
  render(
    <TestProviders responses={{ '/api/users': [] }}>
      <InviteUserDialog open onClose={jest.fn()} />
    </TestProviders>,
  );
}

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

describe('InviteUserDialog', () => {
  it('shows the spec messages for every missing field and sends nothing', async () => {
    const api = stubFetch([]);
    openDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    for (const message of [USER_FORM_MESSAGES.firstName, USER_FORM_MESSAGES.lastName, USER_FORM_MESSAGES.email, USER_FORM_MESSAGES.role]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(api.calls).toHaveLength(0);
  });

  it('says when the email does not look like an address', async () => {
    const api = stubFetch([]);
    openDialog();
    type(/Email/, 'dana.example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText(USER_FORM_MESSAGES.emailFormat)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('invites, then shows the link to share with a copy button', async () => {
    const api = stubFetch([['POST /api/users/invite', { id: 'p1', link, expires_at: '2030-01-01T00:00:00Z', emailed: false }]]);
    const writeText = jest.fn(() => Promise.resolve());
    Object.assign(navigator, { clipboard: { writeText } });
    openDialog();
    type(/First name/, ' Dana ');
    type(/Last name/, 'Ruiz');
    type(/Email/, 'dana@example.com');
    fireEvent.change(screen.getByRole('combobox', { name: /Role/ }), { target: { value: 'editor' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByDisplayValue(link)).toBeInTheDocument();
    expect(api.last('POST /api/users/invite')?.body).toEqual({ firstName: 'Dana', lastName: 'Ruiz', email: 'dana@example.com', role: 'editor' });
    expect((await screen.findByTestId('toast-success')).textContent).toBe(USER_TOASTS.invited);
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(link));
    expect(await screen.findByText('Link copied to clipboard')).toBeInTheDocument();
  });

  it("shows the server's message when the invite is refused and keeps the form", async () => {
    stubFetch([['POST /api/users/invite', reply(409, { message: 'A user with this email already exists' })]]);
    openDialog();
    type(/First name/, 'Dana');
    type(/Last name/, 'Ruiz');
    type(/Email/, 'dana@example.com');
    fireEvent.change(screen.getByRole('combobox', { name: /Role/ }), { target: { value: 'viewer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect((await screen.findByTestId('toast-error')).textContent).toBe('A user with this email already exists');
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveValue('dana@example.com');
  });
});
