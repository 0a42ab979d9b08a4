import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CatalogSummaryRow } from '@contracts';
import CatalogPage from '../pages/CatalogPage';
import ConfigsRedirect from '../pages/ConfigsRedirect';
import { HIDE_DELETED_STORAGE_KEY } from './useCatalogState';
import { currentLocation, renderAt, stubFetch } from './testing';

const summaryRow = (values: Partial<CatalogSummaryRow>): CatalogSummaryRow => ({
  count: 1,
  health: {},
  status: {},
  changes: 0,
  analysis: {},
  cost_per_minute: null,
  cost_total_30d: null,
  created_at: '2024-01-01T00:00:00Z',
  updated_at: '2024-01-01T00:00:00Z',
  ...values,
});

const SUMMARY = [
  summaryRow({ config_class: 'Kubernetes', type: 'Kubernetes::Pod', count: 3, health: { healthy: 2, unhealthy: 1 }, changes: 1234, analysis: { security: 2 } }),
  summaryRow({ config_class: 'Kubernetes', type: 'Kubernetes::Node', count: 2, changes: 12 }),
  summaryRow({ config_class: 'AWS', type: 'AWS::EC2::Instance', count: 1, cost_total_30d: 1500 }),
];

const POD = {
  id: 'p1',
  name: 'web-0',
  type: 'Kubernetes::Pod',
  config_class: 'Kubernetes',
  status: 'Running',
  health: 'healthy',
  tags: { namespace: 'shop' },
  changes: 3,
  created_at: '2024-01-01T00:00:00Z',
};

let api: ReturnType<typeof stubFetch>;
beforeEach(() => {
  api = stubFetch([
    ['/api/catalog/summary', { groupBy: ['config_class', 'type'], summary: SUMMARY }],
    ['/api/db/configs', [POD]],
    ['/api/db/config_labels', [{ key: 'app', value: 'web' }]],
    ['/api/db/config_tags', [{ key: 'team', value: 'payments' }]],
    ['/api/db/config_types', [{ type: 'Kubernetes::Pod' }]],
  ]);
});

const openCatalog = (search = '') =>
  renderAt(`/catalog${search}`, [
    { path: '/catalog', element: <CatalogPage /> },
    { path: '/catalog/changes', element: <span>changes page</span> },
    { path: '/catalog/:id', element: <span>config page</span> },
  ]);
const summaryRows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="catalog-summary-row"]')];
const configRows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="catalog-config-row"]')];

describe('CatalogPage', () => {
  it('shows the grouped summary without a type or search, grouped by provider then type', async () => {
    openCatalog();
    await waitFor(() => expect(summaryRows()).toHaveLength(3));
    expect(api.last('/api/catalog/summary')).toMatchObject({
      method: 'POST',
      body: { groupBy: ['config_class', 'type'], deleted: false, changes: { since: '30d' }, analysis: { since: '30d' }, cost: '30d' },
    });
    expect(document.querySelector('[row-id="group:Kubernetes"]')).not.toBeNull();
    const pods = summaryRows().find((row) => within(row).queryByText('Kubernetes::Pod'))!;
    // 1234 changes: over 999 reads '1k+', and 500 or more is highlighted.
    expect(within(pods).getByText('1k+')).toHaveAttribute('data-high', 'true');
    expect(api.to('/api/db/configs')).toHaveLength(0);
  });

  it('drills into a group on click: the type becomes the filter and the flat list loads', async () => {
    openCatalog();
    await waitFor(() => expect(summaryRows()).toHaveLength(3));
    fireEvent.click(within(summaryRows().find((row) => within(row).queryByText('Kubernetes::Pod'))!).getByText('Kubernetes::Pod'));
    await waitFor(() => expect(currentLocation()).toBe('/catalog?configType=Kubernetes::Pod'));
    await waitFor(() => expect(configRows()).toHaveLength(1));
    expect(api.last('/api/db/configs')!.url).toContain('type=eq.Kubernetes::Pod');
  });

  it('drills into tag groups with a tag filter', async () => {
    api = stubFetch([['/api/catalog/summary', { groupBy: ['team__tag'], summary: [summaryRow({ team: 'payments', count: 4 })] }]]);
    openCatalog('?groupBy=team__tag');
    await waitFor(() => expect(summaryRows()).toHaveLength(1));
    expect(api.last('/api/catalog/summary')!.body).toMatchObject({ groupBy: ['team__tag'] });
    fireEvent.click(within(summaryRows()[0]).getByText('payments'));
    await waitFor(() => expect(currentLocation()).toBe('/catalog?groupBy=team__tag&tags=team=payments:1'));
    // The summary that follows is filtered by the tag.
    await waitFor(() => expect(api.last('/api/catalog/summary')!.body).toMatchObject({ groupBy: ['team__tag'], tags: 'team=payments:1' }));
  });

  it('lists configs with the filters of the URL as data-API conditions', async () => {
    openCatalog('?configType=Kubernetes::Pod&labels=app=web:1,env=dev:-1&status=Running&health=healthy:1,unknown:-1&search=web');
    await waitFor(() => expect(configRows()).toHaveLength(1));
    const call = api.last('/api/db/configs')!;
    expect(call.headers.Prefer).toBe('count=exact');
    const params = new URLSearchParams(call.url.split('?')[1]);
    expect(params.get('type')).toBe('eq.Kubernetes::Pod');
    expect(params.get('labels->>app')).toBe('in.(web)');
    expect(params.get('labels->>env')).toBe('not.in.(dev)');
    expect(params.get('status')).toBe('in.(Running)');
    expect(params.getAll('health')).toEqual(['in.(healthy)', 'not.in.(unknown)']);
    expect(params.get('or')).toBe('(name.ilike.*web*,type.ilike.*web*,description.ilike.*web*,namespace.ilike.*web*)');
    expect(params.get('deleted_at')).toBe('is.null');
    expect(params.get('order')).toBe('type.asc,name.asc');
    expect(params.get('limit')).toBe('50');
    expect(params.get('offset')).toBe('0');
    expect(params.get('select')).toContain('agent:agent_id(id,name)');
  });

  it('opens a config on row click', async () => {
    openCatalog('?configType=Kubernetes::Pod');
    await waitFor(() => expect(configRows()).toHaveLength(1));
    fireEvent.click(within(configRows()[0]).getByText('web-0'));
    await waitFor(() => expect(currentLocation()).toBe('/catalog/p1'));
  });

  it("says 'No data available' when nothing matches", async () => {
    api = stubFetch([['/api/db/configs', []]]);
    openCatalog('?configType=Nothing');
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });

  it('encodes a label include as :1 and an exclude as :-1', async () => {
    openCatalog('?configType=Kubernetes::Pod');
    fireEvent.click(await screen.findByRole('button', { name: 'Labels' }));
    fireEvent.click(await screen.findByRole('button', { name: 'app=web: none' }));
    await waitFor(() => expect(currentLocation()).toBe('/catalog?configType=Kubernetes::Pod&labels=app=web:1'));
    // The popover's focus trap may hide the page from the accessibility tree while the list reloads.
    fireEvent.click(await screen.findByRole('button', { name: 'app=web: include', hidden: true }));
    await waitFor(() => expect(currentLocation()).toBe('/catalog?configType=Kubernetes::Pod&labels=app=web:-1'));
    await waitFor(() => expect(api.last('/api/db/configs')!.url).toContain('labels->>app=not.in.(web)'));
  });

  it('hides deleted configs by default; the preference turns it off and is remembered by the browser', async () => {
    openCatalog('?configType=Kubernetes::Pod');
    await waitFor(() => expect(api.last('/api/db/configs')!.url).toContain('deleted_at=is.null'));
    fireEvent.click(screen.getByRole('button', { name: 'Preferences' }));
    const hideDeleted = await screen.findByRole('switch', { name: 'Hide Deleted Catalog' });
    expect(hideDeleted).toBeChecked();
    fireEvent.click(hideDeleted);
    await waitFor(() => expect(api.last('/api/db/configs')!.url).not.toContain('deleted_at=is.null'));
    expect(window.localStorage.getItem(HIDE_DELETED_STORAGE_KEY)).toBe('false');
  });

  it('sends deleted: true to the summary when Hide Deleted is off', async () => {
    window.localStorage.setItem(HIDE_DELETED_STORAGE_KEY, 'false');
    openCatalog();
    await waitFor(() => expect(api.last('/api/catalog/summary')!.body).toMatchObject({ deleted: true }));
  });

  it('carries the config type over to the other tabs', async () => {
    openCatalog('?configType=Kubernetes::Pod');
    fireEvent.click(await screen.findByRole('tab', { name: 'Changes' }));
    await waitFor(() => expect(currentLocation()).toBe('/catalog/changes?configType=Kubernetes::Pod'));
  });
});

describe('ConfigsRedirect', () => {
  it('sends /configs to /catalog with its query string', async () => {
    renderAt('/configs?configType=AWS::S3', [
      { path: '/configs', element: <ConfigsRedirect /> },
      { path: '/catalog', element: <span>catalog</span> },
    ]);
    await waitFor(() => expect(currentLocation()).toBe('/catalog?configType=AWS::S3'));
  });
});
