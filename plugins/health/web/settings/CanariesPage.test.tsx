import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Role } from '@contracts';
import { PluginRegistry, PluginRegistryProvider, definePlugin } from '@web/core/plugin-host';
import SettingsListRoute from '@web/core/settings/SettingsListRoute';
import type { SettingsResource } from '@web/core/settings/types';
import { TestProviders, signedIn } from '@web/core/testing/TestProviders';
import { CANARIES_TABLE } from './canariesTable';
import { calls, jsonResponse } from './testFixtures';

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
});

/** The canaries table as the health plugin contributes it (without its placeholder check types). */
const registry = new PluginRegistry([
  definePlugin({ manifest: { id: 'test-canaries', title: 'Canaries' }, register: (ctx) => ctx.add('settings.tables', CANARIES_TABLE) }),
]);

const row = (over: Partial<SettingsResource>): SettingsResource => ({
  id: 'c1',
  name: 'web-checks',
  namespace: 'default',
  labels: {},
  schedule: '@every 1m',
  source: 'UI',
  job_status: null,
  job_details: null,
  job_name: null,
  last_runtime: null,
  job_last_failed: null,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-02T00:00:00Z',
  created_by: { id: 'p1', name: 'Ada Lovelace', avatar: null },
  ...over,
});

function openList(roles: Role[], rows: SettingsResource[], url = '/settings/canaries') {
  fetchMock.mockImplementation(() => jsonResponse(200, rows, { 'content-range': `0-${rows.length - 1}/${rows.length}` }));
  render(
    <MemoryRouter initialEntries={[url]}>
      <TestProviders responses={signedIn(roles)}>
        <PluginRegistryProvider registry={registry}>
          <Routes>
            <Route path="/settings/canaries" element={<SettingsListRoute />} />
            <Route path="/settings/canaries/:id" element={<p>editor</p>} />
          </Routes>
        </PluginRegistryProvider>
      </TestProviders>
    </MemoryRouter>,
  );
}

describe('CanariesPage', () => {
  it('lists canaries from the data API with their schedule, job status and first tag plus "+N more"', async () => {
    openList(
      ['admin'],
      [
        row({ labels: { team: 'ops', env: 'prod', tier: '1' }, job_status: 'FAILED', job_details: { errors: ['boom'] } }),
        row({ id: 'c2', name: 'db-checks', labels: { team: 'data' }, schedule: '@hourly' }),
      ],
    );
    expect(await screen.findByText('web-checks')).toBeInTheDocument();
    expect(screen.getByText('db-checks')).toBeInTheDocument();
    expect(screen.getByText('team: ops')).toBeInTheDocument();
    expect(screen.getByText('+2 more')).toBeInTheDocument();
    expect(screen.getByText('team: data')).toBeInTheDocument();
    expect(screen.getAllByText(/more$/)).toHaveLength(1);
    expect(screen.getByText('FAILED')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '(View details)' })).toBeInTheDocument();
    expect(screen.getByText('@hourly')).toBeInTheDocument();
    expect(screen.queryByText('Namespace')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
  });

  it("opens the job's details in a popover without leaving the list, and a row click opens the editor", async () => {
    openList(['admin'], [row({ job_status: 'FAILED', job_details: { errors: ['connection refused'] } })]);
    fireEvent.click(await screen.findByRole('button', { name: '(View details)' }));
    expect(await screen.findByText(/connection refused/)).toBeInTheDocument();
    expect(screen.queryByText('editor')).not.toBeInTheDocument();
    fireEvent.click(screen.getByText('web-checks'));
    expect(await screen.findByText('editor')).toBeInTheDocument();
  });

  it('asks the server for live canaries sorted as the URL says', async () => {
    openList(['admin'], [row({})], '/settings/canaries?sortBy=updated_at&sortDesc=true');
    await screen.findByText('web-checks');
    const [url] = calls(fetchMock)[0];
    const query = new URL(url, 'http://x').searchParams;
    expect(url.startsWith('/api/db/canaries_with_status?')).toBe(true);
    expect(query.get('order')).toBe('updated_at.desc,id.asc');
    expect(query.get('deleted_at')).toBe('is.null');
    expect(query.get('select')).toBe('*,created_by(id,name,avatar)');
  });

  it('hides the add button from a viewer', async () => {
    openList(['viewer'], [row({})]);
    // The rows come after the signed-in user (answered at once by the canned fetcher).
    expect(await screen.findByText('web-checks')).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
  });

  it('shows the empty state when there are no canaries', async () => {
    openList(['admin'], []);
    expect(await screen.findByText('No health checks yet')).toBeInTheDocument();
  });
});
