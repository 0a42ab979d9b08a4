import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import InsightsPage from '../pages/InsightsPage';
import type { ConfigInsight } from '../catalogApi';
import { currentLocation, renderAt, stubFetch } from '../catalog/testing';

const insight = (values: Partial<ConfigInsight>): ConfigInsight => ({
  id: 'i1',
  config_id: 'p1',
  analyzer: 'crashloop',
  analysis_type: 'availability',
  severity: 'critical',
  status: 'open',
  message: 'Back-off restarting failed container',
  summary: 'Pod is crash looping',
  source: 'kubernetes',
  analysis: { restarts: 12 },
  first_observed: '2024-05-01T10:00:00Z',
  last_observed: '2024-05-02T10:00:00Z',
  config: { id: 'p1', name: 'web-0', type: 'Kubernetes::Pod', config_class: 'Kubernetes' },
  ...values,
});

const INSIGHTS = [
  insight({}),
  insight({ id: 'i2', severity: 'warning', analyzer: 'no-limits' }),
  insight({ id: 'i3', severity: 'low', analyzer: 'old-image' }),
];

let api: ReturnType<typeof stubFetch>;
beforeEach(() => {
  api = stubFetch([
    ['/api/db/config_analysis_items', INSIGHTS],
    ['/api/db/analysis_by_component', [INSIGHTS[0]]],
    ['/api/db/config_analysis_analyzers', [{ analyzer: 'crashloop' }, { analyzer: 'no-limits' }]],
  ]);
});

const openInsights = (search = '') =>
  renderAt(`/catalog/insights${search}`, [
    { path: '/catalog/insights', element: <InsightsPage /> },
    { path: '/catalog/:id', element: <span>config page</span> },
  ]);
const insightRows = () =>
  [...document.querySelectorAll<HTMLElement>('[data-testid="catalog-insight-row"]')].sort(
    (a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')),
  );
const params = (prefix: string) => new URLSearchParams(api.last(prefix)!.url.split('?')[1]);

describe('InsightsPage', () => {
  it('lists insights newest first, 50 a page, with the spec columns', async () => {
    openInsights();
    await waitFor(() => expect(insightRows()).toHaveLength(3));
    // The header text also holds ag-grid's sort indicator (its order number).
    const headers = screen.getAllByRole('columnheader').map((header) => header.querySelector('.ag-header-cell-text')?.textContent);
    expect(headers).toEqual(['Catalog', 'Type', 'Analyzer', 'Severity', 'Status', 'First Observed', 'Last Observed']);
    expect(params('/api/db/config_analysis_items').get('order')).toBe('first_observed.desc');
    expect(params('/api/db/config_analysis_items').get('limit')).toBe('50');
    expect(api.last('/api/db/config_analysis_items')!.headers.Prefer).toBe('count=exact');
  });

  it('colours critical red, warning yellow and other severities gray', async () => {
    openInsights();
    await waitFor(() => expect(insightRows()).toHaveLength(3));
    const colourOf = (row: HTMLElement, severity: string) => within(row).getByText(severity).getAttribute('data-colour');
    expect(colourOf(insightRows()[0], 'critical')).toBe('danger');
    expect(colourOf(insightRows()[1], 'warning')).toBe('warning');
    expect(colourOf(insightRows()[2], 'low')).toBe('informative');
  });

  it('filters by the type, severity and analyzer of the URL', async () => {
    openInsights('?type=security&severity=high&analyzer=crashloop&configType=Kubernetes::Pod');
    await waitFor(() => expect(api.to('/api/db/config_analysis_items')).not.toHaveLength(0));
    const query = params('/api/db/config_analysis_items');
    expect(query.get('analysis_type')).toBe('eq.security');
    expect(query.get('severity')).toBe('eq.high');
    expect(query.get('analyzer')).toBe('eq.crashloop');
    expect(query.get('config_type')).toBe('eq.Kubernetes::Pod');
  });

  it('writes a chosen analyzer to the URL', async () => {
    openInsights();
    fireEvent.click(await screen.findByRole('combobox', { name: 'Analyzer' }));
    fireEvent.click(await screen.findByRole('option', { name: 'no-limits' }));
    await waitFor(() => expect(currentLocation()).toBe('/catalog/insights?analyzer=no-limits'));
    await waitFor(() => expect(params('/api/db/config_analysis_items').get('analyzer')).toBe('eq.no-limits'));
  });

  it("reads a component's insights through analysis_by_component", async () => {
    openInsights('?component=c1');
    await waitFor(() => expect(insightRows()).toHaveLength(1));
    expect(params('/api/db/analysis_by_component').get('component_id')).toBe('eq.c1');
    fireEvent.click(screen.getByRole('button', { name: 'Clear component filter' }));
    await waitFor(() => expect(insightRows()).toHaveLength(3));
  });

  it('opens the insight details with its config link, message and analysis', async () => {
    openInsights();
    await waitFor(() => expect(insightRows()).toHaveLength(3));
    fireEvent.click(within(insightRows()[0]).getByText('crashloop'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Pod is crash looping')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'web-0' })).toHaveAttribute('href', '/catalog/p1');
    expect(within(dialog).getByText('Back-off restarting failed container')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Analysis')).toHaveTextContent('"restarts": 12');
  });
});
