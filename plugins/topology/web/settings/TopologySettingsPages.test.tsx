import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { parse } from 'yaml';
import { type Role, TOPOLOGY_API_VERSION, TOPOLOGY_KIND, type TopologyDocument, type TopologyRunResult } from '@contracts';
import { useFetchMock } from '@web/core/editor/testing';
import { TestProviders, signedIn } from '@web/core/testing/TestProviders';
import { jsonResponse } from '@web/core/testing/jsonResponse';
import { PluginRegistry, PluginRegistryProvider } from '@web/core/plugin-host';
import SettingsDetailRoute from '@web/core/settings/SettingsDetailRoute';
import SettingsListRoute from '@web/core/settings/SettingsListRoute';
import type { SettingsResource } from '@web/core/settings/types';
import topologyPlugin from '../index';
import { topologyKey } from './topologiesApi';

// jsdom cannot run Monaco: the Code tab's editor is a textarea here.
jest.mock('@web/core/editor/YamlEditor', () => jest.requireActual('@web/core/editor/testing').textareaYamlEditor);

const fetchMock = useFetchMock();

const TOPOLOGY_ID = '7d0c1f2e-3333-4444-8555-666677778888';
const storedYaml = [
  `apiVersion: ${TOPOLOGY_API_VERSION}`,
  `kind: ${TOPOLOGY_KIND}`,
  'metadata:',
  '  name: shop',
  '  namespace: demo',
  'spec:',
  "  schedule: '@every 5m'",
  '  components:',
  '    - name: Checkout',
  '      type: Service',
  '',
].join('\n');
const existing: TopologyDocument = {
  id: TOPOLOGY_ID,
  name: 'shop',
  namespace: 'demo',
  labels: {},
  spec: { schedule: '@every 5m', components: [{ name: 'Checkout', type: 'Service' }] },
  schedule: '@every 5m',
  source: 'UI',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  next_runtime: null,
  yaml: storedYaml,
};

const listRow: SettingsResource = {
  id: TOPOLOGY_ID,
  name: 'shop',
  namespace: 'demo',
  labels: { team: 'ops', env: 'dev' },
  schedule: '@every 5m',
  source: 'UI',
  job_status: 'SUCCESS',
  job_details: null,
  last_runtime: null,
  job_last_failed: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: null,
  created_by: { id: 'p1', name: 'Ada Lovelace' },
};

const jobRun = {
  id: 'j1',
  name: 'TopologyRun',
  status: 'SUCCESS',
  time_start: '2026-01-02T00:00:00Z',
  duration_millis: 12,
  success_count: 4,
  error_count: 0,
  details: null,
};

function openAt(
  url: string,
  { roles = ['admin'] as Role[], extra = {} as Record<string, unknown>, fetcher = undefined as ((key: string) => Promise<unknown>) | undefined } = {},
) {
  const responses = signedIn(roles, extra);
  render(
    <MemoryRouter initialEntries={[url]}>
      <TestProviders responses={responses} fetcher={fetcher}>
        <PluginRegistryProvider registry={new PluginRegistry([topologyPlugin])}>
          <Routes>
            <Route path="/settings/topologies" element={<SettingsListRoute />} />
            <Route path="/settings/topologies/:id" element={<SettingsDetailRoute />} />
          </Routes>
        </PluginRegistryProvider>
      </TestProviders>
    </MemoryRouter>,
  );
}

const sent = (path: string, method = 'POST') =>
  fetchMock.mock.calls.filter(([url, init]) => url === path && init?.method === method).map(([, init]) => JSON.parse(init.body ?? 'null'));
const codeEditor = () => screen.getByRole('textbox', { name: 'Topology YAML' }) as HTMLTextAreaElement;
const nameInput = () => screen.getAllByRole('textbox', { name: /^Name/ })[0];

async function openCodeTab() {
  fireEvent.click(screen.getByRole('tab', { name: 'Code' }));
  return (await screen.findByRole('textbox', { name: 'Topology YAML' })) as HTMLTextAreaElement;
}

describe('topology list', () => {
  beforeEach(() => fetchMock.mockImplementation(() => jsonResponse(200, [listRow], { 'content-range': '0-0/1' })));

  it('lists topologies_with_status with Namespace and without Schedule, Add for a writer, a row opening its editor', async () => {
    openAt('/settings/topologies?sortBy=namespace&sortDesc=true', { extra: { [topologyKey(TOPOLOGY_ID)]: existing } });
    expect(await screen.findByText('shop')).toBeInTheDocument();
    // A sorted column's header also shows its sort position (Namespace 1).
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent?.trim().replace(/\s+\d+$/, ''));
    expect(headers).toEqual(['Name', 'Source', 'Namespace', 'Job Status', 'Last Run', 'Last Failed', 'Tags', 'Created', 'Updated', 'Created By']);
    expect(screen.getByText('demo')).toBeInTheDocument();
    expect(screen.getByText('+1 more')).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
    const query = new URL(fetchMock.mock.calls[0][0], 'http://x');
    expect(query.pathname).toBe('/api/db/topologies_with_status');
    expect(query.searchParams.get('deleted_at')).toBe('is.null');
    expect(query.searchParams.get('order')).toBe('namespace.desc,id.asc');

    fireEvent.click(screen.getByText('shop'));
    expect(await screen.findByRole('button', { name: 'Update' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Topology' })).toHaveAttribute('href', '/settings/topologies');
  });

  it('hides Add from a viewer', async () => {
    openAt('/settings/topologies', { roles: ['viewer'] });
    expect(await screen.findByText('shop')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
  });
});

describe('topology editor', () => {
  it('offers the starters then Custom; the Exec starter only to those who may save scripts', async () => {
    openAt('/settings/topologies/new', { roles: ['editor'] });
    const picker = within(await screen.findByRole('group', { name: 'Topology starters' }));
    expect(picker.getAllByRole('button').map((b) => b.textContent)).toEqual(['Catalog', 'SQL', 'HTTP', 'Exec', 'Static', 'Custom']);
    expect(picker.getByRole('button', { name: 'Exec' })).toBeDisabled();
    expect(picker.getByRole('button', { name: 'Exec' })).toHaveAttribute('title', 'Only administrators may add lookups that run scripts on the console');
    expect(picker.getByRole('button', { name: 'Catalog' })).toBeEnabled();
  });

  it.each([
    ['Catalog', 'catalog'],
    ['SQL', 'postgres'],
    ['HTTP', 'http'],
    ['Exec', 'exec'],
  ])('the %s starter writes a Topology document whose component looks its children up with %s and a display', async (label, lookup) => {
    openAt('/settings/topologies/new');
    fireEvent.click(within(await screen.findByRole('group', { name: 'Topology starters' })).getByRole('button', { name: label }));
    fireEvent.change(nameInput(), { target: { value: 'from-starter' } });
    const doc = parse((await openCodeTab()).value);
    expect(doc).toMatchObject({ apiVersion: TOPOLOGY_API_VERSION, kind: TOPOLOGY_KIND, metadata: { name: 'from-starter', namespace: 'default' } });
    expect(doc.spec.schedule).toBe('@every 5m');
    expect(doc.spec.components).toHaveLength(1);
    const [component] = doc.spec.components;
    expect(component.name).toEqual(expect.any(String));
    expect(Object.keys(component.lookup)).toEqual([lookup]);
    for (const entry of component.lookup[lookup]) {
      expect(entry.name).toEqual(expect.any(String));
      expect(Object.keys(entry.display)).toEqual(['expr']);
    }
  });

  it('the Static starter writes components by hand with check and config selectors, and lists them in the form', async () => {
    openAt('/settings/topologies/new');
    fireEvent.click(within(await screen.findByRole('group', { name: 'Topology starters' })).getByRole('button', { name: 'Static' }));
    const group = within(screen.getByRole('region', { name: 'Top-level components' }));
    expect(group.getByText('Checkout')).toBeInTheDocument();
    expect(group.getByText('Edit this component in the Code tab')).toBeInTheDocument();
    expect(screen.getByText(/^Edit components in the Code tab/)).toBeInTheDocument();
    const [checkout] = parse((await openCodeTab()).value).spec.components;
    expect(checkout.checks).toEqual(expect.arrayContaining([{ selector: { labelSelector: 'app=checkout' } }]));
    expect(checkout.configs).toEqual([{ name: 'checkout', types: ['Shop::Service'] }]);
    expect(checkout.components[0].checks[0].inline.http[0]).toMatchObject({ name: 'checkout-api' });
  });

  it('adds a second starter after the first, numbering a repeated name', async () => {
    openAt('/settings/topologies/new');
    fireEvent.click(within(await screen.findByRole('group', { name: 'Topology starters' })).getByRole('button', { name: 'Catalog' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add component' }));
    fireEvent.click(within(screen.getByRole('group', { name: 'Topology starters' })).getByRole('button', { name: 'Catalog' }));
    const names = parse((await openCodeTab()).value).spec.components.map((c: { name: string }) => c.name);
    expect(names).toEqual(['Services', 'Services 2']);
  });

  it('saves a new topology: Save posts the document as {yaml}', async () => {
    openAt('/settings/topologies/new');
    fireEvent.click(within(await screen.findByRole('group', { name: 'Topology starters' })).getByRole('button', { name: 'HTTP' }));
    fireEvent.change(nameInput(), { target: { value: 'status' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Schedule' }), { target: { value: '@hourly' } });
    fetchMock.mockImplementation((url: string, init: RequestInit) =>
      url === '/api/topologies' && init.method === 'POST' ? jsonResponse(201, { ...existing, name: 'status' }) : jsonResponse(404, {}),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('status created successfully')).toBeInTheDocument();
    const [body] = sent('/api/topologies');
    expect(Object.keys(body)).toEqual(['yaml']);
    const doc = parse(body.yaml);
    expect(doc).toMatchObject({ kind: TOPOLOGY_KIND, metadata: { name: 'status', namespace: 'default' }, spec: { schedule: '@hourly' } });
    expect(doc.spec.components[0].lookup.http[0].url).toBe('https://status.example.com/api/v2/components.json');
  });

  it("shows the server's 400 problem with its line and keeps what was typed", async () => {
    openAt('/settings/topologies/new');
    fireEvent.click(await screen.findByRole('button', { name: 'Custom' }));
    const text = `apiVersion: ${TOPOLOGY_API_VERSION}\nkind: ${TOPOLOGY_KIND}\nmetadata:\n  name: broken\nspec:\n  components:\n    - type: Service\n`;
    fireEvent.change(codeEditor(), { target: { value: text } });
    fetchMock.mockImplementation((url: string) =>
      url === '/api/topologies'
        ? jsonResponse(400, {
            statusCode: 400,
            code: 'invalid_topology',
            message: 'Invalid topology',
            details: { problems: [{ message: 'name: required', path: 'spec.components[0].name', line: 7, column: 7 }] },
          })
        : jsonResponse(404, {}),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('save-error')).toHaveTextContent('Line 7, column 7: spec.components[0].name: name: required');
    expect(sent('/api/topologies')).toEqual([{ yaml: text }]);
    expect(codeEditor()).toHaveValue(text);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it("places the gateway's 400 problems on their lines through the validate endpoint when the answer has no lines", async () => {
    openAt('/settings/topologies/new');
    fireEvent.click(await screen.findByRole('button', { name: 'Custom' }));
    const text = `apiVersion: ${TOPOLOGY_API_VERSION}\nkind: ${TOPOLOGY_KIND}\nmetadata:\n  name: broken\nspec:\n  components:\n    - type: Service\n`;
    fireEvent.change(codeEditor(), { target: { value: text } });
    const problem = 'spec.components[0].name: required (or a lookup whose results are the components)';
    fetchMock.mockImplementation((url: string) =>
      url === '/api/topologies'
        ? jsonResponse(400, { statusCode: 400, code: 'invalid_topology', message: problem })
        : url === '/api/topologies/validate'
          ? jsonResponse(200, { errors: [{ message: problem, path: 'spec.components[0].name', line: 7, column: 7 }] })
          : jsonResponse(404, {}),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('save-error')).toHaveTextContent(`Line 7, column 7: ${problem}`);
    expect(sent('/api/topologies/validate')).toContainEqual({ yaml: text });
    expect(codeEditor()).toHaveValue(text);
  });

  it("shows a 400's message as it is when no line can be found for it", async () => {
    openAt('/settings/topologies/new');
    fireEvent.click(await screen.findByRole('button', { name: 'Custom' }));
    fireEvent.change(codeEditor(), { target: { value: 'metadata:\n  name: lines\nspec:\n  components: []\n' } });
    fetchMock.mockImplementation((url: string) =>
      url === '/api/topologies'
        ? jsonResponse(400, { statusCode: 400, code: 'exec_disabled', message: 'Lookups that run scripts (exec) are turned off' })
        : jsonResponse(404, {}),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('save-error')).toHaveTextContent(/^Lookups that run scripts \(exec\) are turned off$/);
  });

  it('lists the validation errors of the Code tab as the user types', async () => {
    fetchMock.mockImplementation((url: string) =>
      url === '/api/topologies/validate'
        ? jsonResponse(200, { errors: [{ message: 'unknown lookup type sqll', path: 'spec.components[0].lookup.sqll', line: 9, column: 9 }] })
        : jsonResponse(404, {}),
    );
    openAt('/settings/topologies/new');
    fireEvent.click(await screen.findByRole('button', { name: 'Custom' }));
    fireEvent.change(codeEditor(), { target: { value: 'metadata:\n  name: typed\nspec:\n  components: []\n' } });
    const list = await screen.findByRole('list', { name: 'Validation errors' }, { timeout: 3000 });
    expect(within(list).getByRole('listitem')).toHaveTextContent('Line 9, column 9: spec.components[0].lookup.sqll: unknown lookup type sqll');
    await waitFor(() => expect(sent('/api/topologies/validate')).toEqual([{ yaml: codeEditor().value }]));
  });

  it('keeps Save disabled while the form is invalid (spec 03) and says why: no name, then a schedule faster than a minute', async () => {
    openAt('/settings/topologies/new');
    fireEvent.click(within(await screen.findByRole('group', { name: 'Topology starters' })).getByRole('button', { name: 'Catalog' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());

    fireEvent.change(nameInput(), { target: { value: 'services' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    fireEvent.change(screen.getByRole('combobox', { name: 'Schedule' }), { target: { value: '@every 30s' } });
    expect(await screen.findByRole('group', { name: 'Form problems' })).toHaveTextContent('Schedule: A topology runs at most once a minute');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(sent('/api/topologies')).toEqual([]);
  });

  it('updates an existing topology with PUT of its stored text, name and namespace fixed', async () => {
    openAt(`/settings/topologies/${TOPOLOGY_ID}`, { extra: { [topologyKey(TOPOLOGY_ID)]: existing } });
    expect(await screen.findByRole('button', { name: 'Update' })).toBeInTheDocument();
    expect(nameInput()).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Namespace' })).toBeDisabled();
    expect((await openCodeTab()).value).toBe(storedYaml);
    fetchMock.mockImplementation((url: string, init: RequestInit) =>
      url === topologyKey(TOPOLOGY_ID) && init.method === 'PUT' ? jsonResponse(200, existing) : jsonResponse(404, {}),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('shop updated successfully')).toBeInTheDocument();
    expect(sent(topologyKey(TOPOLOGY_ID), 'PUT')).toEqual([{ yaml: storedYaml }]);
  });

  it('deletes after confirmation', async () => {
    openAt(`/settings/topologies/${TOPOLOGY_ID}`, { extra: { [topologyKey(TOPOLOGY_ID)]: existing } });
    fetchMock.mockImplementation((url: string, init: RequestInit) =>
      url === topologyKey(TOPOLOGY_ID) && init.method === 'DELETE' ? jsonResponse(204) : jsonResponse(404, {}),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('shop deleted successfully')).toBeInTheDocument();
    expect(sent(topologyKey(TOPOLOGY_ID), 'DELETE')).toHaveLength(1);
  });

  it('runs the topology with Run Now, shows the run summary and refreshes the job history', async () => {
    const result: TopologyRunResult = {
      job_history_id: 'j2',
      status: 'WARNING',
      duration_millis: 42,
      success_count: 6,
      error_count: 1,
      errors: ['lookup databases: connection refused'],
      summary: { created: 3, updated: 2, deleted: 1, checks_linked: 4, configs_linked: 5 },
    };
    const historyReads = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/db/job_histories?')).length;
    fetchMock.mockImplementation((url: string, init: RequestInit) =>
      url.startsWith('/api/db/job_histories?')
        ? jsonResponse(200, [jobRun], { 'content-range': '0-0/1' })
        : url === `${topologyKey(TOPOLOGY_ID)}/run` && init.method === 'POST'
          ? jsonResponse(200, result)
          : jsonResponse(404, {}),
    );
    openAt(`/settings/topologies/${TOPOLOGY_ID}`, { roles: ['editor'], extra: { [topologyKey(TOPOLOGY_ID)]: existing } });
    fireEvent.click(await screen.findByRole('tab', { name: 'Job History' }));
    expect(await screen.findAllByTestId('job-history-row')).toHaveLength(1);
    const before = historyReads();
    fireEvent.click(screen.getByRole('button', { name: 'Run Now' }));
    // The message bar is named by its title.
    const summary = await screen.findByRole('group', { name: 'Topology run WARNING: 6 components, 1 errors in 42 ms' });
    expect(summary).toHaveTextContent('Components created 3, updated 2, deleted 1; checks linked 4, configs linked 5');
    expect(summary).toHaveTextContent('lookup databases: connection refused');
    await waitFor(() => expect(historyReads()).toBeGreaterThan(before));
    expect(sent(`${topologyKey(TOPOLOGY_ID)}/run`)).toHaveLength(1);
  });

  it('reads the job history of this topology by id and resource type', async () => {
    fetchMock.mockImplementation(() => jsonResponse(200, [], { 'content-range': '*/0' }));
    openAt(`/settings/topologies/${TOPOLOGY_ID}?tab=jobHistory`, { extra: { [topologyKey(TOPOLOGY_ID)]: existing } });
    expect(await screen.findByText('No job runs yet')).toBeInTheDocument();
    const [url] = fetchMock.mock.calls.map(([called]) => String(called)).filter((called) => called.startsWith('/api/db/job_histories?'));
    const query = new URL(url, 'http://x').searchParams;
    expect(query.get('resource_id')).toBe(`eq.${TOPOLOGY_ID}`);
    expect(query.get('resource_type')).toBe('eq.topology');
  });

  it('offers neither Run Now, Save nor the starters to a viewer', async () => {
    openAt(`/settings/topologies/${TOPOLOGY_ID}`, { roles: ['viewer'], extra: { [topologyKey(TOPOLOGY_ID)]: existing } });
    expect(await screen.findByRole('tab', { name: 'Job History' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run Now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add component' })).not.toBeInTheDocument();
  });

  it("says 'No resources found' for an id that does not exist", async () => {
    openAt('/settings/topologies/0d0d0d0d-0000-4000-8000-000000000000');
    expect(await screen.findByText('No resources found')).toBeInTheDocument();
  });
});
