import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Role, UserRow } from '@contracts';
import { TestProviders, signedIn } from '@web/core/testing/TestProviders';
import { reply, stubFetch } from '@web/core/testing/stubFetch';
import UsersPage from './UsersPage';

const row = (id: string, name: string, roles: Role[], extra: Partial<UserRow> = {}): UserRow => ({
  id,
  name,
  email: `${id}@example.com`,
  avatar: null,
  roles,
  state: 'active',
  invited: false,
  second_factor: false,
  created_at: '2025-01-01T00:00:00Z',
  last_login: null,
  ...extra,
});
const users = [row('p1', 'Dana Ruiz', ['editor', 'viewer']), row('p2', 'Ivy Invited', ['viewer'], { invited: true })];

function renderPage(roles: Role[]) {
  render(
    <MemoryRouter initialEntries={['/settings/users']}>
      <TestProviders responses={signedIn(roles, { '/api/users': users })}>
        <UsersPage />
      </TestProviders>
    </MemoryRouter>,
  );
}

describe('UsersPage', () => {
  it('lists users with the highest role and state, with actions for admins', async () => {
    stubFetch([]);
    renderPage(['admin']);
    expect(await screen.findByText('Dana Ruiz')).toBeInTheDocument();
    for (const header of ['Name', 'Email', 'Roles', 'State', 'Created At', 'Actions']) expect(screen.getByText(header)).toBeInTheDocument();
    expect(screen.getByTitle('Editor, Viewer').textContent).toBe('Editor +1');
    expect(screen.getByText('Invited')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite User' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit User Dana Ruiz' })).toBeInTheDocument();
  });

  it('deletes a user after confirmation and says so', async () => {
    const api = stubFetch([['DELETE /api/users/p1', reply(204)]]);
    renderPage(['admin']);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Dana Ruiz' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.to('DELETE /api/users/p1')).toHaveLength(1));
    expect((await screen.findByTestId('toast-success')).textContent).toBe('user deleted successfully');
  });

  it('shows no invite, edit or delete without write on identities', async () => {
    stubFetch([]);
    renderPage(['editor']);
    expect(await screen.findByText('Dana Ruiz')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite User' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit User/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Actions')).not.toBeInTheDocument();
  });
});
