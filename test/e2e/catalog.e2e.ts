import * as fs from 'node:fs';
import * as path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, signIn } from './helpers';
import { e2eState } from './users';

/** The folder global-setup gives the gateway as SCRAPER_FILE_ROOTS: the only place a File scraper may read. */
const scrapeDir = (): string => {
  const dir = (e2eState() as { scrapeDir?: string }).scrapeDir;
  if (!dir) throw new Error('global-setup wrote no scrapeDir (SCRAPER_FILE_ROOTS) into the state file');
  return dir;
};

const SCRAPER = 'e2e-shop';
const SERVICE_TYPE = 'E2E::Service';
const DATABASE_TYPE = 'E2E::Database';
/** The editor's Name field (not Namespace, nor an entry's 'Name (value or JSONPath)'); a required field's label may end in '*'. */
const SCRAPER_NAME_FIELD = /^Name( \*)?$/;

/** A service file as the demo's (`demo/catalog/services`): its `database` names the database it relates to. */
const serviceYaml = (name: string, version: string, database: string) =>
  [
    `id: svc-${name}`,
    `name: ${name}`,
    `type: ${SERVICE_TYPE}`,
    'team: e2e-squad',
    `version: ${version}`,
    'replicas: 2',
    `database: ${database}`,
    'health: healthy',
    '',
  ].join('\n');

/** The demo scraper's spec (`seedDemoScraper`) over the journey's folder: services with a relationship, databases from a JSON list. */
const scraperYaml = (dir: string) => `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: ${SCRAPER}
  namespace: default
spec:
  schedule: '@every 30m'
  file:
    - paths:
        - ${path.join(dir, 'services', '*.yaml')}
      id: $.id
      name: $.name
      type: $.type
      health: $.health
      tags:
        team: $.team
      transform:
        relationship:
          - name: $.database
            type: ${DATABASE_TYPE}
            relation: ServiceDatabase
    - paths:
        - ${path.join(dir, 'databases.json')}
      items: $[*]
      id: $.id
      name: $.name
      type: ${DATABASE_TYPE}
      health: $.health
`;

/**
 * Replaces the Monaco editor's whole text by a paste: typing would run Monaco's auto-indent and bracket closing on
 * every character and bend the YAML.
 */
async function pasteIntoMonaco(page: Page, editor: Locator, text: string): Promise<void> {
  await editor.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await editor.locator('textarea').evaluate((area, value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    area.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** The scraper's finished runs (job_history), newest first. */
const finishedRuns = async (page: Page, scraperId: string) =>
  (await api<{ status: string }[]>(page, 'GET', `/api/db/job_histories?resource_id=eq.${scraperId}&order=created_at.desc`)).filter(
    (run) => run.status !== 'RUNNING',
  );

test('an editor scrapes files into the catalogue: scraper editor, Run Now, the item, its change and diff, its relationships', async ({ page }) => {
  test.setTimeout(240_000);
  const dir = scrapeDir();

  // 1. The files: two services, each naming its database, and the databases as a JSON list.
  fs.mkdirSync(path.join(dir, 'services'), { recursive: true });
  const cartFile = path.join(dir, 'services', 'e2e-cart.yaml');
  fs.writeFileSync(cartFile, serviceYaml('e2e-cart', '1.0.0', 'e2e-orders-db'));
  fs.writeFileSync(path.join(dir, 'services', 'e2e-search.yaml'), serviceYaml('e2e-search', '4.2.0', 'e2e-search-db'));
  fs.writeFileSync(
    path.join(dir, 'databases.json'),
    JSON.stringify([
      { id: 'db-e2e-orders', name: 'e2e-orders-db', engine: 'postgres', health: 'healthy' },
      { id: 'db-e2e-search', name: 'e2e-search-db', engine: 'mariadb', health: 'warning' },
    ]),
  );

  await signIn(page, 'admin');

  // 2. The editor: Add, the File tile, the name in the form, the whole document in the Code tab, Save.
  await page.goto('/catalog/scrapers');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page).toHaveURL(/\/catalog\/scrapers\/new$/);
  await page.getByRole('group', { name: 'Scraper types' }).getByRole('button', { name: 'File', exact: true }).click();
  await expect(page.getByRole('region', { name: 'File scrapers' })).toBeVisible();
  await page.getByRole('textbox', { name: SCRAPER_NAME_FIELD }).fill(SCRAPER);

  await page.getByRole('tab', { name: 'Code' }).click();
  const editor = page.locator('.monaco-editor');
  await expect(editor.locator('.view-lines')).toContainText(`name: ${SCRAPER}`, { timeout: 30_000 });
  await expect(editor.locator('.view-lines')).toContainText('file:');
  await pasteIntoMonaco(page, editor, scraperYaml(dir));
  await expect(editor.locator('.view-lines')).toContainText('relation: ServiceDatabase');
  // The server validates the document as it is typed: nothing to complain about.
  await expect(page.getByRole('list', { name: 'Validation errors' })).toHaveCount(0);

  // The Form tab reads the document back: the name and both File entries' fields.
  await page.getByRole('tab', { name: 'Form' }).click();
  await expect(page.getByRole('textbox', { name: SCRAPER_NAME_FIELD })).toHaveValue(SCRAPER);
  const fileEntries = page.getByRole('region', { name: 'File scrapers' });
  await expect(fileEntries.getByRole('textbox', { name: /^ID/ })).toHaveCount(2);
  await expect(fileEntries.getByRole('textbox', { name: /^ID/ }).first()).toHaveValue('$.id');
  await expect(fileEntries.getByRole('textbox', { name: /^Type/ }).nth(1)).toHaveValue(DATABASE_TYPE);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: `${SCRAPER} created successfully` })).toBeVisible();
  // Save returns to the list the editor was opened from; the new scraper is a row of it.
  await expect(page).toHaveURL(/\/catalog\/scrapers$/);
  await page.getByRole('row').filter({ hasText: SCRAPER }).first().click();
  await page.waitForURL(/\/catalog\/scrapers\/[0-9a-f-]{36}$/);
  const scraperId = page.url().split('/').pop()!;
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(SCRAPER);

  // A new scraper is due at once: let the scheduler's first run end, so Run Now does not meet its lease (409).
  await expect.poll(async () => (await finishedRuns(page, scraperId)).length, { timeout: 30_000 }).toBeGreaterThan(0);

  // 3. Run Now: the run's summary, status and counts per config type.
  const runNow = async () => {
    await page.getByRole('button', { name: 'Run Now' }).click();
    await expect(page.getByRole('button', { name: 'Run Now' })).toBeEnabled({ timeout: 60_000 });
  };
  await runNow();
  // The run's message bar is named by its title (Fluent's MessageBar labels itself by it).
  const result = page.getByRole('group', { name: /^Scrape (SUCCESS|WARNING|FAILED)/ });
  await expect(result).toContainText('Scrape SUCCESS: 4 scraped, 0 errors');
  const summary = result.getByRole('table', { name: 'Scrape summary' });
  await expect(summary.getByRole('row').filter({ hasText: SERVICE_TYPE })).toBeVisible();
  await expect(summary.getByRole('row').filter({ hasText: DATABASE_TYPE })).toBeVisible();
  await page.getByRole('tab', { name: 'Job History' }).click();
  // The scheduler's first run of the new scraper, then Run Now ('Success' is also a column: the status, case and all).
  await expect(
    page
      .getByRole('region', { name: 'Job history' })
      .getByTestId('job-history-row')
      .filter({ hasText: /SUCCESS/ }),
  ).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath('scraper-run.png'), fullPage: true });

  // 4. The item in /catalog: the search lists it; its page has the breadcrumb, the sidebar and the body as code.
  await page.goto('/catalog');
  await page.getByRole('searchbox', { name: 'Search for configs' }).fill('e2e-cart');
  const cartRow = page.getByTestId('catalog-config-row').filter({ hasText: 'e2e-cart' });
  await expect(cartRow).toHaveCount(1, { timeout: 15_000 });
  await expect(cartRow).toContainText(SERVICE_TYPE);
  await cartRow.click();
  await page.waitForURL(/\/catalog\/[0-9a-f-]{36}$/);
  const cartId = page.url().split('/').pop()!;
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs).toContainText('Catalog');
  await expect(crumbs).toContainText(SERVICE_TYPE);
  await expect(crumbs).toContainText('e2e-cart');
  const sidebar = page.getByRole('complementary', { name: 'Config details' });
  await expect(sidebar.getByRole('heading', { name: 'e2e-cart' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: SERVICE_TYPE })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: SCRAPER })).toBeVisible();
  await expect(sidebar).toContainText('team: e2e-squad');
  const body = page.getByLabel(/^Config \(/);
  await expect(body).toContainText('version: 1.0.0');
  await expect(body).toContainText('database: e2e-orders-db');
  await page.screenshot({ path: test.info().outputPath('config-detail.png'), fullPage: true });

  // 5. A change: the file edited, Run Now again, the change in /catalog/changes with its diff in the modal.
  fs.writeFileSync(cartFile, serviceYaml('e2e-cart', '1.1.0', 'e2e-orders-db'));
  await page.goto(`/catalog/scrapers/${scraperId}`);
  await runNow();
  await expect(result).toContainText('Scrape SUCCESS: 4 scraped, 0 errors');
  const serviceSummary = summary.getByRole('row').filter({ hasText: SERVICE_TYPE });
  // Config type, Added, Updated, Unchanged, Changes, Deduped, Deleted.
  await expect(serviceSummary.getByRole('cell')).toHaveText([SERVICE_TYPE, '0', '1', '1', '1', '0', '0']);

  await page.goto('/catalog/changes');
  const changeRow = page.getByTestId('catalog-change-row').filter({ hasText: 'e2e-cart' }).filter({ hasText: 'diff' });
  await expect(changeRow).toHaveCount(1, { timeout: 15_000 });
  await expect(changeRow).toContainText('version');
  await changeRow.click();
  const modal = page.getByRole('dialog', { name: 'version' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('link', { name: 'e2e-cart' })).toBeVisible();
  await expect(modal.getByRole('tab', { name: 'Diff', selected: true })).toBeVisible();
  // Side by side (the default): the old line on the left, the new one on the right.
  const split = modal.getByRole('table', { name: 'Side by side diff' });
  await expect(split.locator('td[data-kind="removed"]').filter({ hasText: '"version": "1.0.0"' })).toBeVisible();
  await expect(split.locator('td[data-kind="added"]').filter({ hasText: '"version": "1.1.0"' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('change-diff-split.png') });
  await modal.getByRole('button', { name: 'Unified' }).click();
  const unified = modal.getByRole('table', { name: 'Unified diff' });
  await expect(unified.locator('tr[data-kind="removed"]').filter({ hasText: '- "version": "1.0.0"' })).toBeVisible();
  await expect(unified.locator('tr[data-kind="added"]').filter({ hasText: '+ "version": "1.1.0"' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('change-diff-unified.png') });
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);

  // The item's own Changes tab lists the same change.
  await page.goto(`/catalog/${cartId}/changes`);
  await expect(page.getByTestId('catalog-change-row').filter({ hasText: 'diff' })).toHaveCount(1, { timeout: 15_000 });

  // 6. Relationships: the graph draws the database the service names; the Table view lists it.
  await page
    .getByRole('tablist', { name: 'Config sections' })
    .getByRole('tab', { name: /^Relationships/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/catalog/${cartId}/relationships`));
  const graph = page.getByRole('figure', { name: 'Relationships graph' });
  await expect(graph).toBeVisible({ timeout: 15_000 });
  await expect(graph.locator('[data-testid^="graph-node-"]').filter({ hasText: 'e2e-orders-db' })).toBeVisible();
  await expect(graph.locator('[data-testid^="graph-node-"]').filter({ hasText: 'e2e-cart' })).toBeVisible();
  await expect(graph.locator('[data-testid^="graph-node-"]').filter({ hasText: 'e2e-search-db' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('relationships-graph.png'), fullPage: true });
  await page.getByRole('tablist', { name: 'View' }).getByRole('tab', { name: 'Table' }).click();
  const related = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'e2e-orders-db' }) });
  await expect(related).toHaveCount(1);
  await expect(related).toContainText(DATABASE_TYPE);
  await expect(related).toContainText('ServiceDatabase');
});

test('a viewer sees the scrapers without Add, Run Now or Save', async ({ page }) => {
  // A scraper to open, made by the admin through the API (this test does not depend on the journey above).
  await signIn(page, 'admin');
  const existing = await api<{ id: string }[]>(page, 'GET', '/api/db/config_scrapers?name=eq.e2e-viewer-check&select=id');
  if (!existing.length) {
    await api(page, 'POST', '/api/scrapers', {
      yaml: `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: e2e-viewer-check
  namespace: default
spec:
  schedule: '@daily'
  file:
    - paths:
        - ${path.join(scrapeDir(), 'none', '*.yaml')}
      id: $.id
      type: $.type
`,
    });
  }
  await page.context().clearCookies();

  await signIn(page, 'viewer');
  await page.goto('/catalog/scrapers');
  const row = page.getByRole('row').filter({ hasText: 'e2e-viewer-check' });
  await expect(row).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0);
  await row.click();
  await page.waitForURL(/\/catalog\/scrapers\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('e2e-viewer-check');
  await expect(page.getByRole('tab', { name: 'Job History' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: SCRAPER_NAME_FIELD })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Run Now' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Update|Save|Delete|Add scraper)$/ })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Scraper types' })).toHaveCount(0);
});
