import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Role } from '@contracts';
import { currentLocation, renderAt } from '@web/core/testing/renderAt';
import { stubFetch } from '@web/core/testing/stubFetch';
import { type IntegrationRow, NO_AGENT_ID } from '../integrations/integrationsApi';
import IntegrationsPage from './IntegrationsPage';

const row = (over: Partial<IntegrationRow>): IntegrationRow => ({
  id: 's1',
  name: 'kubernetes-scraper',
  namespace: 'mission-control',
  source: 'UI',
  integration_type: 'scrapers',
  agent: { id: NO_AGENT_ID, name: 'local' },
  job_status: null,
  job_details: null,
  job_name: null,
  job_time_start: null,
  last_runtime: null,
  created_by: { id: 'p1', name: 'Ada Lovelace' },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: null,
  ...over,
});

const rows = [
  row({ job_status: 'FAILED', job_name: 'ScrapeConfig', job_details: { errors: ['no cluster reachable'] } }),
  row({ id: 't1', name: 'cluster-topology', integration_type: 'topologies', namespace: 'default', agent: { id: 'a1', name: 'edge-eu' } }),
  row({ id: 'l1', name: 'app-logs', integration_type: 'logging_backends', namespace: null, source: 'KubernetesCRD', created_by: null }),
];

function openList(url = '/settings/integrations', roles: Role[] = ['editor'], total = rows.length) {
  const api = stubFetch([['/api/db/integrations_with_status', rows]], { total });
  renderAt(
    url,
    [
      { path: '/settings/integrations', element: <IntegrationsPage /> },
      { path: '/settings/integrations/:type/:id', element: <p>detail</p> },
    ],
    { roles },
  );
  return api;
}

const query = (api: ReturnType<typeof stubFetch>) => new URL(api.last('/api/db/integrations_with_status')!.url, 'http://x').searchParams;

describe('/settings/integrations', () => {
  it('lists integrations_with_status with the count, 100 a page, sorted by name', async () => {
    const api = openList();
    expect(await screen.findByText('kubernetes-scraper')).toBeInTheDocument();
    const call = api.last('/api/db/integrations_with_status')!;
    expect(call.headers).toMatchObject({ Prefer: 'count=exact' });
    expect(query(api).get('order')).toBe('name.asc,id.asc');
    expect(query(api).get('limit')).toBe('100');
    expect(query(api).get('offset')).toBe('0');
    expect(query(api).get('select')).toContain('created_by(id,name)');
    expect(query(api).get('select')).toContain('agent(id,name)');
  });

  it('shows the spec columns: the type icon, the agent badge, job status with details, creator', async () => {
    openList();
    await screen.findByText('kubernetes-scraper');
    const headers = screen.getAllByRole('columnheader').map((header) => header.querySelector('.ag-header-cell-text')?.textContent);
    expect(headers).toEqual(['Name', 'Namespace', 'Source', 'Job Status', 'Last Run', 'Created By', 'Created At', 'Updated At']);
    expect(screen.getByRole('img', { name: 'Catalog Scraper' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Topology' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Log Backend' })).toBeInTheDocument();
    // Only a real agent gets a badge; the all-zero agent is the console itself.
    expect(screen.getAllByTestId('agent-badge').map((badge) => badge.textContent)).toEqual(['edge-eu']);
    expect(screen.getByText('FAILED')).toBeInTheDocument();
    expect(screen.getAllByText('Ada Lovelace')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: '(View details)' }));
    expect(await screen.findByText(/no cluster reachable/)).toBeInTheDocument();
  });

  it('opens /settings/integrations/{type}/{id} on a row click', async () => {
    openList();
    fireEvent.click(await screen.findByText('cluster-topology'));
    await waitFor(() => expect(currentLocation()).toBe('/settings/integrations/topologies/t1'));
  });

  it('reads the sort and the page from the URL and writes a header click back', async () => {
    const api = openList('/settings/integrations?sortBy=created_at&sortDesc=true&page=3', ['editor'], 250);
    await screen.findByText('kubernetes-scraper');
    expect(query(api).get('order')).toBe('created_at.desc,id.asc');
    expect(query(api).get('offset')).toBe('200');
    fireEvent.click(within(screen.getByRole('columnheader', { name: 'Namespace' })).getByText('Namespace'));
    await waitFor(() => expect(currentLocation()).toBe('/settings/integrations?sortBy=namespace'));
    await waitFor(() => expect(query(api).get('order')).toBe('namespace.asc,id.asc'));
    expect(query(api).get('offset')).toBe('0');
  });

  it('ignores a sort column the view cannot sort by', async () => {
    const api = openList('/settings/integrations?sortBy=job_details;drop');
    await screen.findByText('kubernetes-scraper');
    expect(query(api).get('order')).toBe('name.asc,id.asc');
  });

  it('hides Add without write on integrations (a commander)', async () => {
    openList('/settings/integrations', ['commander']);
    await screen.findByText('kubernetes-scraper');
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
  });

  it('opens the Add Integration dialog for a writer', async () => {
    openList();
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('group', { name: 'Add via GitOps' })).toBeInTheDocument();
  });

  it('says when there are none', async () => {
    stubFetch([['/api/db/integrations_with_status', []]]);
    renderAt('/settings/integrations', [{ path: '/settings/integrations', element: <IntegrationsPage /> }]);
    expect(await screen.findByText('No integrations yet')).toBeInTheDocument();
  });
});
