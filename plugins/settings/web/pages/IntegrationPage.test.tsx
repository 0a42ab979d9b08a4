import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { definePlugin } from '@web/core/plugin-host';
import { currentLocation, renderAt } from '@web/core/testing/renderAt';
import { stubFetch } from '@web/core/testing/stubFetch';
import IntegrationPage, { UNKNOWN_TYPE_MESSAGE } from './IntegrationPage';

// jsdom cannot run Monaco: the spec's editor is a textarea here.
jest.mock('@web/core/editor/YamlEditor', () => jest.requireActual('@web/core/editor/testing').textareaYamlEditor);

/** The topologies table as its plugin contributes it to core's settings pages. */
const tables = definePlugin({
  manifest: { id: 'test-tables', title: 'Tables' },
  register(ctx) {
    ctx.add('settings.tables', {
      id: 'topologies',
      title: 'Topology',
      path: '/settings/topologies',
      permission: { resource: 'topologies', action: 'read' },
      writePermission: { resource: 'topologies', action: 'write' },
      resourceType: 'topology',
      fields: ['namespace', 'labels'],
    });
  },
});

const topology = {
  id: 't1',
  name: 'cluster',
  namespace: 'default',
  labels: {},
  spec: { components: [] },
  source: 'UI',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: null,
};

function open(url: string) {
  const api = stubFetch([
    ['GET /api/db/topologies', [topology]],
    ['PATCH /api/db/topologies', []],
    ['/api/db/job_histories', []],
  ]);
  renderAt(
    url,
    [
      { path: '/settings/integrations/:type/:id', element: <IntegrationPage /> },
      { path: '/settings/integrations', element: <p>integrations list</p> },
    ],
    { roles: ['editor'], plugins: [tables] },
  );
  return api;
}

describe('/settings/integrations/{type}/{id}', () => {
  it("says 'Unknown type' for a type other than scrapers, topologies or logging_backends, and reads nothing", async () => {
    const api = open('/settings/integrations/canaries/t1');
    expect(await screen.findByText(UNKNOWN_TYPE_MESSAGE)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.url.startsWith('/api/db/'))).toEqual([]);
  });

  it("opens the integration in its table's editor with Spec and Job History, under the Integrations breadcrumb", async () => {
    open('/settings/integrations/topologies/t1');
    expect(await screen.findByRole('tab', { name: 'Spec' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Job History' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Integrations' })).toHaveAttribute('href', '/settings/integrations');
    expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
  });

  it('returns to /settings/integrations after an update', async () => {
    const api = open('/settings/integrations/topologies/t1');
    fireEvent.click(await screen.findByRole('button', { name: 'Update' }));
    await waitFor(() => expect(currentLocation()).toBe('/settings/integrations'));
    expect(api.last('PATCH /api/db/topologies')?.url).toBe('/api/db/topologies?id=eq.t1');
  });

  it('returns to /settings/integrations after a delete', async () => {
    const api = open('/settings/integrations/topologies/t1');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(currentLocation()).toBe('/settings/integrations'));
    expect(api.last('PATCH /api/db/topologies')).toMatchObject({ url: '/api/db/topologies?id=eq.t1', body: { deleted_at: 'now()' } });
  });
});
