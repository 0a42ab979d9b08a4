import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AGENT_MESSAGES, type Role } from '@contracts';
import { currentLocation, renderAt } from '@web/core/testing/renderAt';
import { reply, stubFetch } from '@web/core/testing/stubFetch';
import AgentsPage from './AgentsPage';
import type { AgentRow } from './agentsApi';

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const agent = (overrides: Partial<AgentRow> = {}): AgentRow => ({
  id: 'a1',
  name: 'edge-eu',
  description: null,
  properties: { env: 'prod', kubernetes: { enabled: true, interval: '1h' }, pushTelemetry: { enabled: false } },
  created_by: 'u1',
  creator: { id: 'u1', name: 'Ada Lovelace', avatar: null },
  created_at: '2024-05-01T10:00:00Z',
  updated_at: '2024-05-02T10:00:00Z',
  last_seen: ago(10_000),
  last_received: ago(10_000),
  config_count: 12,
  checks_count: 3,
  config_scrapper_count: 2,
  playbook_runs_count: 7,
  ...overrides,
});

const rows = [
  agent(),
  agent({ id: 'a2', name: 'edge-us', last_seen: ago(120_000), config_count: 0 }),
  agent({ id: 'a3', name: 'edge-new', last_seen: null, last_received: null, creator: null }),
];
const chart = {
  chart: 'ops-console',
  version: '0.1.0',
  repository: { name: 'ops-console', url: 'https://charts.test/ops' },
  publicUrl: 'https://console.test',
};

function open(url: string, roles: Role[] = ['admin'], extra: [string, unknown][] = []) {
  const api = stubFetch([...extra, ['GET /api/agent/chart', chart], ['GET /api/agent/a1', rows[0]], ['/api/db/agents_summary', rows]]);
  renderAt(url, [{ path: '/agents', element: <AgentsPage /> }], { roles });
  return api;
}
/**
 * Fluent's modal layers mark a dialog that replaces or stacks on another (the drawer) aria-hidden in jsdom, where their
 * motion never ends; the browser journey (test/e2e/agents.e2e.ts) clicks them for real.
 */
const STACKED = { hidden: true } as const;
const cell = (text: string) => screen.findByText(text, { selector: '[role=gridcell] *, [role=gridcell]' });
const listQuery = (api: ReturnType<typeof stubFetch>) => new URL(api.last('/api/db/agents_summary')!.url, 'http://x').searchParams;

describe('/agents', () => {
  it('lists the agents with their counts, status and creator, newest first, 50 a page', async () => {
    const api = open('/agents');
    expect(await cell('edge-eu')).toBeInTheDocument();
    for (const header of ['Name', 'Configs', 'Checks', 'Scrapers', 'Playbook Runs', 'Status', 'Last Pushed', 'Created At', 'Updated At', 'Created By']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeInTheDocument();
    }
    const first = screen.getAllByTestId('agent-row')[0];
    expect(within(first).getByText('Online')).toBeInTheDocument();
    expect(within(screen.getAllByTestId('agent-row')[1]).getByText('Offline')).toBeInTheDocument();
    const never = screen.getAllByTestId('agent-row')[2];
    expect(within(never).queryByText(/Online|Offline/)).toBeNull();
    expect(within(first).getByText('12')).toBeInTheDocument();
    expect(within(first).getByText('Ada Lovelace')).toBeInTheDocument();
    const q = listQuery(api);
    expect([q.get('order'), q.get('limit'), q.get('offset')]).toEqual(['created_at.desc.nullslast,id.asc', '50', '0']);
    expect(q.get('select')).toBe('*,creator(id,name,avatar)');
  });

  it('pages and sorts from the URL, keeping page sizes to 50, 100 and 200', async () => {
    const api = open('/agents?pageIndex=2&pageSize=100&sortBy=name&sortOrder=asc');
    await cell('edge-eu');
    const q = listQuery(api);
    expect([q.get('order'), q.get('limit'), q.get('offset')]).toEqual(['name.asc.nullslast,id.asc', '100', '200']);
    const sizes = within(screen.getByTestId('pagination')).getByLabelText('Rows per page');
    expect([...sizes.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['50', '100', '200']);
  });

  it('offers Add Agent only with write on agents', async () => {
    open('/agents', ['viewer']);
    await cell('edge-eu');
    expect(screen.queryByRole('button', { name: 'Add Agent' })).toBeNull();
  });

  it('creates an agent with Next, toasts, and shows the installation instructions with the token once', async () => {
    const api = open(
      '/agents?addAgent=true',
      ['admin'],
      [['POST /api/agent/generate', { id: 'n1', name: 'edge-new-1', username: 'token', access_token: 'oc_secret123' }]],
    );
    const drawer = await screen.findByTestId('agent-drawer');
    expect(within(drawer).getByText(AGENT_MESSAGES.createTitle)).toBeInTheDocument();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Next' }));
    expect(await within(drawer).findByText('This field is required')).toBeInTheDocument();
    expect(api.to('POST /api/agent/generate')).toHaveLength(0);

    fireEvent.change(within(drawer).getByRole('textbox', { name: /Name/ }), { target: { value: 'edge-new-1' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Add property' }));
    fireEvent.change(within(drawer).getByLabelText('Property 1 key'), { target: { value: 'env' } });
    fireEvent.change(within(drawer).getByLabelText('Property 1 value'), { target: { value: 'prod' } });
    fireEvent.change(within(drawer).getByRole('combobox', { name: 'Scrape Interval' }), { target: { value: '1h' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Next' }));

    expect(await screen.findByText(AGENT_MESSAGES.created)).toBeInTheDocument();
    expect(api.last('POST /api/agent/generate')!.body).toEqual({
      name: 'edge-new-1',
      properties: { env: 'prod' },
      kubernetes: { enabled: true, interval: '1h' },
      pushTelemetry: { enabled: false },
    });
    const install = await screen.findByTestId('agent-install');
    expect(within(install).getByText(AGENT_MESSAGES.tokenOnce)).toBeInTheDocument();
    const flux = await within(install).findByTestId('flux-snippet');
    expect(flux.textContent).toContain('password: oc_secret123');
    expect(flux.textContent).toContain('url: https://console.test');
    expect(flux.textContent).toContain('version: 0.1.0');
    fireEvent.click(await within(install).findByRole('tab', { name: 'Helm CLI', ...STACKED }));
    const helm = await within(install).findByTestId('helm-snippet');
    expect(helm.textContent).toContain('helm repo add ops-console https://charts.test/ops');
    expect(helm.textContent).toContain('--set-string upstream.password=oc_secret123');
    expect(helm.textContent).toContain('--set-string kubernetes.interval=1h');
    expect(within(install).getByTestId('agent-next-steps')).toBeInTheDocument();
    expect(currentLocation()).toBe('/agents');
  });

  it("shows the server's message when creating fails", async () => {
    open('/agents?addAgent=true', ['admin'], [['POST /api/agent/generate', reply(409, { message: 'An agent named "edge-eu" already exists' })]]);
    const drawer = await screen.findByTestId('agent-drawer');
    fireEvent.change(within(drawer).getByRole('textbox', { name: /Name/ }), { target: { value: 'edge-eu' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('An agent named "edge-eu" already exists')).toBeInTheDocument();
    expect(screen.queryByTestId('agent-install')).toBeNull();
  });

  it('opens ?id= in the drawer titled with its name, the name read-only; Save patches and toasts', async () => {
    const api = open('/agents?id=a1', ['editor'], [['PATCH /api/agent/a1', rows[0]]]);
    const drawer = await screen.findByTestId('agent-drawer');
    expect(within(drawer).getByText('edge-eu', { selector: 'h2, h2 *' })).toBeInTheDocument();
    const name = within(drawer).getByRole('textbox', { name: /Name/ }) as HTMLInputElement;
    expect(name.value).toBe('edge-eu');
    expect(name.readOnly).toBe(true);
    expect((within(drawer).getByLabelText('Property 1 value') as HTMLInputElement).value).toBe('prod');
    // Kubernetes is on (1h); Telemetry off: the one unchecked 'Disabled' is Kubernetes'.
    fireEvent.click(within(drawer).getByRole('radio', { name: 'Disabled', checked: false }));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(AGENT_MESSAGES.updated)).toBeInTheDocument();
    expect(api.last('PATCH /api/agent/a1')!.body).toEqual({
      name: 'edge-eu',
      properties: { env: 'prod' },
      kubernetes: { enabled: false, interval: '1h' },
      pushTelemetry: { enabled: false },
    });
    await waitFor(() => expect(currentLocation()).toBe('/agents'));
  });

  it('shows the drawer without Save or Delete to readers', async () => {
    open('/agents?id=a1', ['viewer']);
    const drawer = await screen.findByTestId('agent-drawer');
    expect(within(drawer).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('deletes after both confirmations, with the cleanup answer', async () => {
    const api = open('/agents?id=a1', ['admin'], [['DELETE /api/agent/a1', reply(204)]]);
    const drawer = await screen.findByTestId('agent-drawer');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Delete' }));
    const resources = await screen.findByRole('alertdialog', { name: AGENT_MESSAGES.deleteResourcesTitle });
    expect(within(resources).getByText(AGENT_MESSAGES.deleteResourcesQuestion)).toBeInTheDocument();
    fireEvent.click(within(resources).getByRole('button', { name: 'Yes' }));
    const confirm = await screen.findByRole('alertdialog', { name: AGENT_MESSAGES.deleteTitle });
    expect(within(confirm).getByText(AGENT_MESSAGES.deleteQuestion)).toBeInTheDocument();
    expect(api.to('DELETE /api/agent/a1')).toHaveLength(0);
    fireEvent.click(await within(confirm).findByRole('button', { name: 'Delete', ...STACKED }));
    expect(await screen.findByText(AGENT_MESSAGES.deleted)).toBeInTheDocument();
    expect(api.last('DELETE /api/agent/a1')!.url).toBe('/api/agent/a1?cleanup=true');
    await waitFor(() => expect(currentLocation()).toBe('/agents'));
  });
});
