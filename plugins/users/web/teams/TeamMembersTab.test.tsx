import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { TestProviders } from '@web/core/testing/TestProviders';
import { reply, stubFetch } from '@web/core/testing/stubFetch';
import TeamMembersTab from './TeamMembersTab';
import { type TeamMember, peopleKey, teamMembersKey } from './teamsApi';

const team = { id: 't1', name: 'SRE' };
const member = (id: string, name: string): TeamMember => ({
  team_id: 't1',
  person_id: { id, name, email: `${id}@example.com`, avatar: null },
  created_at: '2025-01-01T00:00:00Z',
});
const people = [
  { id: 'p1', name: 'Alice Liddell', avatar: null },
  { id: 'p2', name: 'Bob Builder', avatar: null },
  { id: 'p3', name: 'Carla Cruz', avatar: null },
];

function renderTab(members: TeamMember[] | (() => Promise<TeamMember[]>), canWrite = true) {
  const fetcher = (key: string) => {
    if (key === teamMembersKey('t1')) return typeof members === 'function' ? members() : Promise.resolve(members);
    if (key === peopleKey) return Promise.resolve(people);
    return Promise.reject(new Error(`unexpected ${key}`));
  };
  render(
    <TestProviders fetcher={fetcher}>
      <TeamMembersTab resource={team} canWrite={canWrite} />
    </TestProviders>,
  );
}

describe('TeamMembersTab', () => {
  it('shows the empty state with its heading and message', async () => {
    stubFetch([]);
    renderTab([]);
    expect(await screen.findByText('Add team members', { selector: ':not(button)' })).toBeInTheDocument();
    expect(screen.getByText("You haven't added any team members to the team yet.")).toBeInTheDocument();
  });

  it('adds the picked users with one call and says who was added', async () => {
    let current: TeamMember[] = [member('p1', 'Alice Liddell')];
    const api = stubFetch([
      ['POST /api/db/team_members', () => ((current = [...current, member('p2', 'Bob Builder'), member('p3', 'Carla Cruz')]), reply(201))],
    ]);
    renderTab(() => Promise.resolve(current));
    fireEvent.click(await screen.findByRole('button', { name: 'Add team members' }));
    const dialog = await screen.findByRole('dialog');
    // Members already in the team are not offered.
    await within(dialog).findByText('Bob Builder');
    expect(within(dialog).queryByText('Alice Liddell')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByText('Bob Builder'));
    fireEvent.click(within(dialog).getByText('Carla Cruz'));
    fireEvent.click(within(dialog).getByText('Add', { selector: 'button' }));
    await waitFor(() => expect(api.to('POST /api/db/team_members')).toHaveLength(1));
    expect(api.last('POST /api/db/team_members')?.body).toEqual([
      { team_id: 't1', person_id: 'p2' },
      { team_id: 't1', person_id: 'p3' },
    ]);
    expect((await screen.findByTestId('toast-success')).textContent).toBe('Bob Builder, Carla Cruz added to the team successfully');
    expect(await screen.findByRole('cell', { name: /Carla Cruz/ })).toBeInTheDocument();
  });

  it('removes a member after confirmation', async () => {
    const api = stubFetch([['DELETE /api/db/team_members', reply(204)]]);
    renderTab([member('p1', 'Alice Liddell')]);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Alice Liddell' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.to('DELETE /api/db/team_members')).toHaveLength(1));
    expect(api.last('DELETE /api/db/team_members')?.url).toBe('/api/db/team_members?person_id=eq.p1&team_id=eq.t1');
    expect((await screen.findByTestId('toast-success')).textContent).toBe('Alice Liddell removed from team successfully');
  });

  it("shows the server's message when removing fails", async () => {
    stubFetch([['DELETE /api/db/team_members', reply(403, { message: 'You do not have write permission on identities' })]]);
    renderTab([member('p1', 'Alice Liddell')]);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Alice Liddell' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect((await screen.findByTestId('toast-error')).textContent).toBe('You do not have write permission on identities');
  });

  it('offers no changes without write permission', async () => {
    stubFetch([]);
    renderTab([member('p1', 'Alice Liddell')], false);
    expect(await screen.findByRole('cell', { name: /Alice Liddell/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add team members' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Alice Liddell' })).not.toBeInTheDocument();
  });
});
