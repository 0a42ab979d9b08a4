import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Role } from '@contracts';
import { TestProviders, signedIn } from '@web/core/testing/TestProviders';
import { reply, stubFetch } from '@web/core/testing/stubFetch';
import TeamComponentsTab from './TeamComponentsTab';
import { type TeamComponent, componentSearchKey, teamComponentsKey } from './teamsApi';

const link = (id: string, name: string, selector = 'manual'): TeamComponent => ({
  team_id: 't1',
  component_id: id,
  selector_id: selector,
  role: null,
  component: { id, name, type: 'Service', icon: null },
});

function renderTab(linked: TeamComponent[], roles: Role[] = ['editor']) {
  render(
    <MemoryRouter>
      <TestProviders responses={signedIn(roles, { [teamComponentsKey('t1')]: linked, [componentSearchKey('')]: [] })}>
        <TeamComponentsTab resource={{ id: 't1', name: 'SRE' }} />
      </TestProviders>
    </MemoryRouter>,
  );
}

describe('TeamComponentsTab', () => {
  it('lists linked components and unlinks one linked here', async () => {
    const api = stubFetch([['DELETE /api/db/team_components', reply(204)]]);
    renderTab([link('c1', 'checkout'), link('c2', 'payments', 'sel-1')]);
    expect(await screen.findByRole('link', { name: 'checkout' })).toHaveAttribute('href', '/topology/c1');
    expect(screen.getByText('Selector sel-1')).toBeInTheDocument();
    // Links made by a selector are the selector's: no unlink button.
    expect(screen.queryByRole('button', { name: 'Unlink payments' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Unlink checkout' }));
    await waitFor(() => expect(api.to('DELETE /api/db/team_components')).toHaveLength(1));
    expect(api.last('DELETE /api/db/team_components')?.url).toBe('/api/db/team_components?team_id=eq.t1&component_id=eq.c1&selector_id=eq.manual');
    expect((await screen.findByTestId('toast-success')).textContent).toBe('checkout unlinked from the team successfully');
  });

  it('offers no changes to those who may not write topologies', async () => {
    stubFetch([]);
    renderTab([link('c1', 'checkout')], ['viewer']);
    expect(await screen.findByRole('link', { name: 'checkout' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Link a component' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unlink checkout' })).not.toBeInTheDocument();
  });

  it('says when nothing is linked', async () => {
    stubFetch([]);
    renderTab([]);
    expect(await screen.findByText('No components are linked to this team')).toBeInTheDocument();
  });
});
