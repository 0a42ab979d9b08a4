import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WebPlugin } from '@web/core/plugin-host';
import ConfigDetailPage, { NOT_FOUND_MESSAGE } from '../../pages/ConfigDetailPage';
import type { ConfigDetail } from '../../catalogApi';
import { currentLocation, renderAt, stubFetch } from '../testing';

const HOUR = 60 * 60 * 1000;

const detail = (values: Partial<ConfigDetail> = {}): ConfigDetail => ({
  id: 'c1',
  name: 'web',
  type: 'Kubernetes::Deployment',
  config_class: 'Kubernetes',
  status: 'Running',
  health: 'healthy',
  labels: {},
  tags: { namespace: 'shop', cluster: 'prod' },
  created_at: '2024-05-01T10:00:00Z',
  updated_at: '2024-05-02T10:00:00Z',
  deleted_at: null,
  cost_per_minute: null,
  cost_total_1d: null,
  cost_total_7d: null,
  cost_total_30d: '1500.0000',
  changes: 3,
  analysis: null,
  description: null,
  config: { spec: { replicas: 2, template: { image: 'nginx' } } },
  format: 'json',
  properties: [
    { name: 'zone', text: 'eu-west-1a' },
    { name: 'region', text: 'eu-west-1' },
  ],
  last_scraped_time: new Date(Date.now() - 2 * HOUR).toISOString(),
  scraper_id: 's1',
  config_scrapers: { id: 's1', name: 'kubernetes-prod' },
  summary: { changes: 3, analysis: 2, relationships: 4, playbook_runs: 0, checks: 1 },
  ...values,
});

let api: ReturnType<typeof stubFetch>;
function answer(config: ConfigDetail | null) {
  api = stubFetch([
    ['/api/db/config_detail', config ? [config] : []],
    ['/api/db/check_summary_for_config', [{ id: 'k1', name: 'web-http', type: 'http', status: 'healthy', canary_name: 'web', last_runtime: null }]],
  ]);
}
beforeEach(() => answer(detail()));

function openDetail(path = '/catalog/c1', plugins: WebPlugin[] = []) {
  return renderAt(
    path,
    [
      { path: '/catalog/:id', element: <ConfigDetailPage /> },
      { path: '/catalog/:id/:tab', element: <ConfigDetailPage /> },
    ],
    { roles: ['responder'], plugins },
  );
}

const sidebar = () => screen.getByRole('complementary', { name: 'Config details' });

describe('ConfigDetailPage', () => {
  it('reads config_detail with its scraper and shows the breadcrumb Catalog > type > name', async () => {
    openDetail();
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(api.last('/api/db/config_detail')!.url).toBe('/api/db/config_detail?id=eq.c1&select=*,config_scrapers:scraper_id(id,name)');
    expect(within(crumbs).getByRole('link', { name: 'Catalog' })).toHaveAttribute('href', '/catalog');
    expect(within(crumbs).getByRole('link', { name: 'Kubernetes::Deployment' })).toHaveAttribute('href', '/catalog?configType=Kubernetes%3A%3ADeployment');
    expect(within(crumbs).getByText('web')).toBeInTheDocument();
    expect(screen.queryByText('Deleted')).not.toBeInTheDocument();
  });

  it("says 'Details not found' for an unknown id", async () => {
    answer(null);
    openDetail('/catalog/nope');
    expect(await screen.findByText(NOT_FOUND_MESSAGE)).toBeInTheDocument();
  });

  it('shows tags, health, type and scraper links, class, cost, grouped properties and the last-scraped flag', async () => {
    openDetail();
    await screen.findByRole('complementary', { name: 'Config details' });
    const side = within(sidebar());
    expect(side.getByText('namespace: shop')).toBeInTheDocument();
    expect(side.getByText('healthy')).toBeInTheDocument();
    expect(side.getByText('Status')).toBeInTheDocument();
    expect(side.getByRole('link', { name: 'Kubernetes::Deployment' })).toHaveAttribute('href', '/catalog?configType=Kubernetes%3A%3ADeployment');
    expect(side.getByRole('link', { name: 'kubernetes-prod' })).toHaveAttribute('href', '/catalog/scrapers/s1');
    expect(side.getByText('Kubernetes')).toBeInTheDocument();
    expect(side.getByText('$1.5k')).toBeInTheDocument();
    expect(side.getByText('region / zone')).toBeInTheDocument();
    expect(side.getByText('eu-west-1 / eu-west-1a')).toBeInTheDocument();
    expect(side.getByTestId('last-scraped-flag')).toHaveTextContent('2h ago');
  });

  it('does not flag a config scraped within the hour', async () => {
    answer(detail({ last_scraped_time: new Date(Date.now() - 10 * 60 * 1000).toISOString() }));
    openDetail();
    await screen.findByRole('complementary', { name: 'Config details' });
    expect(screen.queryByTestId('last-scraped-flag')).not.toBeInTheDocument();
  });

  it('marks a deleted config in the breadcrumb and shows its status as the last status', async () => {
    answer(detail({ deleted_at: '2024-05-03T10:00:00Z' }));
    openDetail();
    await screen.findByRole('navigation', { name: 'Breadcrumb' });
    const marker = screen.getByTestId('deleted-marker');
    fireEvent.focus(marker);
    expect(await screen.findByText(/^Deleted: /)).toBeInTheDocument();
    expect(within(sidebar()).getByText('Last status')).toBeInTheDocument();
  });

  it('shows the body with line numbers and keeps selected lines in the URL (shift-click selects a range)', async () => {
    openDetail();
    const code = await screen.findByLabelText('Config (json)');
    expect(code).toHaveTextContent('"replicas": 2');
    fireEvent.click(within(code).getByRole('button', { name: 'Line 2' }));
    await waitFor(() => expect(currentLocation()).toBe('/catalog/c1?selected=2'));
    fireEvent.click(within(code).getByRole('button', { name: 'Line 4' }), { shiftKey: true });
    await waitFor(() => expect(currentLocation()).toBe('/catalog/c1?selected=2&selected=3&selected=4'));
    expect(within(code).getByRole('button', { name: 'Line 3' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(within(code).getByRole('button', { name: 'Line 3' }));
    await waitFor(() => expect(currentLocation()).toBe('/catalog/c1?selected=2&selected=4'));
  });

  it('highlights the lines of a shared link', async () => {
    openDetail('/catalog/c1?selected=1&selected=3');
    const code = await screen.findByLabelText('Config (json)');
    expect(within(code).getByRole('button', { name: 'Line 1' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(code).getByRole('button', { name: 'Line 2' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows each tab with its count from the summary and opens a tab at its path', async () => {
    openDetail();
    await screen.findByRole('tab', { name: 'Config' });
    for (const name of ['Changes (3)', 'Insights (2)', 'Relationships (4)', 'Playbooks (0)', 'Checks (1)']) {
      expect(screen.getByRole('tab', { name })).toBeInTheDocument();
    }
    fireEvent.click(screen.getByRole('tab', { name: 'Checks (1)' }));
    await waitFor(() => expect(currentLocation()).toBe('/catalog/c1/checks'));
    expect(await screen.findByText('web-http')).toBeInTheDocument();
    expect(api.last('/api/db/check_summary_for_config')!.url).toContain('config_id=eq.c1');
  });

  it("asks for this config's changes on the Changes tab", async () => {
    openDetail('/catalog/c1/changes');
    await waitFor(() => expect(api.last('/api/catalog/changes')?.body).toMatchObject({ id: 'c1', from: 'now-2d', page: 1, page_size: 200 }));
    expect(screen.getByRole('tab', { name: 'Changes (3)' })).toHaveAttribute('aria-selected', 'true');
  });

  it("reads this config's insights on the Insights tab", async () => {
    openDetail('/catalog/c1/insights');
    await waitFor(() => expect(api.last('/api/db/config_analysis_items')?.url).toContain('config_id=eq.c1'));
  });

  it('offers Link to incident only when the incidents plugin provides its dialog', async () => {
    const received: unknown[] = [];
    const incidents: WebPlugin = {
      manifest: { id: 'incidents', title: 'Incidents', feature: 'incidents' },
      register(ctx) {
        ctx.add('incident.linkDialog', {
          id: 'incidents',
          permission: { resource: 'incident', action: 'write' },
          load: async () => ({
            default: (props: { evidence: unknown }) => {
              received.push(props.evidence);
              return <div>link dialog</div>;
            },
          }),
        });
      },
    };
    openDetail('/catalog/c1', [incidents]);
    fireEvent.click(await screen.findByRole('button', { name: 'Link to incident' }));
    expect(await screen.findByText('link dialog')).toBeInTheDocument();
    expect(received.at(-1)).toEqual({ type: 'config', config_id: 'c1', description: 'web' });
  });

  it('hides Link to incident without the incidents dialog', async () => {
    openDetail();
    await screen.findByRole('complementary', { name: 'Config details' });
    expect(screen.queryByRole('button', { name: 'Link to incident' })).not.toBeInTheDocument();
  });
});
