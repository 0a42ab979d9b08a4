import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Role } from '@contracts';
import { type WebPlugin, definePlugin } from '@web/core/plugin-host';
import { currentLocation, renderAt } from '@web/core/testing/renderAt';
import { type Call, reply, stubFetch } from '@web/core/testing/stubFetch';
import SettingsDetailRoute from '@web/core/settings/SettingsDetailRoute';
import SettingsListRoute from '@web/core/settings/SettingsListRoute';
import type { SettingsResource } from '@web/core/settings/types';
import logsPlugin from '../index';
import { SPEC_LABEL } from './LogBackendForm';
import type { LoggingBackend } from './backendsApi';

// jsdom cannot run Monaco: the Spec editor is a textarea here.
jest.mock('@web/core/editor/YamlEditor', () => jest.requireActual('@web/core/editor/testing').textareaYamlEditor);

/** Backend types contributed the way plugins/logs-<type>/web do. */
const backendTypes: WebPlugin = definePlugin({
  manifest: { id: 'test-log-types', title: 'Log backend types' },
  register(ctx) {
    ctx.add('logs.backendTypes', { id: 'file', label: 'File', order: 10, example: 'file:\n  paths:\n    - /var/log/app/*.log\n' });
    ctx.add('logs.backendTypes', { id: 'loki', label: 'Loki', order: 30, example: 'loki:\n  url: http://loki:3100' });
  },
});

const ID = 'b0000000-0000-4000-8000-000000000001';
const stored: LoggingBackend = {
  id: ID,
  name: 'console',
  labels: { team: 'ops' },
  spec: { file: { paths: ['/var/log/console.log'] } },
  source: 'UI',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: null,
};
const row: SettingsResource = {
  id: ID,
  name: 'console',
  namespace: 'default',
  labels: { team: 'ops', env: 'dev' },
  schedule: null,
  source: 'UI',
  job_status: null,
  job_details: null,
  last_runtime: null,
  job_last_failed: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: null,
  created_by: { id: 'p1', name: 'Ada Lovelace' },
};

/** The type's own check, as the gateway answers it: a Loki URL must be http(s). */
const validateAnswer = (call: Call) => {
  const spec = (call.body as { spec: Record<string, { url?: unknown }> }).spec;
  const url = spec.loki?.url;
  return { errors: spec.loki && !(typeof url === 'string' && /^https?:\/\//.test(url)) ? ['spec.loki.url: must be an http(s) URL'] : [] };
};

function stubBackends(routes: [string, unknown][] = []) {
  return stubFetch([
    ...routes,
    ['GET /api/db/logging_backends_with_status', [row]],
    [`GET /api/db/logging_backends?id=eq.${ID}`, [stored]],
    ['POST /api/logs/backends/validate', validateAnswer],
    ['POST /api/db/logging_backends', (call: Call) => [{ ...stored, id: 'b-new', ...(call.body as object) }]],
    ['PATCH /api/db/logging_backends', reply(204)],
  ]);
}

function open(url: string, roles: Role[] = ['editor']) {
  return renderAt(
    url,
    [
      { path: '/settings/logging_backends', element: <SettingsListRoute /> },
      { path: '/settings/logging_backends/:id', element: <SettingsDetailRoute /> },
    ],
    { roles, plugins: [logsPlugin, backendTypes] },
  );
}

const spec = () => screen.getByRole('textbox', { name: SPEC_LABEL });
const submit = (name: string | RegExp) => screen.getByRole('button', { name });
const nameInput = () => screen.getByRole('textbox', { name: /^Name/ });

describe('log backends list', () => {
  it('lists logging_backends_with_status with the settings columns (no schedule) and Add for a writer', async () => {
    const api = stubBackends();
    open('/settings/logging_backends');
    expect(await screen.findByText('console')).toBeInTheDocument();
    expect(screen.getByText('team: ops')).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.queryByText('Schedule')).not.toBeInTheDocument();
    expect(screen.getByText('Job Status')).toBeInTheDocument();
    const list = api.last('GET /api/db/logging_backends_with_status');
    expect(list?.url).toContain('deleted_at=is.null');
    expect(list?.url).toContain('select=*,created_by(id,name)');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(currentLocation()).toBe('/settings/logging_backends/new'));
  });

  it('opens a backend from its row, and hides Add from a reader', async () => {
    stubBackends();
    open('/settings/logging_backends', ['viewer']);
    const name = await screen.findByText('console');
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    fireEvent.click(name);
    await waitFor(() => expect(currentLocation()).toBe(`/settings/logging_backends/${ID}`));
  });

  it('has no Add for a user who may not write logging backends', async () => {
    stubBackends();
    open('/settings/logging_backends', ['responder']);
    expect(await screen.findByText('console')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
  });
});

describe('log backend form', () => {
  it('adds a backend: the type fills the spec from its example, the type checks it, Save posts name, labels and spec', async () => {
    const api = stubBackends();
    open('/settings/logging_backends/new');
    const types = within(await screen.findByRole('group', { name: 'Type' }));
    expect(types.getAllByRole('button').map((b) => b.textContent)).toEqual(['File', 'Loki']);
    expect(submit('Save')).toBeDisabled();

    fireEvent.change(nameInput(), { target: { value: 'loki-prod' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add label' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Label 1 key' }), { target: { value: 'env' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Label 1 value' }), { target: { value: 'prod' } });
    fireEvent.click(types.getByRole('button', { name: 'Loki' }));
    expect(spec()).toHaveValue('loki:\n  url: http://loki:3100\n');
    expect(screen.getByText('Spec (Loki)')).toBeInTheDocument();
    await waitFor(() => expect(api.last('POST /api/logs/backends/validate')?.body).toEqual({ spec: { loki: { url: 'http://loki:3100' } } }));
    await waitFor(() => expect(submit('Save')).toBeEnabled());

    fireEvent.click(submit('Save'));
    await waitFor(() => expect(currentLocation()).toBe('/settings/logging_backends'));
    expect(api.last('POST /api/db/logging_backends')?.body).toEqual({
      name: 'loki-prod',
      labels: { env: 'prod' },
      spec: { loki: { url: 'http://loki:3100' } },
    });
    expect(await screen.findByText('loki-prod created successfully')).toBeInTheDocument();
  });

  it('keeps submit disabled while the spec is not one known type, and says why', async () => {
    stubBackends();
    open('/settings/logging_backends/new');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Name/ }), { target: { value: 'x' } });
    const problems = () => screen.getByRole('list', { name: 'Spec problems' });

    fireEvent.change(spec(), { target: { value: 'file:\n  paths: [/a]\nloki:\n  url: http://l\n' } });
    expect(problems()).toHaveTextContent('The spec must hold exactly one backend type (file, loki); it holds file, loki');
    expect(submit('Save')).toBeDisabled();

    fireEvent.change(spec(), { target: { value: 'splunk:\n  url: http://s\n' } });
    expect(problems()).toHaveTextContent("Unknown backend type 'splunk' (known: file, loki)");
    expect(submit('Save')).toBeDisabled();

    fireEvent.change(spec(), { target: { value: '- file\n' } });
    expect(problems()).toHaveTextContent('The spec must be an object with one key, the backend type (file, loki)');

    fireEvent.change(spec(), { target: { value: 'file: [unclosed\n' } });
    expect(problems()).toHaveTextContent(/^YAML syntax error/);
    expect(submit('Save')).toBeDisabled();

    fireEvent.change(spec(), { target: { value: 'file:\n  paths: [/a]\n' } });
    expect(screen.queryByRole('list', { name: 'Spec problems' })).not.toBeInTheDocument();
    await waitFor(() => expect(submit('Save')).toBeEnabled());
  });

  it("keeps submit disabled while the type's own check finds problems, until they are fixed", async () => {
    const api = stubBackends();
    open('/settings/logging_backends/new');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Name/ }), { target: { value: 'loki' } });
    fireEvent.change(spec(), { target: { value: 'loki:\n  url: ftp://loki\n' } });
    expect(await screen.findByText('spec.loki.url: must be an http(s) URL')).toBeInTheDocument();
    expect(submit('Save')).toBeDisabled();
    fireEvent.change(spec(), { target: { value: 'loki:\n  url: https://loki\n' } });
    await waitFor(() => expect(screen.queryByText('spec.loki.url: must be an http(s) URL')).not.toBeInTheDocument());
    expect(submit('Save')).toBeEnabled();
    expect(api.to('POST /api/logs/backends/validate').map((call) => call.body)).toContainEqual({ spec: { loki: { url: 'https://loki' } } });
  });

  it('requires a name', async () => {
    stubBackends();
    open('/settings/logging_backends/new');
    fireEvent.click(within(await screen.findByRole('group', { name: 'Type' })).getByRole('button', { name: 'File' }));
    fireEvent.blur(nameInput());
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(submit('Save')).toBeDisabled();
    fireEvent.change(nameInput(), { target: { value: 'files' } });
    expect(screen.queryByText('This field is required')).not.toBeInTheDocument();
    await waitFor(() => expect(submit('Save')).toBeEnabled());
  });

  it("shows a refused save's message and keeps everything as typed", async () => {
    let answer: (value: unknown) => void = () => undefined;
    const api = stubBackends([['POST /api/db/logging_backends', () => new Promise((resolve) => (answer = resolve))]]);
    open('/settings/logging_backends/new');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Name/ }), { target: { value: 'console' } });
    const text = 'file:\n  # the console writes here\n  paths:\n    - /var/log/console.log\n';
    fireEvent.change(spec(), { target: { value: text } });
    await waitFor(() => expect(submit('Save')).toBeEnabled());
    fireEvent.click(submit('Save'));
    expect(await screen.findByRole('button', { name: 'Saving' })).toBeDisabled();
    answer(reply(400, { statusCode: 400, code: 'invalid_spec', message: 'spec.file.paths[0]: not under an allowed log root' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('spec.file.paths[0]: not under an allowed log root');
    expect(currentLocation()).toBe('/settings/logging_backends/new');
    expect(nameInput()).toHaveValue('console');
    expect(spec()).toHaveValue(text);
    expect(submit('Save')).toBeEnabled();
    expect(api.to('POST /api/db/logging_backends')).toHaveLength(1);
  });

  it('updates a backend: its name fixed, its labels and spec as stored, Update patches it by id', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const api = stubBackends([['PATCH /api/db/logging_backends', () => new Promise((resolve) => (answer = resolve))]]);
    open(`/settings/logging_backends/${ID}`);
    await waitFor(() => expect(spec()).toHaveValue('file:\n  paths:\n    - /var/log/console.log\n'));
    expect(nameInput()).toHaveValue('console');
    expect(nameInput()).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Label 1 key' })).toHaveValue('team');
    expect(screen.queryByRole('group', { name: 'Type' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByText('console')).toBeInTheDocument();

    fireEvent.change(spec(), { target: { value: 'file:\n  paths:\n    - /var/log/console.log\n    - /var/log/console.1\n' } });
    await waitFor(() => expect(submit('Update')).toBeEnabled());
    fireEvent.click(submit('Update'));
    expect(await screen.findByRole('button', { name: 'Updating' })).toBeDisabled();
    answer(reply(204));
    await waitFor(() => expect(currentLocation()).toBe('/settings/logging_backends'));
    const patch = api.last('PATCH /api/db/logging_backends');
    expect(patch?.url).toBe(`/api/db/logging_backends?id=eq.${ID}`);
    expect(patch?.body).toEqual({ name: 'console', labels: { team: 'ops' }, spec: { file: { paths: ['/var/log/console.log', '/var/log/console.1'] } } });
  });

  it('deletes softly after asking', async () => {
    const api = stubBackends();
    open(`/settings/logging_backends/${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(currentLocation()).toBe('/settings/logging_backends'));
    expect(api.last('PATCH /api/db/logging_backends')).toMatchObject({ url: `/api/db/logging_backends?id=eq.${ID}`, body: { deleted_at: 'now()' } });
  });

  it("says 'No resources found' for an id with no backend", async () => {
    stubBackends([['GET /api/db/logging_backends?id=eq.b0000000-0000-4000-8000-00000000dead', []]]);
    open('/settings/logging_backends/b0000000-0000-4000-8000-00000000dead');
    expect(await screen.findByText('No resources found')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: SPEC_LABEL })).not.toBeInTheDocument();
  });

  it('hides the form of a backend from another source', async () => {
    stubBackends([[`GET /api/db/logging_backends?id=eq.${ID}`, [{ ...stored, source: 'KubernetesCRD' }]]]);
    open(`/settings/logging_backends/${ID}`);
    expect(await screen.findByText('console comes from KubernetesCRD; change it there.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: SPEC_LABEL })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
  });

  it('shows a backend read-only to a user who may not write backends', async () => {
    const api = stubBackends();
    open(`/settings/logging_backends/${ID}`, ['responder']);
    await waitFor(() => expect(spec()).toHaveValue('file:\n  paths:\n    - /var/log/console.log\n'));
    expect(spec()).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(api.to('POST /api/logs/backends/validate')).toHaveLength(0);
  });
});
