import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { parse } from 'yaml';
import { Code20Regular } from '@fluentui/react-icons';
import type { PlaybookDocument, Role } from '@contracts';
import { definePlugin } from '@web/core/plugin-host';
import PlaybooksPage from '../pages/PlaybooksPage';
import { STARTER_SPEC } from './playbookDocument';
import type { PlaybookRow } from './playbooksApi';
import { currentLocation, renderAt } from '@web/core/testing/renderAt';
import { type Call, reply, stubFetch } from '@web/core/testing/stubFetch';

// jsdom cannot run Monaco: the editors are textareas here.
jest.mock('@web/core/editor/YamlEditor', () => jest.requireActual('@web/core/editor/testing').textareaYamlEditor);

const row = (values: Partial<PlaybookRow> & Pick<PlaybookRow, 'id' | 'name'>): PlaybookRow => ({
  namespace: 'default',
  title: null,
  icon: null,
  description: null,
  category: null,
  spec: { actions: [{ name: 'one', exec: { script: 'echo 1' } }] },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: null,
  ...values,
});

const rows: PlaybookRow[] = [
  row({ id: 'p1', name: 'restart-pod', title: 'Restart pod', category: 'Kubernetes', description: 'Deletes the pod so it comes back' }),
  row({ id: 'p2', name: 'scale', title: 'Scale deployment', category: 'Kubernetes', spec: { actions: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] } }),
  row({ id: 'p3', name: 'notify', title: 'Notify team' }),
  row({ id: 'p4', name: 'backup', title: 'Backup database', category: 'Databases' }),
];

const storedYaml = [
  'apiVersion: mission-control.flanksource.com/v1',
  'kind: Playbook',
  'metadata:',
  '  name: restart-pod',
  '  namespace: default',
  'spec:',
  '  title: Restart pod',
  '  category: Kubernetes',
  '  # delete, and let the deployment bring it back',
  '  actions:',
  '    - name: delete',
  '      exec:',
  '        script: kubectl delete pod x',
  '',
].join('\n');

const stored: PlaybookDocument = {
  id: 'p1',
  name: 'restart-pod',
  namespace: 'default',
  title: 'Restart pod',
  icon: null,
  description: null,
  category: 'Kubernetes',
  source: 'UI',
  spec: { title: 'Restart pod', category: 'Kubernetes', actions: [{ name: 'delete', exec: { script: 'kubectl delete pod x' } }] },
  yaml: storedYaml,
  created_by: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: null,
};

type Routes = Parameters<typeof stubFetch>[0];
function open(url = '/playbooks', { roles = ['editor'] as Role[], routes = [] as Routes, list = rows } = {}) {
  const api = stubFetch([...routes, ['GET /api/db/playbooks', list], ['GET /api/playbooks/p1', stored], ['POST /api/playbooks/validate', { errors: [] }]]);
  const plugins = [
    definePlugin({
      manifest: { id: 'action-exec', title: 'Exec action' },
      register(ctx) {
        ctx.add('playbooks.actionTypes', {
          id: 'exec',
          label: 'Exec',
          icon: Code20Regular,
          fields: [{ name: 'script', label: 'Script', kind: 'textarea', required: true }],
        });
      },
    }),
  ];
  renderAt(url, [{ path: '/playbooks', element: <PlaybooksPage /> }], { roles, plugins });
  return api;
}

const group = (name: string) => screen.getByRole('region', { name });
const cardTitles = (name: string) =>
  within(group(name))
    .getAllByRole('article')
    .map((card) => card.getAttribute('aria-label'));
// Tabster (Fluent's focus manager) marks a dialog whose surface holds the focus aria-hidden in jsdom, 250 ms after it
// opens: what is in dialogs is found with `hidden: true`, as the check detail modal's tests do.
const hidden = { hidden: true } as const;
const dialog = () => screen.getByRole('dialog', hidden);
const inDialog = () => within(dialog());
const textbox = (name: string) => inDialog().getByRole('textbox', { name, ...hidden });
const findTextbox = async (name: string) => within(await screen.findByRole('dialog', hidden)).findByRole('textbox', { name, ...hidden });
const type = (name: string, value: string) => fireEvent.change(textbox(name), { target: { value } });
const click = (name: string) => fireEvent.click(inDialog().getByRole('button', { name, ...hidden }));
const tab = (name: string) => fireEvent.click(inDialog().getByRole('tab', { name, ...hidden }));
const toast = (text: string) => screen.findByText(text);

describe('/playbooks', () => {
  it("shows cards grouped by category, alphabetically with 'Other' last, each with its action count", async () => {
    const api = open();
    expect(await screen.findByRole('region', { name: 'Kubernetes' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Databases', 'Kubernetes', 'Other']);
    expect(cardTitles('Kubernetes')).toEqual(['Restart pod', 'Scale deployment']);
    expect(cardTitles('Other')).toEqual(['Notify team']);
    const restart = within(group('Kubernetes')).getByRole('article', { name: 'Restart pod' });
    expect(within(restart).getByText('1 action')).toBeInTheDocument();
    expect(within(restart).getByText('Deletes the pod so it comes back')).toBeInTheDocument();
    expect(within(group('Kubernetes')).getByRole('article', { name: 'Scale deployment' })).toHaveTextContent('3 actions');
    const query = new URL(api.to('GET /api/db/playbooks')[0].url, 'http://x').searchParams;
    expect(query.get('deleted_at')).toBe('is.null');
    expect(query.get('order')).toBe('title.asc');
  });

  it('gives a writer Add, Run, Edit and Delete, and everybody the Runs link', async () => {
    open();
    const card = within(await screen.findByRole('article', { name: 'Notify team' }));
    for (const name of ['Run', 'Edit', 'Delete']) expect(card.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Runs' }));
    expect(currentLocation()).toBe('/playbooks/runs');
  });

  it('hides Add, Run, Edit and Delete from a viewer', async () => {
    open('/playbooks', { roles: ['viewer'] });
    const card = within(await screen.findByRole('article', { name: 'Notify team' }));
    expect(card.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Runs' })).toBeInTheDocument();
  });

  it('filters the cards by the search in the URL, and writes what is typed there', async () => {
    open('/playbooks?q=kubernetes');
    expect(await screen.findByRole('article', { name: 'Restart pod' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Notify team' })).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search playbooks' })).toHaveValue('kubernetes');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search playbooks' }), { target: { value: 'backup' } });
    await waitFor(() => expect(currentLocation()).toBe('/playbooks?q=backup'));
    expect(screen.getByRole('article', { name: 'Backup database' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Restart pod' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search playbooks' }), { target: { value: 'nothing like it' } });
    expect(await screen.findByText('No playbooks match the search')).toBeInTheDocument();
  });

  it('says when there are no playbooks', async () => {
    open('/playbooks', { list: [] });
    expect(await screen.findByText('No playbooks yet')).toBeInTheDocument();
  });
});

describe('the spec form', () => {
  it("refuses to save without a title and a spec: 'This field is required' under both", async () => {
    const api = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    await findTextbox('Spec YAML');
    type('Spec YAML', '');
    click('Save');
    const title = textbox('Title');
    await waitFor(() => expect(inDialog().getAllByText('This field is required')).toHaveLength(2));
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(api.to('POST /api/playbooks')).toHaveLength(0);
  });

  it('starts a new playbook on a starter spec (a parameter and an http action, no exec) that saves with a title alone', async () => {
    const api = open('/playbooks', { routes: [['POST /api/playbooks', { ...stored, id: 'p9' }]] });
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    expect(await findTextbox('Spec YAML')).toHaveValue(STARTER_SPEC);
    expect(textbox('Name')).toHaveValue('');
    type('Title', 'My first playbook');
    click('Save');
    expect(await toast('Playbook Spec created successfully')).toBeInTheDocument();
    const { yaml } = api.to('POST /api/playbooks')[0].body as { yaml: string };
    const spec = (parse(yaml) as { spec: Record<string, unknown> }).spec;
    expect(spec).toEqual({
      title: 'My first playbook',
      parameters: [{ name: 'message', label: 'Message', default: 'hello' }],
      actions: [{ name: 'call-service', http: { url: 'https://example.com/', method: 'GET', headers: { 'X-Message': '{{ .params.message }}' } } }],
    });
  });

  it("creates a playbook from the form's fields as one document, says 'Playbook Spec created successfully' and refreshes the list", async () => {
    const created = { ...stored, id: 'p9', name: 'drain-node', title: 'Drain node' };
    const api = open('/playbooks', { routes: [['POST /api/playbooks', created]] });
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    type('Title', 'Drain node');
    type('Icon', 'https://example.com/drain.svg');
    type('Description', 'Cordons and drains');
    fireEvent.change(inDialog().getByRole('combobox', { name: 'Category', ...hidden }), { target: { value: 'Kubernetes' } });
    await findTextbox('Spec YAML');
    type('Spec YAML', '');
    fireEvent.click(inDialog().getByRole('button', { name: 'Add action', ...hidden }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Exec', ...hidden }));
    expect(textbox('Spec YAML')).toHaveValue("actions:\n  - name: exec-1\n    exec:\n      script: ''\n");
    const listReads = api.to('GET /api/db/playbooks').length;
    click('Save');
    expect(await toast('Playbook Spec created successfully')).toBeInTheDocument();
    const [post] = api.to('POST /api/playbooks');
    expect(post.body).toEqual({
      yaml: [
        'apiVersion: mission-control.flanksource.com/v1',
        'kind: Playbook',
        'metadata:',
        "  name: ''",
        '  namespace: default',
        'spec:',
        '  title: Drain node',
        '  icon: https://example.com/drain.svg',
        '  description: Cordons and drains',
        '  category: Kubernetes',
        '  actions:',
        '    - name: exec-1',
        '      exec:',
        "        script: ''",
        '',
      ].join('\n'),
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(api.to('GET /api/db/playbooks').length).toBeGreaterThan(listReads));
  });

  it("keeps everything typed when the save fails, says 'Unable to create playbook spec: …' and marks the problems on their lines", async () => {
    const api = open('/playbooks', {
      routes: [
        [
          'POST /api/playbooks',
          reply(400, { message: 'spec.actions[0]: unknown action type', errors: [{ path: 'spec.actions[0]', message: 'unknown action type', line: 9 }] }),
        ],
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    type('Title', 'Odd');
    await findTextbox('Spec YAML');
    type('Spec YAML', 'actions:\n  - name: x\n    teleport: {}\n');
    click('Save');
    expect(await toast('Unable to create playbook spec: spec.actions[0]: unknown action type')).toBeInTheDocument();
    // The problem has a line: the Code tab shows the document it belongs to, with the problem listed.
    expect(await screen.findByRole('list', { name: 'Validation errors', ...hidden })).toHaveTextContent('Line 9: spec.actions[0]: unknown action type');
    const [sent] = api.to('POST /api/playbooks');
    expect(textbox('Playbook YAML')).toHaveValue((sent.body as { yaml: string }).yaml);
    expect(api.to('POST /api/playbooks/validate')[0].body).toEqual(sent.body);
    tab('Form');
    expect(textbox('Title')).toHaveValue('Odd');
    expect(textbox('Spec YAML')).toHaveValue('actions:\n  - name: x\n    teleport: {}\n');
  });

  it('edits an existing playbook on its stored document and sends it with the change', async () => {
    const api = open('/playbooks', { routes: [['PUT /api/playbooks/p1', (call: Call) => ({ ...stored, yaml: (call.body as { yaml: string }).yaml })]] });
    fireEvent.click(within(await screen.findByRole('article', { name: 'Restart pod' })).getByRole('button', { name: 'Edit' }));
    expect(await findTextbox('Title')).toHaveValue('Restart pod');
    expect(await findTextbox('Spec YAML')).toHaveValue('actions:\n  - name: delete\n    exec:\n      script: kubectl delete pod x\n');
    // The Code tab opens on the document as stored, comments included.
    tab('Code');
    expect(await findTextbox('Playbook YAML')).toHaveValue(storedYaml);
    // An edit there goes back into the form.
    type('Playbook YAML', storedYaml.replace('title: Restart pod', 'title: Restart the pod'));
    tab('Form');
    expect(textbox('Title')).toHaveValue('Restart the pod');
    click('Save');
    expect(await toast('Playbook Spec updated successfully')).toBeInTheDocument();
    const [put] = api.to('PUT /api/playbooks/p1');
    expect((put.body as { yaml: string }).yaml).toContain('title: Restart the pod');
  });

  it('opens the form on the playbook /playbooks?edit=<id> names (the run page’s Edit Playbook); closing it drops edit from the URL', async () => {
    const api = open('/playbooks?q=restart&edit=p1', { roles: ['admin'] });
    expect(await findTextbox('Title')).toHaveValue('Restart pod');
    expect(inDialog().getByText('Edit Playbook')).toBeInTheDocument();
    expect(api.to('GET /api/playbooks/p1')).not.toHaveLength(0);
    click('Cancel');
    await waitFor(() => expect(screen.queryByRole('dialog', hidden)).not.toBeInTheDocument());
    expect(currentLocation()).toBe('/playbooks?q=restart');
    expect(await screen.findByRole('article', { name: 'Restart pod' })).toBeInTheDocument();
  });

  it("writes edit=<id> when a card's Edit is clicked, and drops it after a save", async () => {
    open('/playbooks', { routes: [['PUT /api/playbooks/p1', stored]] });
    fireEvent.click(within(await screen.findByRole('article', { name: 'Restart pod' })).getByRole('button', { name: 'Edit' }));
    expect(await findTextbox('Title')).toHaveValue('Restart pod');
    expect(currentLocation()).toBe('/playbooks?edit=p1');
    click('Save');
    expect(await toast('Playbook Spec updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/playbooks'));
    expect(screen.queryByRole('dialog', hidden)).not.toBeInTheDocument();
  });

  it('says so when edit names no playbook, and shows the list without a dialog', async () => {
    const gone = '0b6c3a52-0000-4000-8000-000000000404';
    const api = open(`/playbooks?edit=${gone}`, { routes: [[`GET /api/playbooks/${gone}`, reply(404, { message: 'Playbook not found' })]] });
    expect(await toast('Unable to open playbook: Playbook not found')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/playbooks'));
    expect(await screen.findByRole('article', { name: 'Restart pod' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', hidden)).not.toBeInTheDocument();
    expect(api.to(`GET /api/playbooks/${gone}`)).not.toHaveLength(0);
  });

  it('does not open the form for a viewer, and says why', async () => {
    const api = open('/playbooks?edit=p1', { roles: ['viewer'] });
    expect(await toast('Editing a playbook needs write on playbooks')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/playbooks'));
    expect(screen.queryByRole('dialog', hidden)).not.toBeInTheDocument();
    expect(api.to('GET /api/playbooks/p1')).toHaveLength(0);
  });

  it("says 'Unable to update playbook spec: …' when an update fails", async () => {
    open('/playbooks', { routes: [['PUT /api/playbooks/p1', reply(403, { message: 'saving an exec action needs write on exec' })]] });
    fireEvent.click(within(await screen.findByRole('article', { name: 'Restart pod' })).getByRole('button', { name: 'Edit' }));
    await findTextbox('Title');
    type('Description', 'changed');
    click('Save');
    expect(await toast('Unable to update playbook spec: saving an exec action needs write on exec')).toBeInTheDocument();
    expect(textbox('Description')).toHaveValue('changed');
  });

  it('keeps unparseable YAML in the Code tab as typed', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    tab('Code');
    type('Playbook YAML', 'spec: [unclosed');
    expect(inDialog().getByRole('alert', hidden)).toHaveTextContent('YAML syntax error');
    tab('Form');
    expect(inDialog().getByText(/Fix the YAML first/)).toBeInTheDocument();
    expect(textbox('Playbook YAML')).toHaveValue('spec: [unclosed');
  });
});

describe('deleting a playbook', () => {
  it("asks first, deletes, says 'Playbook Spec deleted successfully' and refreshes", async () => {
    const api = open('/playbooks', { routes: [['DELETE /api/playbooks/p3', reply(204)]] });
    fireEvent.click(within(await screen.findByRole('article', { name: 'Notify team' })).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', hidden);
    expect(confirm).toHaveTextContent("Delete the playbook 'Notify team'?");
    const listReads = api.to('GET /api/db/playbooks').length;
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete', ...hidden }));
    expect(await toast('Playbook Spec deleted successfully')).toBeInTheDocument();
    expect(api.to('DELETE /api/playbooks/p3')).toHaveLength(1);
    await waitFor(() => expect(api.to('GET /api/db/playbooks').length).toBeGreaterThan(listReads));
  });

  it("says 'Unable to delete playbook spec: …' when it fails", async () => {
    open('/playbooks', { routes: [['DELETE /api/playbooks/p3', reply(403, { message: 'Forbidden' })]] });
    fireEvent.click(within(await screen.findByRole('article', { name: 'Notify team' })).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('alertdialog', hidden)).getByRole('button', { name: 'Delete', ...hidden }));
    expect(await toast('Unable to delete playbook spec: Forbidden')).toBeInTheDocument();
  });
});
