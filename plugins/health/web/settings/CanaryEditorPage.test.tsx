import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Beaker20Regular, Globe20Regular } from '@fluentui/react-icons';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Role } from '@contracts';
import { ApiError } from '@web/core/api';
import { PluginRegistry, PluginRegistryProvider, definePlugin } from '@web/core/plugin-host';
import { TestProviders, signedIn } from '@web/core/testing/TestProviders';
import { type CanaryDocument, canaryKey } from '../healthApi';
import SettingsDetailRoute from '@web/core/settings/SettingsDetailRoute';
import { CANARIES_TABLE } from './canariesTable';
import { calls, jsonResponse } from './testFixtures';
import { useFetchMock } from '@web/core/editor/testing';

// jsdom cannot run Monaco: the Code tab's editor is a textarea here.
jest.mock('@web/core/editor/YamlEditor', () => jest.requireActual('@web/core/editor/testing').textareaYamlEditor);

const fetchMock = useFetchMock();

/** An HTTP type contributed the way check-http does (this test does not import another plugin). */
const registry = new PluginRegistry([
  definePlugin({
    manifest: { id: 'test-check-http', title: 'HTTP check' },
    register(ctx) {
      ctx.add('health.checkTypes', {
        id: 'http',
        label: 'HTTP',
        icon: Globe20Regular,
        fields: [
          { name: 'name', label: 'Name', kind: 'text', required: true },
          { name: 'url', label: 'URL', kind: 'text', required: true },
          { name: 'thresholdMillis', label: 'Threshold (ms)', kind: 'number' },
          { name: 'authentication', label: 'Authentication', kind: 'authentication' },
          { name: 'responseCodes', label: 'Response codes', kind: 'choices', options: [200, 404, 500].map((c) => ({ value: String(c), label: String(c) })) },
        ],
      });
      // A type that runs code, contributed the way check-exec does.
      ctx.add('health.checkTypes', {
        id: 'exec',
        label: 'Exec',
        savePermission: { resource: 'exec', action: 'write' },
        savePermissionHint: 'Only administrators may add checks that run scripts on the console',
        fields: [{ name: 'script', label: 'Script', kind: 'textarea', required: true }],
      });
      ctx.add('settings.tables', CANARIES_TABLE);
      // Types edited as YAML only, contributed the way the health plugin does for the spec's types no plugin runs yet.
      ctx.add('health.checkTypes', { id: 'ldap', label: 'LDAP' });
      ctx.add('health.checkTypes', { id: 'tcp', label: 'TCP' });
    },
  }),
  // A new check type, contributed by its own plugin the way a new plugin folder would be.
  definePlugin({
    manifest: { id: 'test-check-fixture', title: 'Fixture check' },
    register(ctx) {
      ctx.add('health.checkTypes', {
        id: 'fixture',
        label: 'Fixture check',
        icon: Beaker20Regular,
        order: 1000,
        fields: [
          { name: 'name', label: 'Name', kind: 'text', required: true },
          { name: 'target', label: 'Target', kind: 'text', required: true },
        ],
      });
    },
  }),
]);

const CANARY_ID = '0b6a7c9e-1111-4222-8333-944445555666';
const existing: CanaryDocument = {
  id: CANARY_ID,
  name: 'web-checks',
  namespace: 'prod',
  labels: { team: 'ops' },
  schedule: '@every 1m',
  spec: { schedule: '@every 1m', http: [{ name: 'home', url: 'https://example.com' }], ldap: [{ name: 'dir', host: 'ldap://x' }] },
  checks: [],
};

function openEditor(id: string, { roles = ['admin'] as Role[], canary = null as CanaryDocument | null, extra = {} as Record<string, unknown> } = {}) {
  const responses = signedIn(roles, { ...(canary ? { [canaryKey(id)]: canary } : {}), ...extra });
  render(
    <MemoryRouter initialEntries={[`/settings/canaries/${id}`]}>
      <TestProviders responses={responses}>
        <PluginRegistryProvider registry={registry}>
          <Routes>
            <Route path="/settings/canaries" element={<p>canary list</p>} />
            <Route path="/settings/canaries/:id" element={<SettingsDetailRoute />} />
          </Routes>
        </PluginRegistryProvider>
      </TestProviders>
    </MemoryRouter>,
  );
}

const httpChecks = () => within(screen.getByRole('region', { name: 'HTTP checks' }));
const codeEditor = () => screen.getByRole('textbox', { name: 'Canary YAML' }) as HTMLTextAreaElement;
/** The Code tab's editor is loaded lazily. */
async function openCodeTab() {
  fireEvent.click(screen.getByRole('tab', { name: 'Code' }));
  return (await screen.findByRole('textbox', { name: 'Canary YAML' })) as HTMLTextAreaElement;
}

async function newHttpCanary() {
  openEditor('new');
  fireEvent.click(await screen.findByRole('button', { name: 'HTTP' }));
  fireEvent.change(screen.getAllByRole('textbox', { name: /^Name/ })[0], { target: { value: 'web-checks' } });
  fireEvent.change(httpChecks().getByRole('textbox', { name: /^Name/ }), { target: { value: 'home' } });
  fireEvent.change(httpChecks().getByRole('textbox', { name: /^URL/ }), { target: { value: 'https://example.com' } });
}

describe('CanaryEditorPage', () => {
  it('creates a canary: pick HTTP, fill the form, see the YAML, Save posts it and shows Saving meanwhile', async () => {
    await newHttpCanary();
    const text = (await openCodeTab()).value;
    expect(text).toContain('kind: Canary');
    expect(text).toContain('name: web-checks');
    expect(text).toContain('namespace: default');
    expect(text).toMatch(/- name: home\n\s+url: '?https:\/\/example\.com'?/);

    let answer: (value: unknown) => void = () => undefined;
    fetchMock.mockImplementation((url: string, init: RequestInit) =>
      url === '/api/canaries' && init.method === 'POST' ? new Promise((resolve) => (answer = resolve)) : jsonResponse(404, {}),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Saving' })).toBeDisabled();
    expect(calls(fetchMock).filter(([url]) => url === '/api/canaries')).toEqual([
      [
        '/api/canaries',
        'POST',
        { name: 'web-checks', namespace: 'default', labels: {}, spec: { schedule: '@every 5m', http: [{ name: 'home', url: 'https://example.com' }] } },
      ],
    ]);
    answer(await jsonResponse(201, { ...existing, name: 'web-checks' }));
    expect(await screen.findByText('canary list')).toBeInTheDocument();
    expect(await screen.findByText('web-checks created successfully')).toBeInTheDocument();
  });

  it('offers the spec 03 authentication, response codes and expression languages, each saved in the shape the runner reads', async () => {
    await newHttpCanary();
    const auth = httpChecks().getByRole('combobox', { name: 'Authentication' });
    expect([...(auth as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['None', 'Basic', 'NTLM', 'NTLMv2']);
    fireEvent.change(auth, { target: { value: 'NTLMv2' } });
    fireEvent.change(httpChecks().getByRole('textbox', { name: /^Username/ }), { target: { value: 'CORP\\svc' } });
    const codes = within(httpChecks().getByRole('group', { name: 'Response codes' }));
    fireEvent.click(codes.getByRole('checkbox', { name: '200' }));
    fireEvent.click(codes.getByRole('checkbox', { name: '404' }));
    const test = httpChecks().getByRole('combobox', { name: 'Test expression' });
    expect([...(test as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['None', 'Go Template', 'Javascript', 'Expr', 'JSONPath']);
    fireEvent.change(test, { target: { value: 'jsonpath' } });
    fireEvent.change(httpChecks().getByRole('textbox', { name: 'Test (JSONPath)' }), { target: { value: '$.ok' } });
    // switching the language clears the previous expression
    fireEvent.change(test, { target: { value: 'javascript' } });
    expect(httpChecks().getByRole('textbox', { name: 'Test (Javascript)' })).toHaveValue('');
    fireEvent.change(httpChecks().getByRole('textbox', { name: 'Test (Javascript)' }), { target: { value: 'json.ok === true' } });

    fetchMock.mockImplementation((url: string, init: RequestInit) =>
      url === '/api/canaries' && init.method === 'POST' ? jsonResponse(201, existing) : jsonResponse(404, {}),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(fetchMock).some(([url]) => url === '/api/canaries')).toBe(true));
    const posted = calls(fetchMock).find(([url]) => url === '/api/canaries')![2] as { spec: { http: Record<string, unknown>[] } };
    expect(posted.spec.http[0]).toEqual({
      name: 'home',
      url: 'https://example.com',
      username: 'CORP\\svc',
      ntlmv2: true,
      responseCodes: [200, 404],
      test: { javascript: 'json.ok === true' },
    });
  });

  it("shows the server's 400 in the page and keeps what was typed", async () => {
    await newHttpCanary();
    fetchMock.mockImplementation((url: string) =>
      url === '/api/canaries'
        ? jsonResponse(400, { code: 'invalid_canary', message: 'spec.http[0].url: must start with http:// or https://' })
        : jsonResponse(404, {}),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('save-error')).toHaveTextContent('spec.http[0].url: must start with http:// or https://');
    expect(screen.getByTestId('toast-error')).toHaveTextContent('spec.http[0].url');
    expect(httpChecks().getByRole('textbox', { name: /^URL/ })).toHaveValue('https://example.com');
    expect(screen.getAllByRole('textbox', { name: /^Name/ })[0]).toHaveValue('web-checks');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('does not send a canary whose required fields are empty', async () => {
    openEditor('new');
    fireEvent.click(await screen.findByRole('button', { name: 'HTTP' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('save-error')).toHaveTextContent('HTTP check 1, URL: This field is required');
    expect(httpChecks().getAllByText('This field is required').length).toBeGreaterThan(0);
    expect(calls(fetchMock).filter(([url]) => url === '/api/canaries')).toEqual([]);
  });

  it('shows the canary job runs in a Job History tab, only for an existing canary', async () => {
    const runs = [
      {
        id: 'j2',
        name: 'SyncCanary',
        status: 'SUCCESS',
        time_start: '2026-11-22T10:00:00Z',
        duration_millis: 0,
        success_count: 2,
        error_count: 0,
        details: { checks: ['http/home', 'ldap/dir'], removed: 0 },
      },
      {
        id: 'j1',
        name: 'SyncCanary',
        status: 'FAILED',
        time_start: '2026-11-21T10:00:00Z',
        duration_millis: 5,
        success_count: 0,
        error_count: 1,
        details: null,
      },
    ];
    fetchMock.mockImplementation((url: string) =>
      url.startsWith('/api/db/job_histories?') ? jsonResponse(200, runs, { 'content-range': '0-1/2' }) : jsonResponse(404, {}),
    );
    openEditor(CANARY_ID, { canary: existing });
    fireEvent.click(await screen.findByRole('tab', { name: 'Job History' }));
    const rows = await screen.findAllByTestId('job-history-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('SUCCESS')).toBeInTheDocument();
    expect(within(rows[1]).getByText('FAILED')).toBeInTheDocument();
    const query = new URL(calls(fetchMock).find(([url]) => url.startsWith('/api/db/job_histories?'))![0], 'http://x').searchParams;
    expect(query.get('resource_id')).toBe(`eq.${CANARY_ID}`);
    expect(query.get('resource_type')).toBe('eq.canary');
  });

  it('has no Job History tab for a new canary', async () => {
    openEditor('new');
    expect(await screen.findByRole('tab', { name: 'Code' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Job History' })).toBeNull();
  });

  it('edits an existing canary: Update, name and namespace disabled, types without a form go to the Code tab', async () => {
    openEditor(CANARY_ID, { canary: existing });
    expect(await screen.findByRole('button', { name: 'Update' })).toBeInTheDocument();
    expect(screen.getAllByRole('textbox', { name: /^Name/ })[0]).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Namespace' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Label 1 key' })).toHaveValue('team');
    expect(within(screen.getByRole('region', { name: 'LDAP checks' })).getByText('Edit this check in the Code tab')).toBeInTheDocument();

    fetchMock.mockImplementation((url: string) => (url === canaryKey(CANARY_ID) ? jsonResponse(200, existing) : jsonResponse(404, {})));
    fireEvent.change(httpChecks().getByRole('textbox', { name: /^Threshold/ }), { target: { value: '250' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('canary list')).toBeInTheDocument();
    const put = calls(fetchMock).find(([url, method]) => url === canaryKey(CANARY_ID) && method === 'PUT');
    expect(put?.[2]).toEqual({
      name: 'web-checks',
      namespace: 'prod',
      labels: { team: 'ops' },
      spec: { ...existing.spec, http: [{ name: 'home', url: 'https://example.com', thresholdMillis: 250 }] },
    });
  });

  it("says 'No resources found' for an id that does not exist", async () => {
    openEditor(CANARY_ID);
    expect(await screen.findByText('No resources found')).toBeInTheDocument();
  });

  it('shows an error panel when the canary cannot be loaded', async () => {
    const responses: Record<string, unknown> = signedIn(['admin']);
    render(
      <MemoryRouter initialEntries={[`/settings/canaries/${CANARY_ID}`]}>
        <TestProviders
          fetcher={(key) =>
            key in responses ? Promise.resolve(responses[key]) : Promise.reject(new ApiError('Database unavailable', { kind: 'http', status: 503 }))
          }
        >
          <PluginRegistryProvider registry={registry}>
            <Routes>
              <Route path="/settings/canaries/:id" element={<SettingsDetailRoute />} />
            </Routes>
          </PluginRegistryProvider>
        </TestProviders>
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('error-panel')).toHaveTextContent('Database unavailable');
  });

  it('clears the other source when a secret field changes source', async () => {
    await newHttpCanary();
    fireEvent.change(httpChecks().getByRole('combobox', { name: 'Authentication' }), { target: { value: 'Basic' } });
    fireEvent.change(httpChecks().getByLabelText('Password', { selector: 'input[type="password"]' }), { target: { value: 'hunter2' } });
    fireEvent.click(httpChecks().getByRole('radio', { name: 'Secret' }));
    fireEvent.change(httpChecks().getByRole('textbox', { name: 'Password Secret name' }), { target: { value: 'web-creds' } });
    fireEvent.change(httpChecks().getByRole('textbox', { name: 'Password Secret key' }), { target: { value: 'password' } });

    expect((await openCodeTab()).value).not.toContain('hunter2');
    expect(codeEditor().value).toMatch(/secretKeyRef:\n\s+name: web-creds\n\s+key: password/);
    fireEvent.click(screen.getByRole('tab', { name: 'Form' }));

    fireEvent.click(httpChecks().getByRole('radio', { name: 'Static' }));
    expect(httpChecks().getByLabelText('Password', { selector: 'input[type="password"]' })).toHaveValue('');
    expect((await openCodeTab()).value).not.toContain('web-creds');
    expect(codeEditor().value).not.toContain('password:');
  });

  it('keeps unparseable YAML as typed, shows the parse error and stays in the Code tab', async () => {
    await newHttpCanary();
    await openCodeTab();
    const broken = `${codeEditor().value}  - name: [unclosed\n`;
    fireEvent.change(codeEditor(), { target: { value: broken } });
    expect(await screen.findByText(/^YAML syntax error at line \d+, column \d+/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Form' }));
    expect(screen.getByRole('tab', { name: 'Code' })).toHaveAttribute('aria-selected', 'true');
    expect(codeEditor().value).toBe(broken);
    expect(screen.getByText(/Fix the YAML first/)).toBeInTheDocument();
  });

  it('shows a YAML error once when Save is pressed in the Code tab, and saves nothing', async () => {
    await newHttpCanary();
    await openCodeTab();
    fireEvent.change(codeEditor(), { target: { value: `${codeEditor().value}  - name: [unclosed\n` } });
    await screen.findByText(/^YAML syntax error at line \d+, column \d+/);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText(/YAML syntax error at line \d+, column \d+/)).toHaveLength(1);
    expect(screen.queryByTestId('save-error')).not.toBeInTheDocument();
    expect(calls(fetchMock).some(([url, method]) => url === '/api/canaries' && method === 'POST')).toBe(false);
  });

  it('keeps the check-type tiles usable in the Code tab, and asks to fix the YAML before adding a check to it', async () => {
    await newHttpCanary();
    await openCodeTab();
    const text = `${codeEditor().value}  - name: [unclosed\n`;
    fireEvent.change(codeEditor(), { target: { value: text } });
    await screen.findByText(/^YAML syntax error at line \d+, column \d+/);
    fireEvent.click(screen.getByRole('button', { name: 'Add check' }));
    const tile = within(screen.getByRole('group', { name: 'Check types' })).getByRole('button', { name: /TCP/ });
    expect(tile).toBeEnabled();
    fireEvent.click(tile);
    expect(screen.getByText(/Fix the YAML first/)).toBeInTheDocument();
    expect(codeEditor().value).toBe(text);
  });

  it('takes edits of the Code tab back into the form', async () => {
    await newHttpCanary();
    await openCodeTab();
    fireEvent.change(codeEditor(), { target: { value: codeEditor().value.replace('https://example.com', 'https://example.org') } });
    fireEvent.click(screen.getByRole('tab', { name: 'Form' }));
    expect(httpChecks().getByRole('textbox', { name: /^URL/ })).toHaveValue('https://example.org');
  });

  it('lists the server validation errors of the Code tab', async () => {
    fetchMock.mockImplementation((url: string) =>
      url === '/api/canaries/validate'
        ? jsonResponse(200, {
            errors: [
              { message: 'spec.http[0].url: must start with http:// or https://', line: 9, column: 7, path: 'spec.http[0].url' },
              { message: 'required', path: 'spec.http[1].name' },
            ],
          })
        : jsonResponse(404, {}),
    );
    await newHttpCanary();
    await openCodeTab();
    const list = await screen.findByRole('list', { name: 'Validation errors' });
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['Line 9, column 7: spec.http[0].url: must start with http:// or https://', 'spec.http[1].name: required']);
    const validations = calls(fetchMock).filter(([url]) => url === '/api/canaries/validate');
    expect(validations).toHaveLength(1);
    expect(validations[0][2]).toEqual({ yaml: codeEditor().value });
  });

  it('says when validation could not run, and says nothing when the gateway has no validate endpoint (404)', async () => {
    fetchMock.mockImplementation((url: string) => (url === '/api/canaries/validate' ? jsonResponse(503, { message: 'Gateway busy' }) : jsonResponse(404, {})));
    await newHttpCanary();
    await openCodeTab();
    expect(await screen.findByText('Could not validate the document: Gateway busy')).toBeInTheDocument();

    fetchMock.mockImplementation(() => jsonResponse(404, { message: 'Not Found' }));
    fireEvent.change(codeEditor(), { target: { value: `${codeEditor().value}# edited\n` } });
    await waitFor(() => expect(screen.queryByText(/Could not validate/)).not.toBeInTheDocument());
    expect(screen.queryByRole('list', { name: 'Validation errors' })).not.toBeInTheDocument();
  });

  it('deletes after confirmation', async () => {
    openEditor(CANARY_ID, { canary: existing });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    fetchMock.mockImplementation(() => jsonResponse(204, undefined));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('canary list')).toBeInTheDocument();
    expect(calls(fetchMock)).toContainEqual([canaryKey(CANARY_ID), 'DELETE', undefined]);
    expect(await screen.findByText('web-checks deleted successfully')).toBeInTheDocument();
  });

  it('is read-only without write on canaries', async () => {
    openEditor(CANARY_ID, { roles: ['responder'], canary: existing });
    expect(await screen.findByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add check' })).not.toBeInTheDocument();
    expect(httpChecks().getByRole('textbox', { name: /^URL/ })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Schedule' })).toBeDisabled());
  });

  it('offers a check type contributed by a plugin, with its label and icon, and saves it', async () => {
    openEditor('new');
    const tiles = within(await screen.findByRole('group', { name: 'Check types' }))
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(tiles).toEqual(['HTTP', 'Exec', 'LDAP', 'TCP', 'Fixture check', 'Custom']);
    const tile = screen.getByRole('button', { name: 'Fixture check' });
    expect(tile.querySelector('svg')).not.toBeNull();
    fireEvent.click(tile);
    fireEvent.change(screen.getAllByRole('textbox', { name: /^Name/ })[0], { target: { value: 'fixtures' } });
    const fixtures = within(screen.getByRole('region', { name: 'Fixture check checks' }));
    fireEvent.change(fixtures.getByRole('textbox', { name: /^Name/ }), { target: { value: 'one' } });
    fireEvent.change(fixtures.getByRole('textbox', { name: /^Target/ }), { target: { value: 'x' } });
    fetchMock.mockImplementation((url: string, init: RequestInit) =>
      url === '/api/canaries' && init.method === 'POST' ? jsonResponse(201, existing) : jsonResponse(404, {}),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(fetchMock).some(([url]) => url === '/api/canaries')).toBe(true));
    expect(calls(fetchMock).find(([url]) => url === '/api/canaries')![2]).toMatchObject({ spec: { fixture: [{ name: 'one', target: 'x' }] } });
  });

  it('refuses a check type no plugin registered before sending, as the gateway would', async () => {
    await newHttpCanary();
    await openCodeTab();
    fireEvent.change(codeEditor(), { target: { value: `${codeEditor().value}  bogus:\n    - name: a\n` } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('save-error')).toHaveTextContent("unknown check type 'bogus'; supported types: http, exec, ldap, tcp, fixture");
    expect(calls(fetchMock).some(([url, method]) => url === '/api/canaries' && method === 'POST')).toBe(false);
  });

  it('offers the Exec type only to users who may save scripts, saying why to the others', async () => {
    openEditor('new', { roles: ['editor'] });
    const exec = await screen.findByRole('button', { name: 'Exec' });
    expect(exec).toBeDisabled();
    expect(exec).toHaveAttribute('title', 'Only administrators may add checks that run scripts on the console');
    expect(screen.getByRole('button', { name: 'HTTP' })).toBeEnabled();
  });

  it('lets an administrator pick the Exec type', async () => {
    openEditor('new', { roles: ['admin'] });
    expect(await screen.findByRole('button', { name: 'Exec' })).toBeEnabled();
  });
});
