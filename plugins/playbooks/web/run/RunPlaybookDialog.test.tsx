import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PlaybookParameter, ResourceSearchHit } from '@contracts';
import { currentLocation, renderAt } from '@web/core/testing/renderAt';
import { type Call, reply, stubFetch } from '@web/core/testing/stubFetch';
import { type RunnablePlaybook, RunPlaybookDialog } from './RunPlaybookDialog';
import type { RunResource } from '../playbooks/playbooksApi';

// jsdom cannot run Monaco: code parameters are textareas here.
jest.mock('@web/core/editor/YamlEditor', () => jest.requireActual('@web/core/editor/testing').textareaYamlEditor);

// Tabster marks a focused dialog aria-hidden in jsdom: what is in it is found with `hidden: true`.
const hidden = { hidden: true } as const;
const dialog = () => within(screen.getByRole('dialog', hidden));
const runButton = () => dialog().getByRole('button', { name: /^(Run|Running\.\.\.)$/, ...hidden });
const field = (name: string | RegExp) => dialog().getByRole('textbox', { name, ...hidden });

const hit = (values: Partial<ResourceSearchHit> & Pick<ResourceSearchHit, 'id' | 'name'>): ResourceSearchHit => ({
  kind: 'config',
  type: 'Kubernetes::Deployment',
  namespace: 'shop',
  icon: null,
  health: 'healthy',
  ...values,
});

const restart: RunnablePlaybook = {
  id: 'p1',
  name: 'restart',
  title: 'Restart deployment',
  icon: null,
  spec: { configs: [{ types: ['Kubernetes::Deployment'] }] },
};
const cleanup: RunnablePlaybook = { id: 'p2', name: 'cleanup', title: 'Clean up', icon: null, spec: {} };

type Routes = Parameters<typeof stubFetch>[0];
function open(playbook: RunnablePlaybook, { params = [] as PlaybookParameter[], routes = [] as Routes, resource = null as RunResource | null } = {}) {
  const onClose = jest.fn();
  const api = stubFetch([
    ...routes,
    [
      'POST /api/resources/search',
      (call: Call) =>
        (call.body as { search: string }).search === 'web'
          ? { configs: [hit({ id: 'c1', name: 'web' })], checks: [], components: [] }
          : { configs: [], checks: [], components: [] },
    ],
    [`POST /api/playbook/${playbook.id}/params`, { params }],
    ['POST /api/playbook/run', { run_id: 'r1' }],
    ['GET /api/db/teams', [{ id: 't1', name: 'Platform' }]],
    ['GET /api/db/people', [{ id: 'u2', name: 'Grace Hopper' }]],
  ]);
  renderAt('/playbooks', [{ path: '/playbooks', element: <RunPlaybookDialog playbook={playbook} resource={resource} onClose={onClose} /> }]);
  return { api, onClose };
}

describe('run dialog: the resource', () => {
  it('asks for a resource among those the playbook applies to before showing its parameters', async () => {
    const { api } = open(restart, { params: [{ name: 'reason', type: 'text' }] });
    expect(await screen.findByText('Please select a resource to see the parameters.')).toBeInTheDocument();
    expect(runButton()).toBeDisabled();
    expect(api.to('POST /api/playbook/p1/params')).toHaveLength(0);

    const picker = dialog().getByRole('combobox', { name: 'Resource', ...hidden });
    fireEvent.click(picker);
    expect(await screen.findByRole('option', { name: 'Start typing to search', ...hidden })).toBeInTheDocument();

    fireEvent.change(picker, { target: { value: 'nothing' } });
    expect(await screen.findByRole('option', { name: 'No options found', ...hidden })).toBeInTheDocument();

    fireEvent.change(picker, { target: { value: 'web' } });
    fireEvent.click(await screen.findByRole('option', { name: 'web (Kubernetes::Deployment · shop)', ...hidden }));
    expect(api.to('POST /api/resources/search').at(-1)?.body).toEqual({ search: 'web', kinds: ['config'], playbook_id: 'p1', limit: 50 });

    expect(await dialog().findByRole('textbox', { name: 'reason', ...hidden })).toBeInTheDocument();
    expect(api.to('POST /api/playbook/p1/params')[0].body).toEqual({ config_id: 'c1' });
    fireEvent.click(runButton());
    await waitFor(() => expect(api.to('POST /api/playbook/run')).toHaveLength(1));
    expect(api.to('POST /api/playbook/run')[0].body).toEqual({ id: 'p1', config_id: 'c1', params: {} });
  });

  it('runs a playbook without resource selectors without a resource', async () => {
    const { api, onClose } = open(cleanup);
    expect(await screen.findByText('No parameters for this playbook.')).toBeInTheDocument();
    expect(dialog().getByText('This playbook runs without a resource.')).toBeInTheDocument();
    expect(api.to('POST /api/playbook/p2/params')[0].body).toEqual({});
    fireEvent.click(runButton());
    await waitFor(() => expect(currentLocation()).toBe('/playbooks/runs/r1'));
    expect(api.to('POST /api/playbook/run')[0].body).toEqual({ id: 'p2', params: {} });
    expect(onClose).toHaveBeenCalled();
  });

  it('runs against the resource it was opened on', async () => {
    const { api } = open(restart, { resource: { kind: 'check', id: 'k1', name: 'payments-api' } });
    expect(await screen.findByText('No parameters for this playbook.')).toBeInTheDocument();
    expect(dialog().getByText('Check: payments-api')).toBeInTheDocument();
    expect(api.to('POST /api/playbook/p1/params')[0].body).toEqual({ check_id: 'k1' });
    fireEvent.click(runButton());
    await waitFor(() => expect(currentLocation()).toBe('/playbooks/runs/r1'));
    expect(api.to('POST /api/playbook/run')[0].body).toEqual({ id: 'p1', check_id: 'k1', params: {} });
  });
});

describe('run dialog: the parameters', () => {
  const params: PlaybookParameter[] = [
    { name: 'replicas', label: 'Replicas', type: 'text', required: true, properties: { format: 'number', min: 1, max: 10 } },
    { name: 'namespace', label: 'Namespace', type: 'text', default: 'default', properties: { format: 'dns1123' } },
    { name: 'dry_run', label: 'Dry run', type: 'checkbox', default: 'true' },
    { name: 'env', label: 'Environment', type: 'list', default: 'dev', properties: { options: ['dev', { label: 'Production', value: 'prod' }] } },
    { name: 'owner', label: 'Owner', type: 'team' },
    { name: 'notes', label: 'Notes', type: 'text', properties: { multiline: true, size: 'small' } },
  ];

  it('checks the values with the rules the gateway uses and enables Run only when they pass', async () => {
    const { api } = open(cleanup, { params });
    const replicas = await dialog().findByRole('spinbutton', { name: /^Replicas/, ...hidden });
    expect(field(/^Namespace/)).toHaveValue('default');
    // Required and empty: Run waits, the message waits until the user has been there.
    expect(runButton()).toBeDisabled();
    expect(dialog().queryByText('This field is required')).not.toBeInTheDocument();

    fireEvent.change(replicas, { target: { value: '20' } });
    expect(dialog().getByText('must be at most 10')).toBeInTheDocument();
    fireEvent.change(replicas, { target: { value: '' } });
    expect(dialog().getByText('This field is required')).toBeInTheDocument();
    fireEvent.change(replicas, { target: { value: '3' } });
    expect(runButton()).toBeEnabled();

    fireEvent.change(field(/^Namespace/), { target: { value: 'Bad_NS' } });
    expect(dialog().getByText(/must be lowercase letters, digits, dashes and dots/)).toBeInTheDocument();
    expect(runButton()).toBeDisabled();
    fireEvent.change(field(/^Namespace/), { target: { value: 'shop' } });

    const dryRun = dialog().getByRole('checkbox', { name: 'Dry run', ...hidden });
    expect(dryRun).toBeChecked();
    fireEvent.click(dryRun);
    fireEvent.change(dialog().getByRole('combobox', { name: 'Environment', ...hidden }), { target: { value: 'prod' } });
    const owner = dialog().getByRole('combobox', { name: 'Owner', ...hidden });
    await waitFor(() => expect(within(owner).getByRole('option', { name: 'Platform', ...hidden })).toBeInTheDocument());
    fireEvent.change(owner, { target: { value: 't1' } });
    fireEvent.change(field('Notes'), { target: { value: 'line one\nline two' } });

    fireEvent.click(runButton());
    await waitFor(() => expect(api.to('POST /api/playbook/run')).toHaveLength(1));
    expect(api.to('POST /api/playbook/run')[0].body).toEqual({
      id: 'p2',
      params: { replicas: '3', namespace: 'shop', dry_run: 'false', env: 'prod', owner: 't1', notes: 'line one\nline two' },
    });
  });

  it("says 'Running...' while the run starts, then goes to the run's page", async () => {
    let answer: (value: unknown) => void = () => undefined;
    const started = new Promise((resolve) => (answer = resolve));
    open(cleanup, { routes: [['POST /api/playbook/run', () => started]] });
    await screen.findByText('No parameters for this playbook.');
    fireEvent.click(runButton());
    await waitFor(() => expect(runButton()).toHaveTextContent('Running...'));
    expect(runButton()).toBeDisabled();
    answer({ run_id: 'r42' });
    await waitFor(() => expect(currentLocation()).toBe('/playbooks/runs/r42'));
  });

  it("shows a 400's parameter problems under their fields, with the answer's message in a toast", async () => {
    open(cleanup, {
      params: [{ name: 'replicas', label: 'Replicas', type: 'text' }],
      routes: [
        [
          'POST /api/playbook/run',
          reply(400, { code: 'invalid_params', message: 'Some parameters do not pass', details: { params: { replicas: 'must be at most 5' } } }),
        ],
      ],
    });
    fireEvent.change(await dialog().findByRole('textbox', { name: 'Replicas', ...hidden }), { target: { value: '9' } });
    fireEvent.click(runButton());
    expect(await screen.findByText('Some parameters do not pass')).toBeInTheDocument();
    expect(dialog().getByText('must be at most 5')).toBeInTheDocument();
    expect(currentLocation()).toBe('/playbooks');
    // The problem goes once the value changes.
    fireEvent.change(field('Replicas'), { target: { value: '4' } });
    expect(dialog().queryByText('must be at most 5')).not.toBeInTheDocument();
  });

  it("prefers the answer's error field to its message", async () => {
    open(cleanup, { routes: [['POST /api/playbook/run', reply(500, { error: 'the run engine is stopping', message: 'Internal error' })]] });
    await screen.findByText('No parameters for this playbook.');
    fireEvent.click(runButton());
    expect(await screen.findByText('the run engine is stopping')).toBeInTheDocument();
    expect(runButton()).toHaveTextContent('Run');
  });

  it('edits code parameters in the editor and checks JSON', async () => {
    open(cleanup, { params: [{ name: 'patch', label: 'Patch', type: 'code', properties: { language: 'json' } }] });
    const editor = await dialog().findByRole('textbox', { name: 'Patch (json)', ...hidden });
    fireEvent.change(editor, { target: { value: '{"replicas": ' } });
    expect(dialog().getByText('must be valid JSON')).toBeInTheDocument();
    expect(runButton()).toBeDisabled();
    fireEvent.change(editor, { target: { value: '{"replicas": 2}' } });
    expect(runButton()).toBeEnabled();
  });

  it('picks config parameters among the configs of the filter’s types', async () => {
    const { api } = open(cleanup, {
      params: [{ name: 'target', label: 'Target', type: 'config', required: true, properties: { filter: { types: ['Kubernetes::Deployment'] } } }],
    });
    const picker = await dialog().findByRole('combobox', { name: 'Target', ...hidden });
    fireEvent.click(picker);
    fireEvent.change(picker, { target: { value: 'web' } });
    fireEvent.click(await screen.findByRole('option', { name: 'web (Kubernetes::Deployment · shop)', ...hidden }));
    expect(api.to('POST /api/resources/search').at(-1)?.body).toEqual({ search: 'web', kinds: ['config'], types: ['Kubernetes::Deployment'], limit: 50 });
    await waitFor(() => expect(runButton()).toBeEnabled());
    fireEvent.click(runButton());
    await waitFor(() => expect(api.to('POST /api/playbook/run')).toHaveLength(1));
    expect(api.to('POST /api/playbook/run')[0].body).toEqual({ id: 'p2', params: { target: 'c1' } });
  });
});
