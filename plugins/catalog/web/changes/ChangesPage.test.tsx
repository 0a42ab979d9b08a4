import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CatalogChange } from '@contracts';
import ChangesPage from '../pages/ChangesPage';
import { currentLocation, renderAt, stubFetch } from '../catalog/testing';

const CHANGE: CatalogChange = {
  id: 'ch1',
  config_id: 'p1',
  change_type: 'diff',
  summary: 'spec.replicas',
  severity: 'warning',
  source: 'file',
  details: { reason: 'scaled' },
  patches: { spec: { replicas: 3 } },
  diff: '--- a\n+++ b\n@@ -1,2 +1,2 @@\n spec:\n-  replicas: 2\n+  replicas: 3\n',
  tags: null,
  created_at: '2024-05-01T10:00:00Z',
  first_observed: '2024-05-01T10:00:00Z',
  count: 1500,
  created_by: null,
  external_created_by: 'kubectl',
  type: 'Kubernetes::Deployment',
  name: 'web',
  config_class: 'Kubernetes',
  deleted_at: null,
};

let api: ReturnType<typeof stubFetch>;
beforeEach(() => {
  api = stubFetch([
    ['/api/catalog/changes', { changes: [CHANGE], total: 1 }],
    ['/api/db/change_types', [{ change_type: 'diff' }]],
  ]);
});

const openChanges = (search = '') =>
  renderAt(`/catalog/changes${search}`, [
    { path: '/catalog/changes', element: <ChangesPage /> },
    { path: '/catalog/:id', element: <span>config page</span> },
  ]);
const changeRows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="catalog-change-row"]')];

describe('ChangesPage', () => {
  it('asks for the last 2 days, 200 a page from page 1, newest first, without deleted configs', async () => {
    openChanges();
    await waitFor(() => expect(changeRows()).toHaveLength(1));
    expect(api.last('/api/catalog/changes')).toMatchObject({
      method: 'POST',
      body: { from: 'now-2d', page: 1, page_size: 200, sort_by: '-created_at', include_deleted_configs: false },
    });
    expect(within(changeRows()[0]).getByText('1k+')).toHaveAttribute('data-high', 'true');
  });

  it('sends the filters of the URL and shows the config type crumb', async () => {
    openChanges(
      '?configType=Kubernetes::Pod&changeType=diff&severity=high&from=now-1w&pageIndex=2&pageSize=50&sortBy=count&sortOrder=asc&includeDeletedConfigs=true',
    );
    await waitFor(() => expect(changeRows()).toHaveLength(1));
    expect(api.last('/api/catalog/changes')!.body).toEqual({
      config_type: 'Kubernetes::Pod',
      type: 'diff',
      severity: 'high',
      from: 'now-1w',
      page: 2,
      page_size: 50,
      sort_by: 'count',
      include_deleted_configs: true,
    });
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByText('Kubernetes::Pod')).toBeInTheDocument();
    expect(within(crumbs).getByText('Changes')).toBeInTheDocument();
  });

  it('writes a new time range to the URL and starts again from page 1', async () => {
    openChanges('?pageIndex=3');
    fireEvent.click(await screen.findByRole('button', { name: 'Time range: Last 2 days' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Last 1 week' }));
    await waitFor(() => expect(currentLocation()).toBe('/catalog/changes?rangeType=relative&display=Last+1+week&range=now-1w'));
    await waitFor(() => expect(api.last('/api/catalog/changes')!.body).toMatchObject({ from: 'now-1w', page: 1 }));
  });

  it('sends a quick range as the times it covers', async () => {
    openChanges('?rangeType=mapped&display=Yesterday&range=yesterday');
    await waitFor(() => expect(changeRows()).toHaveLength(1));
    const today = new Date();
    const midnight = new Date(today.getFullYear(), today.getMonth(), today.getDate());
    expect(api.last('/api/catalog/changes')!.body).toMatchObject({
      from: new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1).toISOString(),
      to: new Date(midnight.getTime() - 1).toISOString(),
    });
  });

  it('opens the change details: diff side by side and unified, the patch and the details', async () => {
    openChanges();
    await waitFor(() => expect(changeRows()).toHaveLength(1));
    fireEvent.click(within(changeRows()[0]).getByText('spec.replicas'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('link', { name: 'web' })).toHaveAttribute('href', '/catalog/p1');
    expect(within(dialog).getByText('kubectl')).toBeInTheDocument();
    const split = within(dialog).getByRole('table', { name: 'Side by side diff' });
    const changed = within(split).getByText('replicas: 2').closest('tr')!;
    expect(within(changed).getByText('replicas: 3')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Unified' }));
    const unified = within(dialog).getByRole('table', { name: 'Unified diff' });
    expect(
      within(unified)
        .getByText('- replicas: 2', { normalizer: (text) => text.replace(/\s+/g, ' ').trim() })
        .closest('tr'),
    ).toHaveAttribute('data-kind', 'removed');
    expect(
      within(unified)
        .getByText('+ replicas: 3', { normalizer: (text) => text.replace(/\s+/g, ' ').trim() })
        .closest('tr'),
    ).toHaveAttribute('data-kind', 'added');

    fireEvent.click(within(dialog).getByRole('tab', { name: 'Patch' }));
    expect(within(dialog).getByLabelText('Patch')).toHaveTextContent('"replicas": 3');
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Details' }));
    expect(within(dialog).getByLabelText('Details')).toHaveTextContent('"reason": "scaled"');
  });
});
