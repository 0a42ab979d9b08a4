import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Role } from '@contracts';
import { definePlugin } from '@web/core/plugin-host';
import { currentLocation, renderAt } from '@web/core/testing/renderAt';
import { type Call, reply, stubFetch } from '@web/core/testing/stubFetch';
import SettingsDetailRoute from './SettingsDetailRoute';
import SettingsListRoute from './SettingsListRoute';
import type { SettingsResource, SettingsTableExtension } from './types';

// jsdom cannot run Monaco: the spec editor is a textarea here.
jest.mock('@web/core/editor/YamlEditor', () => jest.requireActual('@web/core/editor/testing').textareaYamlEditor);

const ID = 'a0000000-0000-4000-8000-000000000001';
const RULES: SettingsTableExtension = {
  id: 'rules',
  title: 'Rules',
  path: '/settings/rules',
  writePermission: { resource: 'database', action: 'write' },
  resourceType: 'rule',
  extraTabs: [{ value: 'manageTeam', label: 'Members', load: async () => ({ default: () => <p>members panel</p> }) }],
};
const WIDGETS: SettingsTableExtension = {
  id: 'widgets',
  title: 'Widgets',
  path: '/settings/widgets',
  writePermission: { resource: 'database', action: 'write' },
  hiddenColumns: [],
  fields: ['namespace', 'labels'],
};
const tables = definePlugin({
  manifest: { id: 'test-settings-tables', title: 'Settings tables' },
  register(ctx) {
    ctx.add('settings.tables', RULES);
    ctx.add('settings.tables', WIDGETS);
  },
});

const row: SettingsResource = {
  id: ID,
  name: 'page-the-oncall',
  namespace: 'ops',
  schedule: '@hourly',
  source: 'UI',
  labels: { team: 'ops', env: 'prod', tier: '1' },
  job_status: 'FAILED',
  job_name: 'RuleRun',
  job_details: { errors: ['boom'] },
  last_runtime: null,
  job_last_failed: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: null,
  created_by: { id: 'p1', name: 'Ada Lovelace' },
};
const stored = { id: ID, name: 'page-the-oncall', namespace: 'ops', labels: { team: 'ops' }, spec: { severity: 'high', responders: ['ops'] } };

function stub(routes: [string, unknown][] = []) {
  return stubFetch([
    ...routes,
    ['GET /api/db/rules_with_status', [row]],
    ['GET /api/db/widgets_with_status', [row]],
    [`GET /api/db/rules?id=eq.${ID}`, [stored]],
    ['GET /api/db/rules?id=eq.', []],
    ['GET /api/db/job_histories', []],
    ['POST /api/db/rules', (call: Call) => [{ ...stored, id: 'r-new', ...(call.body as object) }]],
    ['POST /api/db/widgets', (call: Call) => [{ id: 'w-new', ...(call.body as object) }]],
    ['PATCH /api/db/rules', reply(204)],
  ]);
}

function open(url: string, roles: Role[] = ['editor']) {
  return renderAt(
    url,
    [
      { path: '/settings/rules', element: <SettingsListRoute /> },
      { path: '/settings/rules/:id', element: <SettingsDetailRoute /> },
      { path: '/settings/widgets', element: <SettingsListRoute /> },
      { path: '/settings/widgets/:id', element: <SettingsDetailRoute /> },
    ],
    { roles, plugins: [tables] },
  );
}

const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent?.trim().replace(/\s+\d+$/, ''));
const nameBox = () => screen.getAllByRole('textbox', { name: /^Name/ })[0];
const specBox = () => screen.getByRole('textbox', { name: /spec$/ }) as HTMLTextAreaElement;

describe('settings list', () => {
  it('shows the spec columns without Schedule and Namespace by default, the first tag plus +N more, and Add for a writer', async () => {
    const api = stub();
    open('/settings/rules');
    expect(await screen.findByText('page-the-oncall')).toBeInTheDocument();
    expect(headers()).toEqual(['Name', 'Source', 'Job Status', 'Last Run', 'Last Failed', 'Tags', 'Created', 'Updated', 'Created By']);
    expect(screen.getByText('team: ops')).toBeInTheDocument();
    expect(screen.getByText('+2 more')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '(View details)' })).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByText('Rules')).toBeInTheDocument();
    const query = new URL(api.last('GET /api/db/rules_with_status')!.url, 'http://x').searchParams;
    expect(query.get('select')).toBe('*,created_by(id,name)');
    expect(query.get('deleted_at')).toBe('is.null');
    expect(query.get('limit')).toBe('100');
    expect(query.get('order')).toBe('name.asc,id.asc');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(currentLocation()).toBe('/settings/rules/new'));
  });

  it("keeps a table's Schedule and Namespace when it hides nothing, sorted as the URL says", async () => {
    const api = stub();
    open('/settings/widgets?sortBy=schedule&sortDesc=true');
    expect(await screen.findByText('page-the-oncall')).toBeInTheDocument();
    expect(headers()).toEqual(['Name', 'Source', 'Schedule', 'Namespace', 'Job Status', 'Last Run', 'Last Failed', 'Tags', 'Created', 'Updated', 'Created By']);
    expect(new URL(api.last('GET /api/db/widgets_with_status')!.url, 'http://x').searchParams.get('order')).toBe('schedule.desc,id.asc');
  });

  it('sorts by name when the URL names a hidden column, and hides Add from a user who may not write', async () => {
    const api = stub();
    open('/settings/rules?sortBy=schedule', ['viewer']);
    expect(await screen.findByText('page-the-oncall')).toBeInTheDocument();
    expect(new URL(api.last('GET /api/db/rules_with_status')!.url, 'http://x').searchParams.get('order')).toBe('name.asc,id.asc');
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByText('page-the-oncall'));
    await waitFor(() => expect(currentLocation()).toBe(`/settings/rules/${ID}`));
  });

  it('shows the error panel when the list cannot be read', async () => {
    stub([['GET /api/db/rules_with_status', reply(503, { message: 'Database unavailable' })]]);
    open('/settings/rules');
    expect(await screen.findByTestId('error-panel')).toHaveTextContent('Database unavailable');
  });
});

describe('settings detail', () => {
  it('creates a record: Save posts its name and spec, says so and returns to the list', async () => {
    const api = stub();
    open('/settings/rules/new');
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(screen.queryByRole('tab', { name: 'Job History' })).not.toBeInTheDocument();
    fireEvent.change(nameBox(), { target: { value: 'escalate' } });
    fireEvent.change(specBox(), { target: { value: 'severity: critical\n' } });
    fireEvent.click(save);
    expect(await screen.findByText('escalate created successfully')).toBeInTheDocument();
    expect(api.last('POST /api/db/rules')?.body).toEqual({ name: 'escalate', spec: { severity: 'critical' } });
    await waitFor(() => expect(currentLocation()).toBe('/settings/rules'));
  });

  it('requires a name, refuses a spec that is not a YAML object, and sends nothing', async () => {
    const api = stub();
    open('/settings/rules/new');
    fireEvent.change(await screen.findByRole('textbox', { name: /spec$/ }), { target: { value: '- just\n- a list\n' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(screen.getByText(/^Spec: must be an object/)).toBeInTheDocument();
    fireEvent.change(specBox(), { target: { value: 'severity: [high\n' } });
    expect(await screen.findByText(/^Spec: YAML syntax error at line/)).toBeInTheDocument();
    expect(specBox()).toHaveValue('severity: [high\n');
    expect(api.to('POST /api/db/rules')).toEqual([]);
  });

  it('writes namespace and labels for a table that has them, namespace defaulting to default', async () => {
    const api = stub();
    open('/settings/widgets/new');
    fireEvent.change((await screen.findAllByRole('textbox', { name: /^Name/ }))[0], { target: { value: 'w1' } });
    expect(screen.getByRole('textbox', { name: /^Namespace/ })).toHaveValue('default');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('w1 created successfully')).toBeInTheDocument();
    expect(api.last('POST /api/db/widgets')?.body).toEqual({ name: 'w1', namespace: 'default', spec: {}, labels: {} });
  });

  it('updates a record: name fixed, Update patches its spec by id and shows Updating meanwhile', async () => {
    let finish: (value: unknown) => void = () => undefined;
    const api = stub([['PATCH /api/db/rules', () => new Promise((resolve) => (finish = resolve))]]);
    open(`/settings/rules/${ID}`);
    const update = await screen.findByRole('button', { name: 'Update' });
    expect(nameBox()).toBeDisabled();
    expect(specBox().value).toContain('severity: high');
    fireEvent.change(specBox(), { target: { value: 'severity: low\n' } });
    fireEvent.click(update);
    expect(await screen.findByRole('button', { name: 'Updating' })).toBeDisabled();
    finish(reply(204));
    expect(await screen.findByText('page-the-oncall updated successfully')).toBeInTheDocument();
    const patch = api.last('PATCH /api/db/rules')!;
    expect(patch.url).toBe(`/api/db/rules?id=eq.${ID}`);
    expect(patch.body).toEqual({ spec: { severity: 'low' } });
    await waitFor(() => expect(currentLocation()).toBe('/settings/rules'));
  });

  it("keeps what was typed when the server refuses a save, and shows the server's message", async () => {
    stub([['PATCH /api/db/rules', reply(400, { message: 'spec.severity: must be one of info, low, high' })]]);
    open(`/settings/rules/${ID}`);
    await screen.findByRole('button', { name: 'Update' });
    fireEvent.change(specBox(), { target: { value: 'severity: extreme\n' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByTestId('save-error')).toHaveTextContent('spec.severity: must be one of info, low, high');
    expect(specBox()).toHaveValue('severity: extreme\n');
    expect(screen.getByRole('button', { name: 'Update' })).toBeEnabled();
    expect(currentLocation()).toBe(`/settings/rules/${ID}`);
  });

  it('deletes softly after asking: PATCH deleted_at, then back to the list', async () => {
    const api = stub();
    open(`/settings/rules/${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('page-the-oncall deleted successfully')).toBeInTheDocument();
    expect(api.last('PATCH /api/db/rules')?.body).toEqual({ deleted_at: 'now()' });
    expect(api.to('DELETE /api/db/rules')).toEqual([]);
    await waitFor(() => expect(currentLocation()).toBe('/settings/rules'));
  });

  it('Cancel returns to the list without writing', async () => {
    const api = stub();
    open(`/settings/rules/${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(currentLocation()).toBe('/settings/rules'));
    expect(api.to('PATCH /api/db/rules')).toEqual([]);
  });

  it('opens the tab the URL names: the table’s own tab, and Job History over the record’s runs of its resource type', async () => {
    const api = stub();
    open(`/settings/rules/${ID}?tab=manageTeam`);
    expect(await screen.findByText('members panel')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(screen.getByRole('tab', { name: 'Job History' }));
    expect(await within(await screen.findByRole('region', { name: 'Job history' })).findByText('No job runs yet')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe(`/settings/rules/${ID}?tab=jobHistory`));
    const query = new URL(api.last('GET /api/db/job_histories')!.url, 'http://x').searchParams;
    expect(query.get('resource_id')).toBe(`eq.${ID}`);
    expect(query.get('resource_type')).toBe('eq.rule');
  });

  it('offers neither Update nor Delete to a user who may not write, the fields disabled', async () => {
    stub();
    open(`/settings/rules/${ID}`, ['viewer']);
    expect(await screen.findByRole('tab', { name: 'Spec' })).toBeInTheDocument();
    expect(nameBox()).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it("says 'No resources found' for an id with no live record, and shows the error panel when the read fails", async () => {
    stub();
    const { unmount } = open('/settings/rules/a0000000-0000-4000-8000-00000000dead');
    expect(await screen.findByText('No resources found')).toBeInTheDocument();
    unmount();
    stub([[`GET /api/db/rules?id=eq.${ID}`, reply(503, { message: 'Database unavailable' })]]);
    open(`/settings/rules/${ID}`);
    expect(await screen.findByTestId('error-panel')).toHaveTextContent('Database unavailable');
  });
});
