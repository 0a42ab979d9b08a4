import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { NotificationSilenceInput, ResourceSearchHit } from '@contracts';
import { currentLocation, renderAt } from '@web/core/testing/renderAt';
import { type Call, reply, stubFetch } from '@web/core/testing/stubFetch';
import AddSilencePage from './AddSilencePage';
import { silence } from './testing';

const hit = (values: Partial<ResourceSearchHit>): ResourceSearchHit => ({
  id: 'cfg-1',
  kind: 'config',
  name: 'web-0',
  type: 'Kubernetes::Pod',
  namespace: 'default',
  icon: null,
  health: 'healthy',
  ...values,
});

const searchAnswer = (call: Call) => {
  const { kinds, search } = call.body as { kinds: string[]; search: string };
  return {
    configs: kinds.includes('config') ? [hit({}), hit({ id: 'cfg-2', name: 'web-1' })].filter((h) => h.name.includes(search)) : [],
    components: kinds.includes('component') ? [hit({ id: 'cmp-1', kind: 'component', name: 'payments', type: 'Service' })] : [],
    checks: kinds.includes('check') ? [hit({ id: 'chk-2', kind: 'check', name: 'db health', type: 'postgres' })] : [],
  };
};

let api: ReturnType<typeof stubFetch>;
const routes = (post: unknown = silence()) => {
  api = stubFetch([
    ['POST /api/resources/search', searchAnswer],
    ['POST /api/silence', post],
    ['/api/db/canaries', [{ id: 'can-1', name: 'prod canary' }]],
    ['/api/db/checks', [{ id: 'chk-1', name: 'api health' }]],
  ]);
};
beforeEach(() => routes());

const open = (search = '') =>
  renderAt(`/notifications/silences/add${search}`, [
    { path: '/notifications/silences/add', element: <AddSilencePage /> },
    { path: '/notifications/silences', element: <span>silences list</span> },
  ]);
const posted = () => api.last('POST /api/silence')?.body as NotificationSilenceInput | undefined;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

async function pickResource(typed: string, option: RegExp) {
  const picker = screen.getByRole('combobox', { name: 'Resource' });
  fireEvent.change(picker, { target: { value: typed } });
  fireEvent.click(picker);
  fireEvent.click(await screen.findByRole('option', { name: option }, { timeout: 3000 }));
}

async function chooseDuration(value: string) {
  const field = screen.getByRole('combobox', { name: /Duration/ });
  fireEvent.click(field);
  fireEvent.click(await screen.findByRole('option', { name: value }));
}

describe('AddSilencePage', () => {
  it('requires a resource and a duration, without calling the server', async () => {
    open();
    save();
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(api.calls.filter((call) => call.method === 'POST' && call.url === '/api/silence')).toHaveLength(0);
  });

  it('refuses a duration under a minute', async () => {
    open();
    fireEvent.change(screen.getByRole('combobox', { name: /Duration/ }), { target: { value: '30s' } });
    save();
    expect(await screen.findByText('Duration must be greater than 1 minute')).toBeInTheDocument();
    expect(posted()).toBeUndefined();
  });

  it('offers the spec’s duration presets', async () => {
    open();
    fireEvent.click(screen.getByRole('combobox', { name: /Duration/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['3m', '5m', '10m', '15m', '30m', '1h', '4h', '8h', '1d', '3d', '7d']);
  });

  it('posts a catalog item picked by name for a preset duration, recursive, with the reason', async () => {
    open();
    await pickResource('web-1', /^web-1/);
    await waitFor(() => expect(api.last('POST /api/resources/search')!.body).toEqual({ search: 'web-1', kinds: ['config'], limit: 20 }));
    await chooseDuration('4h');
    fireEvent.click(screen.getByRole('switch', { name: /Recursive/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Reason' }), { target: { value: 'maintenance window' } });
    save();
    await waitFor(() => expect(posted()).toBeDefined());
    const body = posted()!;
    expect(body).toMatchObject({
      config_id: 'cfg-2',
      component_id: null,
      check_id: null,
      canary_id: null,
      recursive: true,
      description: 'maintenance window',
      selectors: null,
      filter: null,
    });
    expect(Date.parse(body.until) - Date.parse(body.from!)).toBe(4 * 3600_000);
    await waitFor(() => expect(currentLocation()).toBe('/notifications/silences'));
    expect(await screen.findByText('Silence added successfully')).toBeInTheDocument();
  });

  it('starts from the address’s canary and check (by name); another kind clears the check and keeps the canary', async () => {
    open('?canary_id=can-1&check_id=chk-1');
    expect(await screen.findByText('prod canary')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Resource' })).toHaveValue('api health'));
    expect(screen.getByRole('radio', { name: 'Check' })).toBeChecked();
    // Checks have no children: no recursive toggle.
    expect(screen.queryByRole('switch', { name: /Recursive/ })).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'Component' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Resource' })).toHaveValue(''));
    expect(screen.getByText('prod canary')).toBeInTheDocument();
    await chooseDuration('1h');
    save();
    await waitFor(() => expect(posted()).toBeDefined());
    expect(posted()).toMatchObject({ canary_id: 'can-1', check_id: null, component_id: null, config_id: null });
  });

  it('sends the picked resource alone when the form started with a canary (the API takes one resource)', async () => {
    open('?canary_id=can-1');
    expect(await screen.findByText('prod canary')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Check' })).toBeChecked();
    await pickResource('db', /^db health/);
    await chooseDuration('1h');
    save();
    await waitFor(() => expect(posted()).toBeDefined());
    expect(posted()).toMatchObject({ canary_id: null, check_id: 'chk-2', component_id: null, config_id: null, recursive: false });
  });

  it('accepts label selectors instead of a resource', async () => {
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Advanced' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /Label selectors/ }), { target: { value: 'env=prod' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Filter/ }), { target: { value: "check.name == 'x'" } });
    await chooseDuration('15m');
    save();
    await waitFor(() => expect(posted()).toBeDefined());
    expect(posted()).toMatchObject({ selectors: 'env=prod', filter: "check.name == 'x'", config_id: null });
  });

  it('shows the server’s 400 and keeps what was typed', async () => {
    routes(reply(400, { statusCode: 400, message: 'filter: undeclared reference to foo' }));
    open('?config_id=cfg-9');
    fireEvent.change(screen.getByRole('combobox', { name: /Duration/ }), { target: { value: '2h' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Reason' }), { target: { value: 'my reason' } });
    save();
    expect(await screen.findByRole('alert')).toHaveTextContent('filter: undeclared reference to foo');
    expect(posted()).toMatchObject({ config_id: 'cfg-9' });
    expect(currentLocation()).toBe('/notifications/silences/add?config_id=cfg-9');
    expect(screen.getByRole('textbox', { name: 'Reason' })).toHaveValue('my reason');
    expect(screen.getByRole('combobox', { name: /Duration/ })).toHaveValue('2h');
    expect(within(screen.getByRole('form', { name: 'Add silence' })).getByRole('combobox', { name: 'Resource' })).toHaveValue('cfg-9');
  });
});
