import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { USER_FORM_MESSAGES, type UserRow } from '@contracts';
import { TestProviders } from '@web/core/testing/TestProviders';
import { stubFetch } from '@web/core/testing/stubFetch';
import { EditUserDialog } from './EditUserDialog';

const dana: UserRow = {
  id: 'p1',
  name: 'Dana Ruiz Diaz',
  email: 'dana@example.com',
  avatar: null,
  roles: ['editor', 'commander'],
  state: 'active',
  invited: false,
  second_factor: false,
  created_at: '2025-01-01T00:00:00Z',
  last_login: null,
};

function openDialog(user: UserRow) {
  const onClose = jest.fn();
  render(
    <TestProviders responses={{ '/api/users': [user] }}>
      <EditUserDialog user={user} onClose={onClose} />
    </TestProviders>,
  );
  return onClose;
}

describe('EditUserDialog', () => {
  it('opens on the first and last name and the highest selectable role', () => {
    stubFetch([]);
    openDialog(dana);
    expect(screen.getByRole('textbox', { name: /First name/ })).toHaveValue('Dana');
    expect(screen.getByRole('textbox', { name: /Last name/ })).toHaveValue('Ruiz Diaz');
    expect(screen.getByRole('combobox', { name: /Role/ })).toHaveValue('editor');
    expect(screen.queryByRole('button', { name: 'Reset two-factor' })).not.toBeInTheDocument();
  });

  it('asks for a first name before saving', async () => {
    const api = stubFetch([]);
    openDialog(dana);
    fireEvent.change(screen.getByRole('textbox', { name: /First name/ }), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(USER_FORM_MESSAGES.firstName)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('changes the role and keeps roles given through the API', async () => {
    const api = stubFetch([['PATCH /api/users/p1', { ...dana, roles: ['admin', 'commander'] }]]);
    const onClose = openDialog(dana);
    fireEvent.change(screen.getByRole('combobox', { name: /Role/ }), { target: { value: 'admin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.last('PATCH /api/users/p1')?.body).toEqual({ firstName: 'Dana', lastName: 'Ruiz Diaz', roles: ['admin', 'commander'] });
    expect((await screen.findByTestId('toast-success')).textContent).toBe('Dana Ruiz Diaz updated successfully');
  });

  it('sends no roles when only the name changed', async () => {
    const api = stubFetch([['PATCH /api/users/p1', dana]]);
    const onClose = openDialog(dana);
    fireEvent.change(screen.getByRole('textbox', { name: /Last name/ }), { target: { value: 'Ruiz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.last('PATCH /api/users/p1')?.body).toEqual({ firstName: 'Dana', lastName: 'Ruiz' });
  });

  it('resets the second factor of a user who has one, after confirmation', async () => {
    const api = stubFetch([['DELETE /api/users/p1/second-factor', undefined]]);
    openDialog({ ...dana, second_factor: true });
    fireEvent.click(screen.getByRole('button', { name: 'Reset two-factor' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(api.to('DELETE /api/users/p1/second-factor')).toHaveLength(1));
    expect((await screen.findByTestId('toast-success')).textContent).toBe('Two-factor authentication of Dana Ruiz Diaz reset successfully');
  });
});
