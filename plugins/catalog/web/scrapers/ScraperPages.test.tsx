import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Document20Regular } from '@fluentui/react-icons';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Role, ScrapeRunResult } from '@contracts';
import { useFetchMock } from '@web/core/editor/testing';
import { PluginRegistry, PluginRegistryProvider, definePlugin } from '@web/core/plugin-host';
import { TestProviders, signedIn } from '@web/core/testing/TestProviders';
import { jsonResponse } from '@web/core/testing/jsonResponse';
import SettingsDetailRoute from '@web/core/settings/SettingsDetailRoute';
import SettingsListRoute from '@web/core/settings/SettingsListRoute';
import type { SettingsResource } from '@web/core/settings/types';
import { CONFIG_SCRAPERS_TABLE } from '../index';
import ScraperPage from '../pages/ScraperPage';
import ScrapersPage from '../pages/ScrapersPage';
import { type ScraperDocument, scraperKey } from './scrapersApi';

// jsdom cannot run Monaco: the Code tab's editor is a textarea here.
jest.mock('@web/core/editor/YamlEditor', () => jest.requireActual('@web/core/editor/testing').textareaYamlEditor);

const fetchMock = useFetchMock();

/** Scraper types contributed the way plugins/scraper-file and the catalogue's placeholders do. */
const registry = new PluginRegistry([
  definePlugin({
    manifest: { id: 'test-scrapers', title: 'Scraper types' },
    register(ctx) {
      ctx.add('settings.tables', CONFIG_SCRAPERS_TABLE);
      ctx.add('catalog.scraperTypes', { id: 'kubernetes', label: 'Kubernetes', order: 10 });
      ctx.add('catalog.scraperTypes', {
        id: 'file',
        label: 'File',
        icon: Document20Regular,
        order: 70,
        fields: [
          { name: 'type', label: 'Type', kind: 'text', required: true },
          { name: 'url', label: 'URL', kind: 'text' },
        ],
      });
    },
  }),
]);

const SCRAPER_ID = '5c1b2e4a-7777-4888-9999-aaaabbbbcccc';
const existing: ScraperDocument = {
  id: SCRAPER_ID,
  name: 'demo-files',
  namespace: 'default',
  labels: {},
  spec: { schedule: '@every 5m', file: [{ type: 'Demo', url: 'http://x' }] },
  schedule: '@every 5m',
  source: 'UI',
  yaml: 'apiVersion: configs.flanksource.com/v1\nkind: ScrapeConfig\nmetadata:\n  name: demo-files\n  namespace: default\nspec:\n  schedule: "@every 5m"\n  file:\n    - type: Demo\n      url: http://x\n',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: null,
};

const listRow: SettingsResource = {
  id: SCRAPER_ID,
  name: 'demo-files',
  namespace: 'demo',
  labels: { team: 'ops', env: 'dev' },
  schedule: '@every 5m',
  source: 'UI',
  job_status: 'FAILED',
  job_details: { errors: ['no file matched'] },
  last_runtime: null,
  job_last_failed: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: null,
  created_by: { id: 'p1', name: 'Ada Lovelace' },
};

function openAt(url: string, roles: Role[] = ['admin'], extra: Record<string, unknown> = {}) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <TestProviders responses={signedIn(roles, extra)}>
        <PluginRegistryProvider registry={registry}>
          <Routes>
            <Route path="/catalog/scrapers" element={<ScrapersPage />} />
            <Route path="/catalog/scrapers/:id" element={<ScraperPage />} />
            <Route path="/settings/config_scrapers" element={<SettingsListRoute />} />
            <Route path="/settings/config_scrapers/:id" element={<SettingsDetailRoute />} />
          </Routes>
        </PluginRegistryProvider>
      </TestProviders>
    </MemoryRouter>,
  );
}

const posted = (path: string, method = 'POST') =>
  fetchMock.mock.calls.filter(([url, init]) => url === path && init?.method === method).map(([, init]) => JSON.parse(init.body ?? 'null'));

describe('scraper list', () => {
  beforeEach(() => fetchMock.mockImplementation(() => jsonResponse(200, [listRow], { 'content-range': '0-0/1' })));

  it('lists config_scrapers_with_status with the settings columns, the catalogue tabs and Add for a writer', async () => {
    openAt('/catalog/scrapers?sortBy=namespace&sortDesc=true');
    expect(await screen.findByText('demo-files')).toBeInTheDocument();
    expect(screen.getByText('demo')).toBeInTheDocument();
    expect(screen.getByText('+1 more')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '(View details)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Scrapers' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
    const query = new URL(fetchMock.mock.calls[0][0], 'http://x');
    expect(query.pathname).toBe('/api/db/config_scrapers_with_status');
    expect(query.searchParams.get('deleted_at')).toBe('is.null');
    expect(query.searchParams.get('order')).toBe('namespace.desc,id.asc');
  });

  it('hides Add from a viewer and the catalogue tabs under Settings', async () => {
    openAt('/settings/config_scrapers', ['viewer']);
    expect(await screen.findByText('demo-files')).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Scrapers' })).not.toBeInTheDocument();
  });
});

describe('scraper editor', () => {
  it('offers the registered types in order then Custom; picking File adds an entry to the form and the YAML', async () => {
    openAt('/catalog/scrapers/new');
    const picker = within(await screen.findByRole('group', { name: 'Scraper types' }));
    expect(picker.getAllByRole('button').map((b) => b.textContent)).toEqual(['Kubernetes', 'File', 'Custom']);
    fireEvent.click(picker.getByRole('button', { name: 'File' }));
    const file = within(screen.getByRole('region', { name: 'File scrapers' }));
    fireEvent.change(file.getByRole('textbox', { name: /^Type/ }), { target: { value: 'Demo::Config' } });
    fireEvent.change(screen.getAllByRole('textbox', { name: /^Name/ })[0], { target: { value: 'demo-files' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Code' }));
    const yaml = ((await screen.findByRole('textbox', { name: 'Scraper YAML' })) as HTMLTextAreaElement).value;
    expect(yaml).toContain('apiVersion: configs.flanksource.com/v1');
    expect(yaml).toContain('kind: ScrapeConfig');
    expect(yaml).toContain('namespace: default');
    expect(yaml).toMatch(/file:\n\s+- type: Demo::Config/);
  });

  it("posts {yaml} on Save, shows the server's 400 and keeps what was typed", async () => {
    openAt('/catalog/scrapers/new');
    fireEvent.click(await screen.findByRole('button', { name: 'Custom' }));
    const editor = (await screen.findByRole('textbox', { name: 'Scraper YAML' })) as HTMLTextAreaElement;
    const text = 'apiVersion: configs.flanksource.com/v1\nkind: ScrapeConfig\nmetadata:\n  name: x\nspec:\n  file:\n    - type: T\n';
    fireEvent.change(editor, { target: { value: text } });
    fetchMock.mockImplementation((url: string) =>
      url === '/api/scrapers' ? jsonResponse(400, { code: 'invalid_scraper', message: 'spec.file[0].paths: required' }) : jsonResponse(404, {}),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('save-error')).toHaveTextContent('spec.file[0].paths: required');
    expect(posted('/api/scrapers')).toEqual([{ yaml: text }]);
    expect(screen.getByRole('textbox', { name: 'Scraper YAML' })).toHaveValue(text);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('parses YAML edits back into the form and keeps text that does not parse as typed', async () => {
    openAt('/catalog/scrapers/new');
    fireEvent.click(await screen.findByRole('button', { name: 'Custom' }));
    const editor = (await screen.findByRole('textbox', { name: 'Scraper YAML' })) as HTMLTextAreaElement;
    fireEvent.change(editor, { target: { value: 'metadata:\n  name: from-yaml\nspec:\n  schedule: "@daily"\n' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Form' }));
    expect(screen.getAllByRole('textbox', { name: /^Name/ })[0]).toHaveValue('from-yaml');
    fireEvent.click(screen.getByRole('tab', { name: 'Code' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Scraper YAML' }), { target: { value: 'spec: [unclosed' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Form' }));
    expect(screen.getByText(/Fix the YAML first/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Scraper YAML' })).toHaveValue('spec: [unclosed');
  });

  it('updates an existing scraper with PUT, name and namespace disabled, showing Updating meanwhile', async () => {
    openAt(`/catalog/scrapers/${SCRAPER_ID}`, ['admin'], { [scraperKey(SCRAPER_ID)]: existing });
    expect(await screen.findByRole('button', { name: 'Update' })).toBeInTheDocument();
    expect(screen.getAllByRole('textbox', { name: /^Name/ })[0]).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Namespace' })).toBeDisabled();
    let answer: (value: unknown) => void = () => undefined;
    fetchMock.mockImplementation((url: string, init: RequestInit) =>
      url === scraperKey(SCRAPER_ID) && init.method === 'PUT' ? new Promise((resolve) => (answer = resolve)) : jsonResponse(404, {}),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('button', { name: 'Updating' })).toBeDisabled();
    expect(posted(scraperKey(SCRAPER_ID), 'PUT')).toEqual([{ yaml: existing.yaml }]);
    answer(await jsonResponse(200, existing));
    expect(await screen.findByText('demo-files updated successfully')).toBeInTheDocument();
  });

  it('runs a scrape with Run Now and shows its summary per config type', async () => {
    const result: ScrapeRunResult = {
      job_history_id: 'j1',
      status: 'SUCCESS',
      duration_millis: 42,
      success_count: 3,
      error_count: 0,
      errors: [],
      scrape_summary: { 'Demo::Config': { added: 2, updated: 1, unchanged: 0, changes: 1, deduped: 0, deleted: 0 } },
    };
    openAt(`/catalog/scrapers/${SCRAPER_ID}`, ['editor'], { [scraperKey(SCRAPER_ID)]: existing });
    fetchMock.mockImplementation((url: string) => (url === `${scraperKey(SCRAPER_ID)}/run` ? jsonResponse(200, result) : jsonResponse(404, {})));
    fireEvent.click(await screen.findByRole('button', { name: 'Run Now' }));
    const summary = await screen.findByRole('table', { name: 'Scrape summary' });
    expect(within(summary).getByRole('row', { name: /Demo::Config/ })).toHaveTextContent('Demo::Config210100');
    expect(screen.getByText(/Scrape SUCCESS: 3 scraped, 0 errors/)).toBeInTheDocument();
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url, init]) => url === `${scraperKey(SCRAPER_ID)}/run` && init.method === 'POST')).toHaveLength(1),
    );
  });

  it('offers neither Run Now nor Save to a viewer', async () => {
    openAt(`/catalog/scrapers/${SCRAPER_ID}`, ['viewer'], { [scraperKey(SCRAPER_ID)]: existing });
    expect(await screen.findByRole('tab', { name: 'Job History' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run Now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
  });
});
