import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Feature, Role } from '@contracts';
import type { IncidentLinkDialogProps } from '@web/core/plugin-host';
import { reply, stubFetch } from '@web/core/testing/stubFetch';
import { ComponentMenu } from './ComponentMenu';
import { CONFIG_SEARCH_DEBOUNCE_MS } from './LinkToCatalogDialog';
import { aComponent, currentLocation, incidentsPlugin, renderPanelUi } from './testing';

const LINKS = '/api/db/config_component_relationships';
const CONFIGS = '/api/db/config_items';

function openMenu({
  roles = ['editor'] as Role[],
  disabled = [] as Feature[],
  placement = 'card' as 'card' | 'panel',
  component = aComponent(),
  onZoomIn,
}: { roles?: Role[]; disabled?: Feature[]; placement?: 'card' | 'panel'; component?: ReturnType<typeof aComponent>; onZoomIn?: () => void } = {}) {
  const received: IncidentLinkDialogProps[] = [];
  renderPanelUi(<ComponentMenu component={component} placement={placement} onZoomIn={onZoomIn} />, { roles, disabled, plugins: [incidentsPlugin(received)] });
  return received;
}

async function menuItems(name = 'checkout') {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
}

describe('topology card menu', () => {
  beforeEach(() => stubFetch([]));

  it('offers every item of spec 02 on a card to an editor, in order', async () => {
    openMenu();
    expect(await menuItems()).toEqual(['View Logs', 'Zoom In', 'Link to Incident', 'Snapshot', 'Link to catalog']);
  });

  it('offers the same in the side panel except Zoom In', async () => {
    openMenu({ placement: 'panel' });
    expect(await menuItems()).toEqual(['View Logs', 'Link to Incident', 'Snapshot', 'Link to catalog']);
  });

  it('hides View Logs when the logs feature is off, and Link to Incident when incidents are off', async () => {
    openMenu({ disabled: ['logs', 'incidents'] });
    expect(await menuItems()).toEqual(['Zoom In', 'Snapshot', 'Link to catalog']);
  });

  it('hides View Logs for a component that names no logs', async () => {
    openMenu({ component: aComponent({ logs: [] }) });
    expect(await menuItems()).toEqual(['Zoom In', 'Link to Incident', 'Snapshot', 'Link to catalog']);
  });

  it('hides Link to catalog from users who may not write topologies', async () => {
    openMenu({ roles: ['responder'] });
    expect(await menuItems()).toEqual(['View Logs', 'Zoom In', 'Link to Incident', 'Snapshot']);
  });

  it('shows a viewer only what reads', async () => {
    openMenu({ roles: ['viewer'] });
    expect(await menuItems()).toEqual(['View Logs', 'Zoom In', 'Snapshot']);
  });

  it('View Logs opens /logs for the component', async () => {
    openMenu();
    await menuItems();
    fireEvent.click(screen.getByRole('menuitem', { name: 'View Logs' }));
    expect(currentLocation()).toBe('/logs?topologyId=c1');
  });

  it('Zoom In opens the component on its own page, or does what the grid asks', async () => {
    openMenu();
    await menuItems();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Zoom In' }));
    expect(currentLocation()).toBe('/topology/c1');
  });

  it('Zoom In calls the grid back when it asks to', async () => {
    const onZoomIn = jest.fn();
    openMenu({ onZoomIn });
    await menuItems();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Zoom In' }));
    expect(onZoomIn).toHaveBeenCalledTimes(1);
    expect(currentLocation()).toBe('/topology');
  });

  it('Link to Incident opens the incidents dialog with the component as topology evidence', async () => {
    const received = openMenu();
    await menuItems();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Link to Incident' }));
    expect(await screen.findByRole('dialog', { name: 'Link to incident stand-in' })).toBeInTheDocument();
    expect(received.at(-1)?.evidence).toEqual({ type: 'topology', component_id: 'c1', description: 'Topology' });
    act(() => received.at(-1)?.onClose(true));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Link to incident stand-in' })).not.toBeInTheDocument());
  });

  it('Snapshot opens the snapshot dialog of the component', async () => {
    openMenu();
    await menuItems();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Snapshot' }));
    expect(await screen.findByRole('dialog', { name: /Snapshot: checkout/ })).toBeInTheDocument();
  });
});

/** Role queries inside dialogs say `hidden: true`: in jsdom, Fluent's focus trap (tabster) can mark the open dialog aria-hidden. */
describe('Link to catalog', () => {
  async function openLinkDialog() {
    openMenu();
    await menuItems();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Link to catalog' }));
    return screen.findByRole('dialog', { name: /Link checkout to catalog/, hidden: true });
  }

  it('searches config items by name and links the chosen one with the manual selector', async () => {
    const api = stubFetch([
      [CONFIGS, [{ id: 'cfg1', name: 'checkout-db', type: 'Postgres' }]],
      [`POST ${LINKS}`, reply(201, [])],
    ]);
    const dialog = await openLinkDialog();
    expect(within(dialog).getByText('Start typing to search')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Link', hidden: true })).toBeDisabled();
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Search configs', hidden: true }), { target: { value: 'checkout' } });
    fireEvent.click(await within(dialog).findByLabelText('checkout-db (Postgres)'));
    const query = new URL(api.last(CONFIGS)!.url, 'http://x').searchParams;
    expect(query.get('name')).toBe('ilike.*checkout*');
    expect(query.get('deleted_at')).toBe('is.null');
    expect(query.get('select')).toBe('id,name,type');
    expect(query.get('limit')).toBe('20');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Link', hidden: true }));
    expect(await screen.findByTestId('toast-success')).toHaveTextContent('config link successful');
    expect(api.last(`POST ${LINKS}`)?.body).toEqual({ component_id: 'c1', config_id: 'cfg1', selector_id: 'manual' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Link checkout to catalog/, hidden: true })).not.toBeInTheDocument());
  });

  it('waits for the typing to stop before searching', async () => {
    jest.useFakeTimers();
    try {
      const api = stubFetch([[CONFIGS, []]]);
      const dialog = await openLinkDialog();
      const box = within(dialog).getByRole('searchbox', { name: 'Search configs', hidden: true });
      fireEvent.change(box, { target: { value: 'ch' } });
      fireEvent.change(box, { target: { value: 'check' } });
      expect(api.to(CONFIGS)).toHaveLength(0);
      await act(async () => {
        jest.advanceTimersByTime(CONFIG_SEARCH_DEBOUNCE_MS);
      });
      await waitFor(() => expect(api.to(CONFIGS)).toHaveLength(1));
      expect(api.last(CONFIGS)!.url).toContain('name=ilike.*check*');
      expect(await within(dialog).findByText('No options found')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('says why a link failed and keeps the dialog open', async () => {
    stubFetch([
      [CONFIGS, [{ id: 'cfg1', name: 'checkout-db', type: null }]],
      [`POST ${LINKS}`, reply(409, { statusCode: 409, code: 'conflict', message: 'Already linked' })],
    ]);
    const dialog = await openLinkDialog();
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Search configs', hidden: true }), { target: { value: 'checkout' } });
    fireEvent.click(await within(dialog).findByLabelText('checkout-db'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Link', hidden: true }));
    expect(await screen.findByTestId('toast-error')).toHaveTextContent('Already linked');
    expect(screen.queryByTestId('toast-success')).not.toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  });
});
