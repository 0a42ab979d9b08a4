import { screen, waitFor, within } from '@testing-library/react';
import type { TopologyComponent } from '@contracts';
import { COMPONENT_NOT_FOUND } from '../pages/StandaloneComponentPage';
import { answer, cardNames, cards, component, lastQuery, openStandalone, reply, stubFetch } from './testing';

jest.mock('../menu/ComponentMenu', () => ({
  ComponentMenu: ({ component }: { component: TopologyComponent }) => <button type="button" aria-label={`Menu of ${component.name}`} />,
}));

const payments = component({
  id: 'p',
  name: 'payments',
  status: 'unhealthy',
  components: [component({ name: 'payments-db' }), component({ name: 'payments-api' })],
});

describe('StandaloneComponentPage', () => {
  it('shows the one component as a large card, without filters', async () => {
    const api = stubFetch([['/api/topology', answer([payments])]]);
    openStandalone('/view/topology/p');
    await waitFor(() => expect(cardNames()).toEqual(['payments']));
    expect(Object.fromEntries(lastQuery(api))).toEqual({ id: 'p' });
    expect(cards()[0].style.width).toBe('356px');
    expect(cards()[0]).toHaveAttribute('data-status', 'unhealthy');
    // Its children are listed on the card, not drawn as cards.
    expect(within(cards()[0]).getByRole('link', { name: 'payments-db' })).toBeInTheDocument();
    expect(screen.queryByRole('search', { name: 'Topology filters' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).toBeNull();
  });

  it('takes the card size from ?size=', async () => {
    stubFetch([['/api/topology', answer([payments])]]);
    openStandalone('/view/topology/p?size=small');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(cards()[0].style.width).toBe('198px');
  });

  it('falls back to large for a size it does not know', async () => {
    stubFetch([['/api/topology', answer([payments])]]);
    openStandalone('/view/topology/p?size=constructor');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(cards()[0].style.width).toBe('356px');
  });

  it("says 'Component not found' when the answer has none", async () => {
    stubFetch([['/api/topology', answer([])]]);
    openStandalone('/view/topology/missing');
    expect(await screen.findByText(COMPONENT_NOT_FOUND)).toBeInTheDocument();
    expect(cards()).toHaveLength(0);
  });

  it("says 'Component not found' on a 404", async () => {
    stubFetch([['/api/topology', reply(404, { statusCode: 404, code: 'not_found', message: 'Not Found' })]]);
    openStandalone('/view/topology/missing');
    expect(await screen.findByText(COMPONENT_NOT_FOUND)).toBeInTheDocument();
  });

  it('shows other errors as they are', async () => {
    stubFetch([['/api/topology', reply(403, { statusCode: 403, code: 'forbidden', message: 'Missing permission: read on topologies' })]]);
    openStandalone('/view/topology/p');
    expect(await screen.findByTestId('error-panel')).toHaveTextContent('Missing permission: read on topologies');
  });
});
