import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { Pool } from 'pg';
import { api, apiCall, signIn } from './helpers';
import { e2eState } from './users';

/**
 * Issue 13 journeys against the built console and its real schedulers: a topology written in the settings editor whose
 * component selects an HTTP check against a server on loopback; `/` lands on its card; the card turns red when the
 * server answers 500 and the check runs again. Then, on a topology made through the API: the side panel's counts and
 * 'Link to catalog', the snapshot download, `/logs` from a card's View Logs over `file` logging backends, and the
 * standalone card.
 */

/** The folder global-setup gives the gateway as LOG_FILE_ROOTS: the only place a `file` logging backend may read. */
const logDir = (): string => {
  const dir = (e2eState() as { logDir?: string }).logDir;
  if (!dir) throw new Error('global-setup wrote no logDir (LOG_FILE_ROOTS) into the state file');
  return dir;
};

interface Target {
  /** The check's URL for `name` (each check its own path, so one can fail alone). */
  url(name: string): string;
  /** From now on `name`'s path answers 500. */
  fail(name: string): void;
  stop(): Promise<void>;
}

/** The checks' peer on loopback: 200 'ok' on every path until told to fail one. */
function startTarget(): Promise<Target> {
  const failing = new Set<string>();
  const server = http.createServer((req, res) => {
    const failed = failing.has(req.url ?? '');
    res.writeHead(failed ? 500 : 200, { 'content-type': 'text/plain' });
    res.end(failed ? 'broken' : 'ok');
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: (name) => `http://127.0.0.1:${port}/${name}`,
        fail: (name) => void failing.add(`/${name}`),
        stop: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    }),
  );
}

let target: Target;
test.beforeAll(async () => {
  target = await startTarget();
});
test.afterAll(async () => {
  await target?.stop();
});

/** Replaces the Monaco editor's whole text by a paste (typing would auto-indent and bend the YAML). */
async function pasteIntoMonaco(page: Page, editor: Locator, text: string): Promise<void> {
  await editor.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await editor.locator('textarea').evaluate((area, value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    area.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

const checkStatus = async (page: Page, checkId: string) =>
  (await api<{ status: string | null }[]>(page, 'GET', `/api/db/checks?id=eq.${checkId}&select=status`))[0]?.status;

/** Run Now of a check through its API, until its stored status is `expected`. */
async function runCheck(page: Page, checkId: string, expected: 'healthy' | 'unhealthy'): Promise<void> {
  await api(page, 'POST', `/api/canary/run/check/${checkId}`, {});
  await expect.poll(() => checkStatus(page, checkId)).toBe(expected);
}

/** A canary with one HTTP check against the peer, run once (healthy); answers the check's id. */
async function createHttpCheck(page: Page, canary: string, check: string): Promise<string> {
  const existing = await api<{ id: string }[]>(page, 'GET', `/api/db/checks?name=eq.${check}&deleted_at=is.null&select=id`);
  if (existing[0]) return existing[0].id;
  const created = await api<{ checks: { id: string; name: string }[] }>(page, 'POST', '/api/canaries', {
    name: canary,
    namespace: 'default',
    // Not due again within the test: only this test's Run Now runs it after the first run.
    spec: { schedule: '@every 5m', http: [{ name: check, url: target.url(check) }] },
  });
  const id = created.checks.find((c) => c.name === check)!.id;
  await runCheck(page, id, 'healthy');
  return id;
}

interface ComponentRow {
  id: string;
  name: string;
  status: string | null;
  parent_id: string | null;
}

const componentsOf = (page: Page, topologyId: string) =>
  api<ComponentRow[]>(page, 'GET', `/api/db/components?topology_id=eq.${topologyId}&deleted_at=is.null&select=id,name,status,parent_id`);

/** The status of a component as the roll-up stored it (the grid reads only stored values). */
async function componentStatus(page: Page, topologyId: string, name: string): Promise<string | null | undefined> {
  return (await componentsOf(page, topologyId)).find((c) => c.name === name)?.status;
}

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
/** The card's own ⋯ menu (the side panel has one with the same name). */
const openCardMenu = (page: Page, name: string) =>
  card(page, name)
    .getByRole('button', { name: `Actions for ${name}` })
    .click();

/** The colour the theme gives `token` (a Fluent CSS variable), resolved inside `scope` as the card's border is. */
const themeColor = (scope: Locator, token: string) =>
  scope.evaluate((element, variable) => {
    const probe = document.createElement('span');
    probe.style.color = `var(${variable})`;
    element.appendChild(probe);
    const color = getComputedStyle(probe).color;
    probe.remove();
    return color;
  }, token);

const SHOP_YAML = `apiVersion: canaries.flanksource.com/v1
kind: Topology
metadata:
  name: e2e-shop
  namespace: default
spec:
  schedule: '@every 5m'
  type: Application
  icon: server
  label: E2E Shop
  components:
    - name: e2e-shop-api
      type: Service
      icon: http
      properties:
        - {name: Region, text: eu-e2e, headline: true}
      checks:
        - selector: {name: e2e-shop-ping}
    - name: e2e-shop-db
      type: Database
      icon: database
`;

test('the editor writes a topology over a check; / lands on its card, which turns red when the check fails', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  const checkId = await createHttpCheck(page, 'e2e-shop-checks', 'e2e-shop-ping');

  // Settings → Topology → Add → Custom (the Code tab) → the document → Save.
  await page.goto('/settings/topologies');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/topologies\/new$/);
  await page.getByRole('group', { name: 'Topology starters' }).getByRole('button', { name: 'Custom' }).click();
  await expect(page.getByRole('tab', { name: 'Code', selected: true })).toBeVisible();
  const editor = page.locator('.monaco-editor');
  await expect(editor.locator('.view-lines')).toBeVisible({ timeout: 30_000 });
  await pasteIntoMonaco(page, editor, SHOP_YAML);
  await expect(editor.locator('.view-lines')).toContainText('e2e-shop-ping');
  await expect(page.getByRole('list', { name: 'Validation errors' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'e2e-shop created successfully' })).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/topologies$/);
  await page.getByRole('row').filter({ hasText: 'e2e-shop' }).first().click();
  await page.waitForURL(/\/settings\/topologies\/[0-9a-f-]{36}$/);
  const topologyId = page.url().split('/').pop()!;

  // A new topology is due at once: let the scheduler's run end, so Run Now does not meet its lease (409).
  const finishedRuns = async () =>
    (await api<{ status: string }[]>(page, 'GET', `/api/db/job_history?resource_id=eq.${topologyId}&resource_type=eq.topology&select=status`)).filter(
      (run) => run.status !== 'RUNNING',
    );
  await expect.poll(async () => (await finishedRuns()).length, { timeout: 30_000 }).toBeGreaterThan(0);

  // Run Now answers when the run ends: its summary (the root and its two components).
  await page.getByRole('button', { name: 'Run Now' }).click();
  await expect(page.getByRole('button', { name: 'Run Now' })).toBeEnabled({ timeout: 30_000 });
  const summary = page.getByRole('group', { name: /^Topology run / });
  await expect(summary).toContainText('Topology run SUCCESS: 3 components, 0 errors');
  await expect(summary).toContainText('Components created 0');
  await page.screenshot({ path: test.info().outputPath('topology-run-now.png'), fullPage: true });

  // The roll-up (every 500 ms) makes the component healthy from its check before the page reads it.
  await expect.poll(() => componentStatus(page, topologyId, 'e2e-shop-api'), { timeout: 15_000 }).toBe('healthy');
  const rows = await componentsOf(page, topologyId);
  const root = rows.find((c) => c.parent_id === null)!;
  expect(root.name).toBe('e2e-shop');

  // `/` opens /topology: the root's card.
  await page.goto('/');
  await expect(page).toHaveURL(/\/topology$/);
  await expect(card(page, 'e2e-shop')).toBeVisible();
  await expect(card(page, 'e2e-shop')).toHaveAttribute('data-status', 'healthy');

  // Zoom in through the card's name: the component cards below it, the breadcrumb from Dashboard.
  await card(page, 'e2e-shop').getByRole('link', { name: 'e2e-shop', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/topology/${root.id}$`));
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs).toContainText('Dashboard');
  await expect(crumbs).toContainText('e2e-shop');
  const apiCard = card(page, 'e2e-shop-api');
  await expect(apiCard).toHaveAttribute('data-status', 'healthy');
  await expect(apiCard).toContainText('eu-e2e');
  await expect(card(page, 'e2e-shop-db')).toBeVisible();
  const healthyBorder = await apiCard.evaluate((el) => getComputedStyle(el).borderTopColor);
  const red = await themeColor(apiCard, '--colorPaletteRedBorder2');
  expect(healthyBorder).not.toBe(red);
  await page.screenshot({ path: test.info().outputPath('topology-healthy.png'), fullPage: true });

  // The peer breaks; Run Now of the check stores it unhealthy; the roll-up carries it to the component.
  target.fail('e2e-shop-ping');
  await runCheck(page, checkId, 'unhealthy');
  await expect.poll(() => componentStatus(page, topologyId, 'e2e-shop-api'), { timeout: 15_000 }).toBe('unhealthy');

  // The open page re-reads the grid every 30 s: the card turns red without a reload.
  await expect(apiCard).toHaveAttribute('data-status', 'unhealthy', { timeout: 40_000 });
  await expect(apiCard).toContainText('1 of 1 checks unhealthy');
  await expect(apiCard).toHaveCSS('border-top-color', red);
  await page.screenshot({ path: test.info().outputPath('topology-unhealthy.png'), fullPage: true });
});

/* The topology the other journeys share, made through the API: a service naming a check and two log selectors. */

const OPS = 'e2e-ops';
const OPS_API = 'e2e-ops-api';
const CONFIG_NAME = 'e2e-ops-orders-db';
const CONFIG_TYPE = 'E2E::Database';
const MINUTE = 60_000;

const opsYaml = `apiVersion: canaries.flanksource.com/v1
kind: Topology
metadata:
  name: ${OPS}
  namespace: default
spec:
  schedule: '@every 5m'
  type: Application
  icon: server
  components:
    - name: ${OPS_API}
      type: Service
      icon: http
      checks:
        - selector: {name: e2e-ops-ping}
      logs:
        - {name: audit, backend: e2e-audit-files}
        - {name: app, backend: e2e-app-files}
    - name: e2e-ops-worker
      type: Worker
      icon: server
`;

/** Text log lines `<ISO time> <LEVEL> <message>`, oldest first as a log is written, the newest a minute ago. */
function writeLog(file: string, lines: Array<[level: string, message: string]>): void {
  const now = Date.now();
  const text = lines.map(([level, message], i) => `${new Date(now - (lines.length - i) * MINUTE).toISOString()} ${level} ${message}`).join('\n');
  fs.writeFileSync(file, text + '\n');
}

/** The `file` backends the component's log selectors name, over files in the LOG_FILE_ROOTS folder. */
async function ensureLogBackends(page: Page): Promise<void> {
  const dir = logDir();
  writeLog(path.join(dir, 'audit.log'), [
    ['INFO', 'admin signed in'],
    ['WARN', 'role granted to eddie'],
  ]);
  writeLog(path.join(dir, 'app.log'), [
    ['INFO', 'checkout started for order 1001'],
    ['ERROR', 'payment declined for order 1001'],
    ['INFO', 'checkout finished for order 1002'],
    ['INFO', 'cache warmed'],
  ]);
  const pattern = '^(?<time>\\S+) (?<level>[A-Z]+) (?<message>.*)$';
  for (const [name, file] of [
    ['e2e-audit-files', 'audit.log'],
    ['e2e-app-files', 'app.log'],
  ]) {
    const existing = await api<unknown[]>(page, 'GET', `/api/db/logging_backends?name=eq.${name}&deleted_at=is.null&select=id`);
    if (!existing.length) await api(page, 'POST', '/api/db/logging_backends', { name, spec: { file: { path: path.join(dir, file), pattern } } });
  }
}

/** The config item 'Link to catalog' finds, written straight into the catalogue (no scraper needed). */
async function ensureConfig(): Promise<void> {
  const pool = new Pool({ connectionString: e2eState().url });
  try {
    const existing = await pool.query('select 1 from config_items where type = $1 and name = $2 and deleted_at is null', [CONFIG_TYPE, CONFIG_NAME]);
    if (!existing.rowCount) await pool.query(`insert into config_items (type, name, health) values ($1, $2, 'healthy')`, [CONFIG_TYPE, CONFIG_NAME]);
  } finally {
    await pool.end();
  }
}

/** The shared topology, run and rolled up (made once; later tests find it). Answers its root and service ids. */
async function ensureOpsTopology(page: Page): Promise<{ rootId: string; apiId: string }> {
  await ensureLogBackends(page);
  await createHttpCheck(page, 'e2e-ops-checks', 'e2e-ops-ping');
  let [topology] = await api<{ id: string }[]>(page, 'GET', `/api/db/topologies?name=eq.${OPS}&deleted_at=is.null&select=id`);
  if (!topology) {
    topology = await api<{ id: string }>(page, 'POST', '/api/topologies', { yaml: opsYaml });
    // Run Now answers when the run ends; while the scheduler's first run holds the lease it is a 409.
    await expect(async () => {
      const { status, text } = await apiCall(page, 'POST', `/api/topologies/${topology.id}/run`);
      expect(status, text).toBe(200);
    }).toPass({ timeout: 30_000, intervals: [500, 1_000] });
  }
  await expect.poll(() => componentStatus(page, topology.id, OPS_API), { timeout: 15_000 }).toBe('healthy');
  const rows = await componentsOf(page, topology.id);
  return { rootId: rows.find((c) => c.parent_id === null)!.id, apiId: rows.find((c) => c.name === OPS_API)!.id };
}

test("a component's side panel counts its checks, and its catalogue after 'Link to catalog'", async ({ page }) => {
  await signIn(page, 'admin');
  await ensureConfig();
  const { apiId } = await ensureOpsTopology(page);

  // A leaf: its own card in the grid, its side panel beside it.
  await page.goto(`/topology/${apiId}`);
  await expect(card(page, OPS_API)).toBeVisible();
  const panel = page.getByRole('complementary', { name: 'Component details' });
  await expect(panel.getByRole('heading', { name: OPS_API })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(OPS);

  // Every section's header has its count.
  await expect(panel.getByTestId('section-checks')).toContainText('Checks');
  await expect(panel.getByTestId('count-checks')).toHaveText('1');
  await expect(panel.getByTestId('section-catalog')).toContainText('Catalog');
  await expect(panel.getByTestId('count-catalog')).toHaveText('0');
  await expect(panel.getByTestId('count-incidents')).toHaveText('0');
  await expect(panel.getByTestId('count-changes')).toHaveText('0');
  await expect(panel.getByTestId('count-insights')).toHaveText('0');
  await panel.getByTestId('section-checks').getByRole('button').click();
  await expect(panel.getByRole('list', { name: 'Checks' })).toContainText('e2e-ops-ping');

  // The card menu's 'Link to catalog': search, choose, Link.
  await openCardMenu(page, OPS_API);
  await page.getByRole('menuitem', { name: 'Link to catalog' }).click();
  const dialog = page.getByRole('dialog', { name: `Link ${OPS_API} to catalog` });
  await dialog.getByRole('searchbox', { name: 'Search configs' }).fill('e2e-ops-orders');
  await dialog.getByRole('radio', { name: `${CONFIG_NAME} (${CONFIG_TYPE})` }).check();
  await dialog.getByRole('button', { name: 'Link', exact: true }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'config link successful' })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The Catalog header counts it; the section lists it.
  await expect(panel.getByTestId('count-catalog')).toHaveText('1');
  await panel.getByTestId('section-catalog').getByRole('button').click();
  await expect(panel.getByRole('list', { name: 'Linked configs' })).toContainText(CONFIG_NAME);
  await page.screenshot({ path: test.info().outputPath('topology-side-panel.png'), fullPage: true });
});

test("the card menu's Snapshot downloads '{name}-snapshot.zip' with the component, its check and its logs", async ({ page }) => {
  await signIn(page, 'admin');
  const { rootId } = await ensureOpsTopology(page);
  await page.goto(`/topology/${rootId}`);
  await openCardMenu(page, OPS_API);
  await page.getByRole('menuitem', { name: 'Snapshot' }).click();
  const dialog = page.getByRole('dialog', { name: `Snapshot: ${OPS_API}` });
  await expect(dialog).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toBe(`${OPS_API}-snapshot.zip`);
  await expect(dialog).toHaveCount(0);

  const bytes = fs.readFileSync(await download.path());
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  const files = unzipSync(new Uint8Array(bytes));
  expect(Object.keys(files)).toEqual(expect.arrayContaining(['README.md', 'components.json', 'checks.json', 'check_statuses.csv']));
  expect(strFromU8(files['components.json'])).toContain(`"name":"${OPS_API}"`);
  expect(strFromU8(files['checks.json'])).toContain('e2e-ops-ping');
  // The default range is the last 15 minutes; the app log's lines are within it.
  const appLog = Object.keys(files).find((name) => name.startsWith('logs/') && name.endsWith('-app.json'));
  expect(appLog, Object.keys(files).join(', ')).toBeDefined();
  expect(strFromU8(files[appLog!])).toContain('payment declined for order 1001');
});

test('View Logs opens /logs on the component: its selectors, a search shows the matching lines only', async ({ page }) => {
  await signIn(page, 'admin');
  const { rootId, apiId } = await ensureOpsTopology(page);
  await page.goto(`/topology/${rootId}`);
  await openCardMenu(page, OPS_API);
  await page.getByRole('menuitem', { name: 'View Logs' }).click();
  await expect(page).toHaveURL(new RegExp(`/logs\\?topologyId=${apiId}`));

  const search = page.getByRole('search', { name: 'Log search' });
  await expect(search.getByRole('combobox', { name: 'Component' })).toHaveValue(OPS_API);
  // The first selector is chosen by itself: the audit log's lines, newest first.
  const selector = search.getByRole('combobox', { name: 'Selector' });
  await expect(selector).toHaveText('audit');
  const messages = page.getByRole('table', { name: 'Log lines' }).locator('tbody tr td:nth-child(2)');
  await expect(messages).toHaveText(['role granted to eddie', 'admin signed in']);

  // The other selector: the app log.
  await selector.click();
  await page.getByRole('option', { name: 'app' }).click();
  await expect(page).toHaveURL(/logsSelector=app/);
  await expect(messages).toHaveText(['cache warmed', 'checkout finished for order 1002', 'payment declined for order 1001', 'checkout started for order 1001']);

  // A search: only the matching lines.
  await search.getByRole('searchbox', { name: 'Search' }).fill('checkout');
  await expect(page).toHaveURL(/query=checkout/);
  await expect(messages).toHaveText(['checkout finished for order 1002', 'checkout started for order 1001']);
  await expect(page.getByRole('status', { name: 'Log search status' })).toHaveText('2 lines');
  await page.screenshot({ path: test.info().outputPath('logs-search.png'), fullPage: true });
});

test("/view/topology/{id} shows the one card; an unknown id says 'Component not found'", async ({ page }) => {
  await signIn(page, 'viewer');
  // The viewer reads; the topology may not exist yet when this test runs alone.
  const admin = await page.context().browser()!.newPage();
  let apiId: string;
  try {
    await signIn(admin, 'admin');
    ({ apiId } = await ensureOpsTopology(admin));
  } finally {
    await admin.close();
  }
  await page.goto(`/view/topology/${apiId}`);
  await expect(page.getByTestId('topology-card')).toHaveCount(1);
  await expect(card(page, OPS_API)).toHaveAttribute('data-status', 'healthy');
  // Standalone: the card alone, without the console's header and sidebar (embeddable).
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
  await page.goto('/view/topology/00000000-0000-4000-8000-000000000013');
  await expect(page.getByText('Component not found')).toBeVisible();
  await expect(page.getByTestId('topology-card')).toHaveCount(0);
});
