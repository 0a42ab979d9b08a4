import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Role } from '@contracts';
import { ConfigComponentLinks } from './ConfigComponentLinks';
import { renderAt, stubFetch, type Call } from '../testing';

const LINKS = '/api/db/config_component_relationships';

function open(roles: Role[], links: unknown[] = [{ component_id: 'k1', selector_id: 'manual', component: { id: 'k1', name: 'checkout', type: 'Service' } }]) {
  const api = stubFetch([
    [LINKS, (call: Call) => (call.method === 'GET' ? links : call.method === 'POST' ? [] : null)],
    ['/api/db/components', [{ id: 'k2', name: 'payments', type: 'Service' }]],
  ]);
  renderAt('/catalog/c1', [{ path: '/catalog/:id', element: <ConfigComponentLinks configId="c1" /> }], { roles });
  return api;
}

describe('config ↔ component links', () => {
  it('lists linked components and links another with the manual selector', async () => {
    const api = open(['editor']);
    expect(await screen.findByText('checkout')).toBeInTheDocument();
    expect(api.last(LINKS)?.url).toContain('config_id=eq.c1');
    fireEvent.click(screen.getByRole('combobox', { name: 'Link to component' }));
    fireEvent.click(await screen.findByRole('option', { name: 'payments (Service)' }));
    await waitFor(() => expect(api.to(LINKS).some((c) => c.method === 'POST')).toBe(true));
    expect(api.to(LINKS).find((c) => c.method === 'POST')?.body).toEqual({ component_id: 'k2', config_id: 'c1', selector_id: 'manual' });
    expect(await screen.findByText('config link successful')).toBeInTheDocument();
  });

  it('removes a manual link with its toast', async () => {
    const api = open(['editor']);
    fireEvent.click(await screen.findByRole('button', { name: 'Unlink checkout' }));
    await waitFor(() => expect(api.to(LINKS).some((c) => c.method === 'DELETE')).toBe(true));
    expect(api.to(LINKS).find((c) => c.method === 'DELETE')?.url).toContain('component_id=eq.k1&config_id=eq.c1&selector_id=eq.manual');
    expect(await screen.findByText('Deleted config link successfully')).toBeInTheDocument();
  });

  it('shows a viewer the links without the controls', async () => {
    open(['viewer']);
    expect(await screen.findByText('checkout')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Link to component' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unlink checkout' })).not.toBeInTheDocument();
  });
});
