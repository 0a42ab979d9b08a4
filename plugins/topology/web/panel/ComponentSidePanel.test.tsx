import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Feature, Role } from '@contracts';
import type { PlaybookRunButtonProps } from '@web/core/plugin-host';
import { type Answer, type Call, reply, stubFetch } from '@web/core/testing/stubFetch';
import { aComponent, currentLocation, incidentsPlugin, playbooksPlugin, renderPanelUi } from '../menu/testing';
import { ComponentSidePanel, OPEN_SECTIONS_KEY } from './ComponentSidePanel';
import type { ConfigLinkRow } from './componentApi';

const DB = '/api/db';
const LINKS = `${DB}/config_component_relationships`;
const INCIDENTS = `${DB}/incidents_by_component`;
const CHANGES = `${DB}/changes_by_component`;
const CHECKS = `${DB}/check_component_relationships`;
const RUNS = `${DB}/playbook_runs`;
const TEAMS = `${DB}/team_components`;
const INSIGHTS = `${DB}/analysis_by_component`;
const SECTION_READS = [LINKS, INCIDENTS, CHANGES, CHECKS, RUNS, TEAMS, INSIGHTS];

const links: ConfigLinkRow[] = [
  { config_id: 'cfg1', selector_id: 'manual', config: { id: 'cfg1', name: 'checkout-db', type: 'Postgres', health: 'healthy', status: 'Running' } },
  { config_id: 'cfg2', selector_id: 'sel-abc', config: { id: 'cfg2', name: 'checkout-deploy', type: 'Deployment', health: 'unhealthy', status: null } },
];
const incidents = [
  { id: 'i1', incident_id: 'INC-1', title: 'Checkout down', severity: 'high', status: 'open', type: 'availability', created_at: '2026-01-02T10:00:00Z' },
];
const changes = ['ch1', 'ch2', 'ch3'].map((id) => ({
  id,
  config_id: 'cfg1',
  change_type: 'diff',
  severity: null,
  summary: `summary of ${id}`,
  created_at: '2026-01-02T10:00:00Z',
  config_name: 'checkout-db',
  config_type: 'Postgres',
}));
const checks = [
  { check: { id: 'k1', name: 'checkout http', type: 'http', icon: null, status: 'unhealthy', canary_id: 'can1', last_runtime: null } },
  { check: { id: 'k2', name: 'checkout tcp', type: 'tcp', icon: null, status: 'healthy', canary_id: 'can1', last_runtime: null } },
];
const teams = [{ team_id: 't-ops', role: 'owner', team: { id: 't-ops', name: 'Ops', icon: null } }];
const insights = ['a1', 'a2', 'a3', 'a4'].map((id) => ({
  id,
  config_id: 'cfg1',
  analyzer: 'trivy',
  analysis_type: 'security',
  severity: 'high',
  status: 'open',
  summary: `finding ${id}`,
  message: null,
  config_name: 'checkout-db',
  config_type: 'Postgres',
  last_observed: '2026-01-02T10:00:00Z',
}));
/** 120 runs in all, answered 50 at a time by offset. */
const RUN_TOTAL = 120;
const runPage = (call: Call) => {
  const query = new URL(call.url, 'http://x').searchParams;
  const offset = Number(query.get('offset') ?? 0);
  const limit = Number(query.get('limit') ?? 50);
  return Array.from({ length: Math.max(0, Math.min(limit, RUN_TOTAL - offset)) }, (_, i) => ({
    id: `r${offset + i + 1}`,
    status: 'completed',
    created_at: '2026-01-02T10:00:00Z',
    start_time: '2026-01-02T10:00:00Z',
    end_time: null,
    playbook: { id: 'p1', title: `Restart ${offset + i + 1}`, name: 'restart', icon: null },
  }));
};

/**
 * core's stubFetch with the panel's reads, and each list's `content-range` total its own (the stub gives one total
 * for all lists): the runs say 120 while answering 50.
 */
function stubPanel(overrides: [string, Answer][] = []) {
  const api = stubFetch([
    ...overrides,
    [LINKS, links],
    [INCIDENTS, incidents],
    [CHANGES, changes],
    [CHECKS, checks],
    [RUNS, runPage],
    [TEAMS, teams],
    [INSIGHTS, insights],
    [`${DB}/topologies`, [{ id: 't1', name: 'shop-topology' }]],
    [
      `${DB}/teams`,
      [
        { id: 't-ops', name: 'Ops' },
        { id: 't-sre', name: 'SRE' },
      ],
    ],
  ]);
  const inner = globalThis.fetch;
  globalThis.fetch = jest.fn(async (input: string, init?: RequestInit) => {
    const response = (await inner(input, init)) as unknown as { headers: { get(name: string): string | null } };
    if (!decodeURIComponent(String(input)).startsWith(RUNS)) return response;
    const range = response.headers.get('content-range');
    return {
      ...response,
      headers: {
        get: (name: string) => (name.toLowerCase() === 'content-range' && range ? range.replace(/\/\d+$/, `/${RUN_TOTAL}`) : response.headers.get(name)),
      },
    };
  }) as unknown as typeof fetch;
  return api;
}

function openPanel({ roles = ['editor'] as Role[], disabled = [] as Feature[], pass = true } = {}) {
  const received: PlaybookRunButtonProps[] = [];
  renderPanelUi(<ComponentSidePanel componentId="c1" component={pass ? aComponent() : undefined} />, {
    roles,
    disabled,
    plugins: [incidentsPlugin([]), playbooksPlugin(received)],
  });
  return received;
}

const count = (section: string) => screen.getByTestId(`count-${section}`).textContent;
/** Opens a section once it shows (sections wait for the user's permissions). */
const expand = async (section: string) => fireEvent.click(within(await screen.findByTestId(`section-${section}`)).getByRole('button'));

describe('component side panel', () => {
  beforeEach(() => window.localStorage.removeItem(OPEN_SECTIONS_KEY));

  it('shows each section with its count in the header, read with Prefer: count=exact', async () => {
    const api = stubPanel();
    openPanel();
    await waitFor(() => expect(count('runs')).toBe('120'));
    expect(count('catalog')).toBe('2');
    expect(count('incidents')).toBe('1');
    expect(count('changes')).toBe('3');
    expect(count('checks')).toBe('2');
    expect(count('teams')).toBe('1');
    expect(count('insights')).toBe('4');
    for (const read of SECTION_READS) {
      const call = api.last(read)!;
      expect(call.headers.Prefer).toBe('count=exact');
      expect(new URL(call.url, 'http://x').searchParams.get('component_id')).toBe('eq.c1');
    }
    const sections = screen
      .getAllByRole('button')
      .map((b) => b.textContent)
      .filter((t) => /^(Details|Catalog|Incidents|Config Changes|Checks|Playbook Runs|Teams|Insights)/.test(t ?? ''));
    expect(sections.map((t) => t!.replace(/[\d–]+$/, ''))).toEqual([
      'Details',
      'Catalog',
      'Incidents',
      'Config Changes',
      'Checks',
      'Playbook Runs',
      'Teams',
      'Insights',
    ]);
  });

  it('opens on Details: status and why, labels, properties, times and the topology it came from', async () => {
    stubPanel();
    openPanel();
    expect(screen.getByRole('heading', { name: 'checkout' })).toBeInTheDocument();
    expect(screen.getByText('pod crash looping')).toBeInTheDocument();
    expect(screen.getByText('namespace: shop')).toBeInTheDocument();
    expect(screen.getByText('replicas').nextElementSibling).toHaveTextContent(/^3$/);
    expect(await screen.findByRole('link', { name: 'shop-topology' })).toHaveAttribute('href', '/settings/topologies/t1');
    expect(screen.queryByRole('list', { name: 'Linked configs' })).not.toBeInTheDocument();
  });

  it('carries its own menu without Zoom In', async () => {
    stubPanel();
    openPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for checkout' }));
    const items = within(await screen.findByRole('menu'))
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['View Logs', 'Link to Incident', 'Snapshot', 'Link to catalog']);
  });

  it('leaves out the sections of features that are off, and reads nothing for them', async () => {
    const api = stubPanel();
    openPanel({ disabled: ['incidents', 'playbooks', 'config'] });
    await waitFor(() => expect(count('teams')).toBe('1'));
    expect(count('checks')).toBe('2');
    for (const section of ['catalog', 'incidents', 'changes', 'runs', 'insights']) expect(screen.queryByTestId(`section-${section}`)).not.toBeInTheDocument();
    for (const read of [LINKS, INCIDENTS, CHANGES, RUNS, INSIGHTS]) expect(api.to(read)).toHaveLength(0);
  });

  it('lists linked configs opening their catalogue page; a writer removes a manual link', async () => {
    const api = stubPanel([[`DELETE ${LINKS}`, reply(204)]]);
    openPanel();
    await expand('catalog');
    const list = await screen.findByRole('list', { name: 'Linked configs' });
    expect(within(list).getByRole('link', { name: 'checkout-db' })).toHaveAttribute('href', '/catalog/cfg1');
    expect(within(list).queryByRole('button', { name: 'Unlink checkout-deploy' })).not.toBeInTheDocument();
    const readsBefore = api.to(`GET ${LINKS}`).length;
    fireEvent.click(within(list).getByRole('button', { name: 'Unlink checkout-db' }));
    expect(await screen.findByTestId('toast-success')).toHaveTextContent('Deleted config link successfully');
    const query = new URL(api.last(`DELETE ${LINKS}`)!.url, 'http://x').searchParams;
    expect([query.get('component_id'), query.get('config_id'), query.get('selector_id')]).toEqual(['eq.c1', 'eq.cfg1', 'eq.manual']);
    await waitFor(() => expect(api.to(`GET ${LINKS}`).length).toBeGreaterThan(readsBefore));
  });

  it('shows a viewer the links without unlink', async () => {
    stubPanel();
    openPanel({ roles: ['viewer'] });
    await expand('catalog');
    const list = await screen.findByRole('list', { name: 'Linked configs' });
    expect(within(list).getByRole('link', { name: 'checkout-db' })).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /Unlink/ })).not.toBeInTheDocument();
  });

  it('lists incidents, changes and insights with their links', async () => {
    stubPanel();
    openPanel();
    await expand('incidents');
    await expand('changes');
    await expand('insights');
    expect(await screen.findByRole('link', { name: 'Checkout down' })).toHaveAttribute('href', '/incidents/i1');
    expect(screen.getByRole('link', { name: 'View all incidents' })).toHaveAttribute('href', '/incidents?component=c1');
    expect(await screen.findByText('summary of ch2')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'finding a1' })).toHaveAttribute('href', '/catalog/insights?component=c1&type=security&severity=high');
    fireEvent.click(screen.getByRole('link', { name: 'View all insights' }));
    expect(currentLocation()).toBe('/catalog/insights?component=c1');
  });

  it('lists checks with their health, each opening the check detail', async () => {
    stubPanel();
    openPanel();
    await expand('checks');
    const list = await screen.findByRole('list', { name: 'Checks' });
    const http = within(list).getByRole('link', { name: 'checkout http' });
    expect(http.closest('li')).toHaveTextContent('unhealthy');
    fireEvent.click(http);
    expect(currentLocation()).toBe('/health?checkId=k1');
  });

  it('pages playbook runs by 50 and places the run button on the component', async () => {
    const api = stubPanel();
    const received = openPanel();
    await expand('runs');
    expect(await screen.findByRole('button', { name: 'Run a playbook' })).toBeInTheDocument();
    expect(received.at(-1)).toEqual({ resource: { kind: 'component', id: 'c1', name: 'checkout' }, appearance: 'toolbar' });
    const list = await screen.findByRole('list', { name: 'Playbook runs' });
    expect(within(list).getByRole('link', { name: 'Restart 1' })).toHaveAttribute('href', '/playbooks/runs/r1');
    expect(within(list).getAllByRole('listitem')).toHaveLength(50);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByRole('link', { name: 'Restart 100' })).toBeInTheDocument();
    expect(new URL(api.last(RUNS)!.url, 'http://x').searchParams.get('offset')).toBe('50');
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await within(list).findByRole('link', { name: 'Restart 120' })).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(120);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows no run button to a viewer', async () => {
    stubPanel();
    const received = openPanel({ roles: ['viewer'] });
    await expand('runs');
    expect(await screen.findByRole('link', { name: 'Restart 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run a playbook' })).not.toBeInTheDocument();
    expect(received).toHaveLength(0);
  });

  it('lets a writer add and remove teams', async () => {
    const api = stubPanel([
      [`POST ${TEAMS}`, reply(201, [])],
      [`DELETE ${TEAMS}`, reply(204)],
    ]);
    openPanel();
    await expand('teams');
    expect(await screen.findByRole('list', { name: 'Teams' })).toHaveTextContent('Ops');
    fireEvent.click(screen.getByRole('combobox', { name: 'Add team' }));
    expect(screen.queryByRole('option', { name: 'Ops' })).not.toBeInTheDocument();
    fireEvent.click(await screen.findByRole('option', { name: 'SRE' }));
    await waitFor(() => expect(api.to(`POST ${TEAMS}`)).toHaveLength(1));
    expect(api.last(`POST ${TEAMS}`)!.body).toEqual({ team_id: 't-sre', component_id: 'c1' });
    // Busy until the list has been read again.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove Ops' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Remove Ops' }));
    await waitFor(() => expect(api.to(`DELETE ${TEAMS}`)).toHaveLength(1));
    const query = new URL(api.last(`DELETE ${TEAMS}`)!.url, 'http://x').searchParams;
    expect([query.get('team_id'), query.get('component_id')]).toEqual(['eq.t-ops', 'eq.c1']);
  });

  it('shows a viewer the teams without add or remove', async () => {
    stubPanel();
    openPanel({ roles: ['viewer'] });
    await expand('teams');
    expect(await screen.findByRole('list', { name: 'Teams' })).toHaveTextContent('Ops');
    expect(screen.queryByRole('combobox', { name: 'Add team' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Ops' })).not.toBeInTheDocument();
  });

  it('says when a section has nothing, and why a section could not be read', async () => {
    stubPanel([
      [INCIDENTS, []],
      [CHECKS, reply(500, { statusCode: 500, code: 'internal', message: 'database unavailable' })],
    ]);
    openPanel();
    await expand('incidents');
    await expand('checks');
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    expect(await screen.findByText('database unavailable')).toBeInTheDocument();
    expect(count('incidents')).toBe('0');
    expect(count('checks')).toBe('–');
  });

  it('remembers which sections are open', async () => {
    stubPanel();
    const { unmount } = renderPanelUi(<ComponentSidePanel componentId="c1" component={aComponent()} />);
    await expand('teams');
    expect(await screen.findByRole('list', { name: 'Teams' })).toBeInTheDocument();
    unmount();
    renderPanelUi(<ComponentSidePanel componentId="c1" component={aComponent()} />);
    expect(await screen.findByRole('list', { name: 'Teams' })).toBeInTheDocument();
  });

  it('refreshes the catalog count after Link to catalog from its menu', async () => {
    const linked = [...links];
    const api = stubPanel([
      [
        LINKS,
        (call: Call) => {
          if (call.method === 'POST') {
            linked.push({ config_id: 'cfg3', selector_id: 'manual', config: { id: 'cfg3', name: 'cache', type: 'Redis', health: null, status: null } });
            return reply(201, []);
          }
          return linked;
        },
      ],
      [`${DB}/config_items`, [{ id: 'cfg3', name: 'cache', type: 'Redis' }]],
    ]);
    openPanel();
    await waitFor(() => expect(count('catalog')).toBe('2'));
    fireEvent.click(screen.getByRole('button', { name: 'Actions for checkout' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Link to catalog' }));
    const dialog = await screen.findByRole('dialog', { name: /Link checkout to catalog/, hidden: true });
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Search configs', hidden: true }), { target: { value: 'cache' } });
    fireEvent.click(await within(dialog).findByLabelText('cache (Redis)'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Link', hidden: true }));
    expect(await screen.findByTestId('toast-success')).toHaveTextContent('config link successful');
    await waitFor(() => expect(count('catalog')).toBe('3'));
    expect(api.last(`POST ${LINKS}`)!.body).toEqual({ component_id: 'c1', config_id: 'cfg3', selector_id: 'manual' });
  });
});

describe('component side panel without a component passed', () => {
  beforeEach(() => window.localStorage.removeItem(OPEN_SECTIONS_KEY));

  it('reads the component by id', async () => {
    const api = stubPanel([['/api/topology', { components: [aComponent({ name: 'payments' })], types: [], teams: [], healthStatuses: [] }]]);
    openPanel({ pass: false });
    expect(await screen.findByRole('heading', { name: 'payments' })).toBeInTheDocument();
    expect(api.last('/api/topology')!.url).toBe('/api/topology?id=c1');
  });

  it("says 'Component not found' when there is none", async () => {
    stubPanel([['/api/topology', { components: [], types: [], teams: [], healthStatuses: [] }]]);
    openPanel({ pass: false });
    expect(await screen.findByText('Component not found')).toBeInTheDocument();
  });
});
