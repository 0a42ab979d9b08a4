import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answer, cardNamed, cardNames, component, currentLocation, openTopology, stubFetch } from './testing';

// With the real card menu and side panel: the grid hands them its components.
describe('TopologyPage with its menu and side panel', () => {
  it('zooms in from a card menu, and shows the side panel of the component', async () => {
    const kid = component({ id: 'k', name: 'kid' });
    const checkout = component({ id: 'c', name: 'Checkout', components: [kid] });
    stubFetch(
      [
        ['/api/topology?id=k', answer([{ ...kid, components: [] }])],
        ['/api/topology', answer([checkout])],
      ],
      { unmatched: [] },
    );
    openTopology('/topology/c');
    await waitFor(() => expect(cardNames()).toEqual(['kid']));
    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeInTheDocument();
    fireEvent.click(within(cardNamed('kid')).getByRole('button', { name: 'Actions for kid' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Zoom In' }));
    await waitFor(() => expect(currentLocation()).toBe('/topology/k'));
    await waitFor(() => expect(cardNames()).toEqual(['kid']));
    expect(await screen.findByRole('heading', { name: 'kid' })).toBeInTheDocument();
  });
});
