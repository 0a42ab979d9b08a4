import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TopologyComponent } from '@contracts';
import { CARD_WIDTH_STORAGE_KEY, SORT_STORAGE_KEY } from './useTopologyState';
import { NO_COMPONENTS_MESSAGE } from './TopologyGrid';
import { TOPOLOGY_REFRESH_MS } from '../topologyApi';
import { answer, cardNamed, cardNames, cards, component, currentLocation, lastQuery, openTopology, openTopologyWithout, stubFetch } from './testing';

// The menu and the side panel are another part's (and read their own data): stand-ins that show what they were given.
jest.mock('../menu/ComponentMenu', () => ({
  ComponentMenu: ({ component, placement }: { component: TopologyComponent; placement: string }) => (
    <button type="button" aria-label={`Menu of ${component.name}`} data-placement={placement} />
  ),
}));
jest.mock('../panel/ComponentSidePanel', () => ({
  ComponentSidePanel: ({ componentId, component }: { componentId: string; component?: TopologyComponent }) => (
    <aside data-testid="side-panel">{`${componentId}:${component?.name ?? ''}`}</aside>
  ),
}));

const healthy = component({ id: 'h', name: 'alpha', status: 'healthy' });
const unhealthy = component({ id: 'u', name: 'bravo', status: 'unhealthy', status_reason: 'check api failed' });
const warning = component({ id: 'w', name: 'charlie', status: 'warning' });
const info = component({ id: 'i', name: 'delta', status: 'info' });

describe('TopologyPage grid', () => {
  it('orders the cards by health, unhealthy first, with red and orange borders', async () => {
    stubFetch([['/api/topology', answer([healthy, info, warning, unhealthy])]]);
    openTopology();
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(cardNames()).toEqual(['bravo', 'charlie', 'alpha', 'delta']);
    expect(cardNamed('bravo')).toHaveAttribute('data-status', 'unhealthy');
    expect(getComputedStyle(cardNamed('bravo')).borderTopColor).toBe('var(--colorPaletteRedBorder2)');
    expect(getComputedStyle(cardNamed('charlie')).borderTopColor).toBe('var(--colorPaletteDarkOrangeBorder2)');
    expect(getComputedStyle(cardNamed('alpha')).borderTopColor).toBe('var(--colorNeutralStroke2)');
    expect(within(cardNamed('bravo')).getByText('check api failed')).toBeInTheDocument();
    // The card's name is its Zoom In; its menu is the card menu.
    expect(within(cardNamed('alpha')).getByRole('link', { name: 'alpha' })).toHaveAttribute('href', '/topology/h');
    expect(within(cardNamed('alpha')).getByRole('button', { name: 'Menu of alpha' })).toHaveAttribute('data-placement', 'card');
    expect(screen.queryByTestId('side-panel')).toBeNull();
  });

  it('orders by the chosen field within a health', async () => {
    const a = component({ name: 'a', properties: [{ name: 'cpu', value: 30, headline: true }] });
    const b = component({ name: 'b', properties: [{ name: 'cpu', value: 10, headline: true }] });
    const c = component({ name: 'c', properties: [{ name: 'cpu', value: 20, headline: true }] });
    const bad = component({ name: 'z', status: 'unhealthy', properties: [{ name: 'cpu', value: 1, headline: true }] });
    stubFetch([['/api/topology', answer([a, b, c, bad])]]);
    openTopology('/topology?sortBy=cpu&sortOrder=desc');
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(cardNames()).toEqual(['z', 'a', 'c', 'b']);
    // The headline property is offered as a sort field.
    fireEvent.click(screen.getByRole('combobox', { name: 'Sort By' }));
    expect(await screen.findByRole('option', { name: 'cpu' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Health' })).toBeInTheDocument();
  });

  it("says 'There are no components matching this criteria' when there are none", async () => {
    stubFetch([['/api/topology', answer([])]]);
    openTopology('/topology?status=unhealthy');
    expect(await screen.findByText(NO_COMPONENTS_MESSAGE)).toBeInTheDocument();
  });

  it('re-reads every 30 s, so a card turns red without a reload', async () => {
    jest.useFakeTimers();
    try {
      let status: 'healthy' | 'unhealthy' = 'healthy';
      const api = stubFetch([['/api/topology', () => answer([component({ id: 'p', name: 'payments', status })])]]);
      openTopology();
      await waitFor(() => expect(cardNamed('payments')).toHaveAttribute('data-status', 'healthy'));
      const reads = api.to('/api/topology').length;
      status = 'unhealthy';
      await act(async () => {
        jest.advanceTimersByTime(TOPOLOGY_REFRESH_MS);
      });
      await waitFor(() => expect(cardNamed('payments')).toHaveAttribute('data-status', 'unhealthy'));
      expect(api.to('/api/topology').length).toBe(reads + 1);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('TopologyPage properties and summaries', () => {
  it('draws a property over 70 % of its max in red, and one at 70 % or below as usual', async () => {
    const card = component({
      name: 'db',
      properties: [
        { name: 'disk', value: 71, max: 100, unit: '%' },
        { name: 'memory', value: 70, max: 100, unit: '%' },
      ],
    });
    stubFetch([['/api/topology', answer([card])]]);
    openTopology();
    await waitFor(() => expect(cards()).toHaveLength(1));
    const disk = within(cardNamed('db')).getByText('71 % of 100 %');
    expect(disk).toHaveAttribute('data-alert', 'true');
    expect(getComputedStyle(disk).color).toBe('var(--colorPaletteRedForeground1)');
    expect(within(cardNamed('db')).getByRole('progressbar', { name: 'disk: 71%' })).toBeInTheDocument();
    expect(within(cardNamed('db')).getByText('70 % of 100 %')).not.toHaveAttribute('data-alert');
  });

  it('formats url, currency, age and text properties; hidden ones are not drawn; headline ones come first', async () => {
    const card = component({
      name: 'shop',
      properties: [
        { name: 'site', type: 'url', text: 'https://shop.example.com/' },
        { name: 'trap', type: 'url', text: 'javascript:alert(1)' },
        { name: 'cost', type: 'currency', value: 1234.5 },
        { name: 'secret', type: 'hidden', text: 'do-not-show' },
        { name: 'version', text: 'v1.2.3', headline: true },
        { name: 'created', type: 'age', text: new Date(Date.now() - 3 * 86_400_000).toISOString() },
      ],
    });
    stubFetch([['/api/topology', answer([card])]]);
    openTopology();
    await waitFor(() => expect(cards()).toHaveLength(1));
    const shop = within(cardNamed('shop'));
    const link = shop.getByRole('link', { name: /shop\.example\.com/ });
    expect(link).toHaveAttribute('href', 'https://shop.example.com/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // Only http(s) addresses are links.
    expect(shop.getByText('javascript:alert(1)').closest('a')).toBeNull();
    expect(shop.getByText('$1.2k')).toBeInTheDocument();
    expect(shop.getByText('3d')).toBeInTheDocument();
    expect(shop.queryByText('do-not-show')).toBeNull();
    const names = [...cardNamed('shop').querySelectorAll('[data-testid="card-property"]')].map((row) => row.firstElementChild?.textContent);
    expect(names).toEqual(['version', 'site', 'trap', 'cost', 'created']);
  });

  it("shows 'show more' beyond 6 properties", async () => {
    const props = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `p${i + 1}`, text: `v${i + 1}` }));
    stubFetch([['/api/topology', answer([component({ name: 'seven', properties: props(7) }), component({ name: 'six', properties: props(6) })])]]);
    openTopology();
    await waitFor(() => expect(cards()).toHaveLength(2));
    const seven = within(cardNamed('seven'));
    expect(seven.getAllByTestId('card-property')).toHaveLength(6);
    expect(seven.queryByText('v7')).toBeNull();
    fireEvent.click(seven.getByRole('button', { name: 'show more: properties of seven' }));
    expect(seven.getAllByTestId('card-property')).toHaveLength(7);
    expect(seven.getByText('v7')).toBeInTheDocument();
    expect(within(cardNamed('six')).getAllByTestId('card-property')).toHaveLength(6);
    expect(within(cardNamed('six')).queryByRole('button', { name: /show more/ })).toBeNull();
  });

  it("shows 'show more' beyond 5 summaries", async () => {
    // Checks, two incident types, one insight type and two children: 6 lines; without one child: 5.
    const children = [component({ name: 'kid-1' }), component({ name: 'kid-2', status: 'unhealthy' })];
    const summary = {
      checks: { healthy: 2, unhealthy: 1, warning: 0, unknown: 0 },
      incidents: { availability: { critical: 1 }, cost: { low: 2 } },
      insights: { security: { warning: 3 } },
    };
    stubFetch([
      [
        '/api/topology',
        answer([component({ name: 'six', summary, components: children }), component({ name: 'five', summary, components: children.slice(0, 1) })]),
      ],
    ]);
    openTopology();
    await waitFor(() => expect(cards()).toHaveLength(2));
    const six = within(cardNamed('six'));
    expect(six.getAllByTestId('card-summary')).toHaveLength(5);
    fireEvent.click(six.getByRole('button', { name: 'show more: summary of six' }));
    expect(six.getAllByTestId('card-summary')).toHaveLength(6);
    expect(within(cardNamed('five')).getAllByTestId('card-summary')).toHaveLength(5);
    expect(within(cardNamed('five')).queryByRole('button', { name: /show more/ })).toBeNull();
  });

  it('draws checks by health, incidents and insights with links by type and severity, and children with their health', async () => {
    const card = component({
      id: 'svc',
      name: 'orders',
      summary: {
        checks: { healthy: 4, unhealthy: 2, warning: 0, unknown: 1 },
        incidents: { availability: { critical: 1 } },
        insights: { security: { warning: 3 } },
      },
      components: [component({ id: 'k', name: 'orders-db', status: 'unhealthy' })],
    });
    stubFetch([['/api/topology', answer([card])]]);
    openTopology();
    await waitFor(() => expect(cards()).toHaveLength(1));
    const orders = within(cardNamed('orders'));
    expect(orders.getByLabelText('2 unhealthy')).toHaveAttribute('data-colour', 'red');
    expect(orders.getByLabelText('4 healthy')).toHaveAttribute('data-colour', 'green');
    expect(orders.getByLabelText('1 unknown')).toHaveAttribute('data-colour', 'grey');
    expect(orders.getByRole('link', { name: 'Availability' })).toHaveAttribute('href', '/incidents?type=availability&component=svc');
    expect(orders.getByLabelText('1 critical').closest('a')).toHaveAttribute('href', '/incidents?severity=critical&component=svc&type=availability');
    expect(orders.getByRole('link', { name: 'Security' })).toHaveAttribute('href', '/catalog/insights?component=svc&type=security');
    expect(orders.getByLabelText('3 warning').closest('a')).toHaveAttribute('href', '/catalog/insights?component=svc&type=security&severity=warning');
    expect(orders.getByRole('link', { name: 'orders-db' })).toHaveAttribute('href', '/topology/k');
    expect(orders.getByText('unhealthy')).toBeInTheDocument();
  });
});

describe('TopologyPage filters and sort', () => {
  it('reads with the filters and the sort of the URL (a type reads the scope flat)', async () => {
    const api = stubFetch([['/api/topology', answer([healthy])]]);
    openTopology('/topology?status=unhealthy,warning&type=Pod&team=ops&labels=env=prod&sortBy=name&sortOrder=asc');
    await waitFor(() => expect(cards()).toHaveLength(1));
    const query = lastQuery(api);
    expect(Object.fromEntries(query)).toEqual({
      status: 'unhealthy,warning',
      type: 'Pod',
      team: 'ops',
      labels: 'env=prod',
      sortBy: 'name',
      sortOrder: 'asc',
      flatten: 'true',
    });
  });

  it('writes a chosen filter to the URL and reads again with it', async () => {
    const api = stubFetch([
      [
        '/api/topology',
        answer([component({ name: 'web', labels: { env: 'prod' } })], { healthStatuses: ['healthy', 'unhealthy'], types: ['Service'], teams: ['ops'] }),
      ],
    ]);
    openTopology();
    await waitFor(() => expect(cards()).toHaveLength(1));
    // A multi-choice filter's options are checkboxes.
    fireEvent.click(screen.getByRole('combobox', { name: 'Health' }));
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Unhealthy' }));
    await waitFor(() => expect(currentLocation()).toBe('/topology?status=unhealthy'));
    await waitFor(() => expect(lastQuery(api).get('status')).toBe('unhealthy'));
    fireEvent.click(screen.getByRole('combobox', { name: 'Labels' }));
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'env=prod' }));
    await waitFor(() => expect(currentLocation()).toBe('/topology?status=unhealthy&labels=env=prod'));
    await waitFor(() => expect(lastQuery(api).get('labels')).toBe('env=prod'));
    fireEvent.click(screen.getByRole('combobox', { name: 'Team' }));
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'ops' }));
    await waitFor(() => expect(lastQuery(api).get('team')).toBe('ops'));
  });

  it('sorts by status ascending from storage when the URL names no sort', async () => {
    const api = stubFetch([['/api/topology', answer([healthy])]]);
    openTopology();
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(lastQuery(api).get('sortBy')).toBe('status');
    expect(lastQuery(api).get('sortOrder')).toBe('asc');
    expect(screen.getByRole('combobox', { name: 'Sort By' })).toHaveTextContent('Sort By: Health');
    expect(screen.getByRole('button', { name: 'Sort order: ascending' })).toBeInTheDocument();
  });

  it('sorts descending when the URL names a field but no order', async () => {
    const api = stubFetch([['/api/topology', answer([healthy])]]);
    openTopology('/topology?sortBy=name');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(lastQuery(api).get('sortBy')).toBe('name');
    expect(lastQuery(api).get('sortOrder')).toBe('desc');
  });

  it('keeps a chosen sort in storage and in the URL; a stored sort applies to a URL without one', async () => {
    const api = stubFetch([['/api/topology', answer([healthy])]]);
    const first = openTopology();
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(screen.getByRole('combobox', { name: 'Sort By' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Name' }));
    await waitFor(() => expect(currentLocation()).toBe('/topology?sortBy=name&sortOrder=asc'));
    fireEvent.click(screen.getByRole('button', { name: 'Sort order: ascending' }));
    // Descending is the URL's default order: the link says it by leaving it out.
    await waitFor(() => expect(currentLocation()).toBe('/topology?sortBy=name'));
    expect(JSON.parse(window.localStorage.getItem(SORT_STORAGE_KEY)!)).toEqual({ sortBy: 'name', sortOrder: 'desc' });
    await waitFor(() => expect(lastQuery(api).get('sortOrder')).toBe('desc'));
    first.unmount();

    openTopology('/topology');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(lastQuery(api).get('sortBy')).toBe('name');
    expect(lastQuery(api).get('sortOrder')).toBe('desc');
    // Status descending is the URL's default: it leaves the URL, and storage keeps it.
    fireEvent.click(screen.getByRole('combobox', { name: 'Sort By' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Health' }));
    await waitFor(() => expect(currentLocation()).toBe('/topology'));
    expect(JSON.parse(window.localStorage.getItem(SORT_STORAGE_KEY)!)).toEqual({ sortBy: 'status', sortOrder: 'desc' });
  });

  it('sizes the cards by the size picker and the width slider, kept in storage', async () => {
    stubFetch([['/api/topology', answer([healthy])]]);
    openTopology();
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(cardNamed('alpha').style.width).toBe('356px');
    fireEvent.click(screen.getByRole('combobox', { name: 'Card Size' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Small' }));
    await waitFor(() => expect(cardNamed('alpha').style.width).toBe('198px'));
    expect(window.localStorage.getItem(CARD_WIDTH_STORAGE_KEY)).toBe('198');
    fireEvent.click(screen.getByRole('button', { name: 'Preferences' }));
    const slider = await screen.findByRole('slider', { name: 'Card Width' });
    expect(slider).toHaveAttribute('min', '250');
    expect(slider).toHaveAttribute('max', '768');
    expect(slider).toHaveAttribute('step', '2');
    fireEvent.change(slider, { target: { value: '500' } });
    await waitFor(() => expect(cardNamed('alpha').style.width).toBe('500px'));
    expect(window.localStorage.getItem(CARD_WIDTH_STORAGE_KEY)).toBe('500');
  });

  it('reads the card width from storage', async () => {
    window.localStorage.setItem(CARD_WIDTH_STORAGE_KEY, '554');
    stubFetch([['/api/topology', answer([healthy])]]);
    openTopology();
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(cardNamed('alpha').style.width).toBe('554px');
    expect(screen.getByRole('combobox', { name: 'Card Size' })).toHaveTextContent('Card Size: Extra Large');
  });
});

describe('TopologyPage with an id', () => {
  const parent = (children: TopologyComponent[] = []) => component({ id: 'c', name: 'Checkout', path: 'a.b', parent_id: 'b', components: children });

  it("shows the component's children as cards, its side panel, and the breadcrumb along its path", async () => {
    const api = stubFetch([
      ['/api/topology', answer([parent([component({ name: 'cart', status: 'warning' }), component({ name: 'pay', status: 'unhealthy' })])])],
      [
        '/api/db/components',
        [
          { id: 'a', name: 'Shop', icon: null },
          { id: 'b', name: 'Frontend', icon: null },
        ],
      ],
    ]);
    openTopology('/topology/c');
    await waitFor(() => expect(cardNames()).toEqual(['pay', 'cart']));
    expect(lastQuery(api).get('id')).toBe('c');
    expect(screen.getByTestId('side-panel')).toHaveTextContent('c:Checkout');
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    await waitFor(() => expect(within(breadcrumb).getByText('Frontend')).toBeInTheDocument());
    // Dividers are list items too, without text.
    const crumbs = [...breadcrumb.querySelectorAll('li')].map((crumb) => crumb.textContent).filter(Boolean);
    expect(crumbs).toEqual(['Dashboard', 'Shop', 'Frontend', 'Checkout']);
    expect(within(breadcrumb).getByText('Dashboard').closest('a')).toHaveAttribute('href', '/topology');
    expect(within(breadcrumb).getByText('Shop').closest('a')).toHaveAttribute('href', '/topology/a');
    const names = new URLSearchParams(api.last('/api/db/components')!.url.split('?')[1]);
    expect(names.get('id')).toBe('in.(a,b)');
    expect(names.get('select')).toBe('id,name,icon');
    fireEvent.click(within(breadcrumb).getByText('Dashboard'));
    await waitFor(() => expect(currentLocation()).toBe('/topology'));
  });

  it('shows the component itself when it has no children', async () => {
    stubFetch([['/api/topology', answer([parent()])]]);
    openTopology('/topology/c');
    await waitFor(() => expect(cardNames()).toEqual(['Checkout']));
  });

  it("toasts 'Response has multiple components for the id.'", async () => {
    stubFetch([['/api/topology', answer([parent(), component({ id: 'c2', name: 'Other' })])]]);
    openTopology('/topology/c');
    expect(await screen.findByTestId('toast-error')).toHaveTextContent('Response has multiple components for the id.');
  });

  it("does not show the last component's cards while another component loads", async () => {
    let release: (value: unknown) => void = () => undefined;
    const pending = new Promise((resolve) => (release = resolve));
    const kid = component({ id: 'k', name: 'kid', components: [] });
    stubFetch([
      [
        '/api/topology',
        (call: { url: string }) =>
          call.url.includes('id=k') ? pending.then(() => answer([{ ...kid, components: [component({ name: 'grandchild' })] }])) : answer([parent([kid])]),
      ],
    ]);
    openTopology('/topology/c');
    await waitFor(() => expect(cardNames()).toEqual(['kid']));
    fireEvent.click(within(cardNamed('kid')).getByRole('link', { name: 'kid' }));
    await waitFor(() => expect(currentLocation()).toBe('/topology/k'));
    expect(await screen.findByTestId('loading')).toBeInTheDocument();
    expect(cards()).toHaveLength(0);
    expect(screen.queryByTestId('side-panel')).toBeNull();
    release(undefined);
    await waitFor(() => expect(cardNames()).toEqual(['grandchild']));
    expect(screen.getByTestId('side-panel')).toHaveTextContent('k:kid');
  });

  it('zooms in on a card by its name', async () => {
    stubFetch([['/api/topology', answer([healthy])]]);
    openTopology();
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(within(cardNamed('alpha')).getByRole('link', { name: 'alpha' }));
    await waitFor(() => expect(currentLocation()).toBe('/topology/h'));
  });
});

describe('TopologyPage feature flags', () => {
  it('leaves incident summaries out when the incidents feature is off', async () => {
    const card = component({ name: 'svc', summary: { incidents: { availability: { critical: 1 } }, insights: { security: { warning: 1 } } } });
    stubFetch([['/api/topology', answer([card])]]);
    openTopologyWithout(['incidents']);
    await waitFor(() => expect(cards()).toHaveLength(1));
    await waitFor(() => expect(within(cardNamed('svc')).queryByRole('link', { name: 'Availability' })).toBeNull());
    expect(within(cardNamed('svc')).getByRole('link', { name: 'Security' })).toBeInTheDocument();
  });
});
