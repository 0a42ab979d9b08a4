import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test as base, type Locator, type Page } from '@playwright/test';
import { Pool } from 'pg';
import { api, signIn } from './helpers';
import { E2E_USERS, e2eState } from './users';

/**
 * Issue 12 journey, in a real browser against the real gateway and its real run worker: an admin adds a playbook in
 * the spec form, runs it from a config's Playbooks tab with a parameter and follows its actions to the end live (an
 * exec action through the sandbox, an http action to a peer on loopback); an editor runs a playbook that needs the
 * viewer's approval, the viewer approves it from another browser, the editor's page follows the run to the end; the
 * runs list shows them and its status filter narrows them; an invalid spec is refused and nothing typed is lost.
 */

const CONFIG_TYPE = 'E2E::PlaybookTarget';
const CONFIG_NAME = 'e2e-playbook-target';
const CATEGORY = 'E2E Journeys';
const TITLE = 'E2E Say hello';
const APPROVAL_TITLE = 'E2E Guarded echo';

/** The form's Spec field (the spec besides title, icon, description and category): a required parameter, exec then http. */
const specYaml = (peerUrl: string) => `configs:
  - types: ['${CONFIG_TYPE}']
parameters:
  - name: greeting
    label: Greeting
    type: text
    required: true
actions:
  - name: say
    exec:
      script: 'echo "said: $GREETING to $TARGET"'
      env:
        - name: GREETING
          value: '{{ .params.greeting }}'
        - name: TARGET
          value: '{{ .config.name }}'
  - name: notify
    http:
      url: ${peerUrl}/notify
      method: POST
      body:
        greeting: '{{ .params.greeting }}'
        config: '{{ .config.name }}'
`;

/** Saved by the admin through the API (the spec form is the first journey's): one action, the viewer approves. */
const approvalYaml = `apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: e2e-guarded-echo
  namespace: default
spec:
  title: ${APPROVAL_TITLE}
  category: ${CATEGORY}
  configs:
    - types: ['${CONFIG_TYPE}']
  approval:
    approvers:
      people: ['${E2E_USERS.viewer.email}']
  actions:
    - name: echo
      exec:
        script: echo "approved run for $TARGET"
        env:
          - name: TARGET
            value: '{{ .config.name }}'
`;

interface Peer {
  url: string;
  /** Resolves with the first request's body once it has arrived (its answer waits for `release`). */
  arrived: Promise<string>;
  release(): void;
  stop(): Promise<void>;
}

/** The http action's peer on loopback: it holds its answer until released, so the run is seen while it is running. */
function startPeer(): Promise<Peer> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrive!: (body: string) => void;
  const arrived = new Promise<string>((resolve) => (arrive = resolve));
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      arrive(body);
      void released.then(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ delivered: true }));
      });
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        arrived,
        release,
        stop: () =>
          new Promise<void>((done) => {
            release();
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    }),
  );
}

/** Replaces a Monaco editor's whole text by a paste (typing would auto-indent and bend the YAML). */
async function pasteIntoMonaco(page: Page, editor: Locator, text: string): Promise<void> {
  await editor.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await editor.locator('textarea').evaluate((area, value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    area.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** The config the playbooks apply to, written straight into the catalogue (no scraper needed). */
async function createConfig(): Promise<string> {
  const pool = new Pool({ connectionString: e2eState().url });
  try {
    const existing = await pool.query<{ id: string }>('select id from config_items where type = $1 and name = $2 and deleted_at is null', [
      CONFIG_TYPE,
      CONFIG_NAME,
    ]);
    if (existing.rows[0]) return existing.rows[0].id;
    const { rows } = await pool.query<{ id: string }>(`insert into config_items (type, name, tags) values ($1, $2, '{"team":"e2e"}') returning id`, [
      CONFIG_TYPE,
      CONFIG_NAME,
    ]);
    return rows[0].id;
  } finally {
    await pool.end();
  }
}

/**
 * `signedIn(who)`: a page of a browser context of its own (its own cookies), signed in as `who`. The contexts are
 * closed after the test function, so the runner's end-of-test screenshots have been taken by then.
 */
const test = base.extend<{ signedIn: (who: keyof typeof E2E_USERS) => Promise<Page> }>({
  signedIn: async ({ browser }, use) => {
    const contexts: Awaited<ReturnType<typeof browser.newContext>>[] = [];
    await use(async (who) => {
      const context = await browser.newContext();
      contexts.push(context);
      const page = await context.newPage();
      await signIn(page, who);
      return page;
    });
    for (const context of contexts) await context.close();
  },
});

/** Marks the document: still marked later means the page was never reloaded (what changed came live). */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { e2eMark?: string }).e2eMark = 'still here'));
const documentMark = (page: Page) => page.evaluate(() => (window as unknown as { e2eMark?: string }).e2eMark);

/** Reads of a run other than its event stream: the page falls back to polling only when the stream fails. */
function runPolls(page: Page): string[] {
  const polls: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && /\/api\/playbook\/run\/[0-9a-f-]{36}$/.test(new URL(request.url()).pathname)) polls.push(request.url());
  });
  return polls;
}

const step = (page: Page, name: string) => page.getByTestId('run-step').filter({ hasText: name });
/** The run's status badge, next to its title in the run page's header. */
const runStatus = (page: Page) =>
  page
    .locator('header')
    .filter({ has: page.getByRole('heading', { level: 1 }) })
    .locator('[data-status]')
    .first();

/** Opens the config's Playbooks tab and the run dialog of `title` from its run button. */
async function openRunDialog(page: Page, configId: string, title: string): Promise<Locator> {
  await page.goto(`/catalog/${configId}/playbooks`);
  await page.getByRole('button', { name: 'Playbooks', exact: true }).click();
  await page.getByRole('menuitem', { name: title }).click();
  const dialog = page.getByRole('dialog', { name: `Run ${title}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Resource' })).toContainText(`Config: `);
  return dialog;
}

test('an admin adds a playbook and runs it from a config with a parameter, live; an editor’s run waits for the viewer’s approval; the runs list filters them', async ({
  page,
  signedIn,
}) => {
  test.setTimeout(120_000);
  const peer = await startPeer();
  const configId = await createConfig();
  const greeting = `hello-${Date.now().toString(36)}`;
  try {
    await signIn(page, 'admin');

    await test.step('the spec form: title, category and the spec; Save; the card under its category', async () => {
      await page.goto('/playbooks');
      await expect(page.getByRole('button', { name: 'Add', exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Playbook' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('textbox', { name: /^Title/ }).fill(TITLE);
      await dialog.getByRole('combobox', { name: 'Category' }).fill(CATEGORY);
      await dialog.getByRole('combobox', { name: 'Category' }).press('Tab');
      const specEditor = dialog.locator('.monaco-editor');
      await expect(specEditor.locator('.view-lines')).toBeVisible({ timeout: 30_000 });
      await pasteIntoMonaco(page, specEditor, specYaml(peer.url));
      await expect(specEditor.locator('.view-lines')).toContainText('name: notify');

      // The Code tab holds the whole document the form makes, validated by the server as it is shown: no problem.
      await dialog.getByRole('tab', { name: 'Code' }).click();
      const code = dialog.locator('.monaco-editor .view-lines');
      await expect(code).toContainText('kind: Playbook');
      await expect(code).toContainText(`title: ${TITLE}`);
      await expect(code).toContainText(`category: ${CATEGORY}`);
      await expect(dialog.getByRole('list', { name: 'Validation errors' })).toHaveCount(0);

      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByTestId('toast-success').filter({ hasText: 'Playbook Spec created successfully' })).toBeVisible();
      await expect(dialog).toHaveCount(0);
      const card = page.getByRole('region', { name: CATEGORY }).getByRole('article', { name: TITLE });
      await expect(card).toBeVisible();
      await expect(card).toContainText('2 actions');
      await page.screenshot({ path: test.info().outputPath('playbook-cards.png'), fullPage: true });
    });

    let runUrl = '';
    await test.step("the config's Playbooks tab: run with the required parameter, follow the actions live", async () => {
      const dialog = await openRunDialog(page, configId, TITLE);
      const parameters = dialog.getByRole('region', { name: 'Playbook Parameters' });
      await expect(parameters.getByRole('heading', { name: 'Playbook Parameters' })).toBeVisible();
      const field = parameters.getByRole('textbox', { name: /^Greeting/ });
      const run = dialog.getByRole('button', { name: /^(Run|Running\.\.\.)$/ });
      // Left empty: Run stays disabled, and once the user has been to the field it says why.
      await expect(field).toHaveValue('');
      await expect(run).toBeDisabled();
      await field.click();
      await field.press('Tab');
      await expect(parameters.getByText('This field is required')).toBeVisible();
      await expect(run).toBeDisabled();
      await field.fill(greeting);
      await expect(parameters.getByText('This field is required')).toHaveCount(0);
      await expect(run).toBeEnabled();
      await page.screenshot({ path: test.info().outputPath('run-dialog.png') });

      // The start call is held until 'Running...' has been seen (the real call then goes on unchanged).
      let letRunGo!: () => void;
      const runMayGo = new Promise<void>((resolve) => (letRunGo = resolve));
      await page.route('**/api/playbook/run', async (route) => {
        await runMayGo;
        await route.continue();
      });
      const polls = runPolls(page);
      await run.click();
      await expect(run).toHaveText('Running...');
      await expect(run).toBeDisabled();
      letRunGo();
      await page.waitForURL(/\/playbooks\/runs\/[0-9a-f-]{36}$/);
      await page.unroute('**/api/playbook/run');
      runUrl = page.url();
      await markDocument(page);

      // The http peer holds its answer: the exec action has completed, the http one is running, so is the run.
      expect(JSON.parse(await peer.arrived)).toEqual({ greeting, config: CONFIG_NAME });
      await expect(step(page, 'say').getByRole('img', { name: 'Completed' })).toBeVisible();
      await expect(step(page, 'notify').getByRole('img', { name: 'Running' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
      await expect(page.locator('header').filter({ has: page.getByRole('heading', { level: 1 }) })).toContainText(`Resource: ${CONFIG_NAME}`);
      await expect(runStatus(page)).toHaveAttribute('data-status', 'running');
      // The running action is the one shown; its log line (the request it sent) arrives while it waits.
      const logs = page.getByRole('region', { name: 'Action logs' });
      await expect(logs.getByTestId('action-log-pane')).toContainText('notify');
      await expect(logs.getByTestId('log-logs')).toContainText(`POST ${peer.url}/notify`);
      await page.screenshot({ path: test.info().outputPath('run-running.png'), fullPage: true });

      // Released: the page follows the run to its end without a reload.
      peer.release();
      await expect(step(page, 'notify').getByRole('img', { name: 'Completed' })).toBeVisible();
      await expect(runStatus(page)).toHaveAttribute('data-status', 'completed');
      await expect(logs.getByTestId('log-field-code')).toContainText('200');
      await expect(logs.getByTestId('log-logs')).toContainText('HTTP 200');
      await step(page, 'say').click();
      await expect(logs.getByTestId('action-log-pane')).toContainText('say');
      await expect(logs.getByTestId('log-stdout')).toContainText(`said: ${greeting} to ${CONFIG_NAME}`);
      await expect(logs.getByTestId('log-exit-code')).toHaveText('Exit code: 0');
      expect(await documentMark(page)).toBe('still here');
      // Followed by its event stream: the page never fell back to polling the run.
      expect(polls).toEqual([]);
      await page.screenshot({ path: test.info().outputPath('run-completed.png'), fullPage: true });
    });
    expect(runUrl).not.toBe('');

    await test.step("approval: the editor's run waits; the viewer, a listed approver, approves it from another browser", async () => {
      await api(page, 'POST', '/api/playbooks', { yaml: approvalYaml });

      const editor = await signedIn('editor');
      const dialog = await openRunDialog(editor, configId, APPROVAL_TITLE);
      await expect(dialog.getByText('No parameters for this playbook.')).toBeVisible();
      const polls = runPolls(editor);
      await dialog.getByRole('button', { name: 'Run', exact: true }).click();
      await editor.waitForURL(/\/playbooks\/runs\/[0-9a-f-]{36}$/);
      const approvalRunUrl = editor.url();
      await markDocument(editor);
      await expect(runStatus(editor)).toHaveAttribute('data-status', 'pending_approval');
      const notice = editor.getByTestId('run-approval');
      await expect(notice).toContainText('Waiting for approval');
      await expect(notice).toContainText(E2E_USERS.viewer.email);
      await expect(notice).toContainText('Only these approvers can approve it.');
      // The editor may run playbooks but is no approver of this one.
      await expect(editor.getByRole('button', { name: 'Re-run' })).toBeVisible();
      await expect(editor.getByRole('button', { name: 'Approve' })).toHaveCount(0);
      await editor.screenshot({ path: test.info().outputPath('run-pending-approval.png'), fullPage: true });

      const viewer = await signedIn('viewer');
      await viewer.goto(new URL(approvalRunUrl).pathname);
      await expect(runStatus(viewer)).toHaveAttribute('data-status', 'pending_approval');
      await expect(viewer.getByTestId('run-approval')).not.toContainText('Only these approvers can approve it.');
      // A viewer runs nothing: no Re-run, no Cancel; approving is what the listing grants.
      await expect(viewer.getByRole('button', { name: 'Re-run' })).toHaveCount(0);
      await viewer.getByRole('button', { name: 'Approve' }).click();
      await expect(viewer.getByRole('button', { name: 'Approve' })).toHaveCount(0);

      // The editor's page, untouched since, follows the run to its end.
      await expect(runStatus(editor)).toHaveAttribute('data-status', 'completed');
      await expect(editor.getByTestId('run-approval')).toHaveCount(0);
      await expect(step(editor, 'echo').getByRole('img', { name: 'Completed' })).toBeVisible();
      await expect(editor.getByTestId('log-stdout')).toContainText(`approved run for ${CONFIG_NAME}`);
      expect(await documentMark(editor)).toBe('still here');
      expect(polls).toEqual([]);
      await editor.screenshot({ path: test.info().outputPath('run-approved.png'), fullPage: true });

      // Re-run: the same playbook and resource again, waiting for an approval again (the runs list's pending run).
      await editor.getByRole('button', { name: 'Re-run' }).click();
      await expect(editor).not.toHaveURL(approvalRunUrl);
      await editor.waitForURL(/\/playbooks\/runs\/[0-9a-f-]{36}$/);
      await expect(runStatus(editor)).toHaveAttribute('data-status', 'pending_approval');
    });

    await test.step('the runs list: the columns, the runs, the status filter in the URL', async () => {
      await page.goto('/playbooks/runs');
      for (const name of ['Name', 'Resource', 'Status', 'Date', 'Duration', 'Created At', 'Created By'])
        await expect(page.getByRole('columnheader', { name, exact: true })).toHaveCount(1);
      const rows = page.getByTestId('playbook-run-row');
      const mine = rows.filter({ hasText: TITLE });
      const guarded = rows.filter({ hasText: APPROVAL_TITLE });
      await expect(mine).toHaveCount(1);
      await expect(mine).toContainText(CONFIG_NAME);
      await expect(mine).toContainText('Completed');
      await expect(mine).toContainText(E2E_USERS.admin.name);
      await expect(guarded).toHaveCount(2);
      await expect(guarded.filter({ hasText: 'Completed' })).toHaveCount(1);
      await expect(guarded.filter({ hasText: 'Pending Approval' })).toHaveCount(1);
      await expect(guarded.first()).toContainText(E2E_USERS.editor.name);
      await page.screenshot({ path: test.info().outputPath('runs-list.png'), fullPage: true });

      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Pending Approval', exact: true }).click();
      await expect(page).toHaveURL(/[?&]status=pending_approval(&|$)/);
      await expect(guarded).toHaveCount(1);
      await expect(guarded).toContainText('Pending Approval');
      await expect(mine).toHaveCount(0);
      await expect(rows.filter({ hasText: 'Completed' })).toHaveCount(0);

      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Completed', exact: true }).click();
      await expect(page).toHaveURL(/[?&]status=completed(&|$)/);
      await expect(mine).toHaveCount(1);
      await expect(guarded).toHaveCount(1);
      await expect(rows.filter({ hasText: 'Pending Approval' })).toHaveCount(0);

      // The URL alone gives the same list (a shared link), and a row opens its run.
      await page.goto('/playbooks/runs?status=pending_approval');
      await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText(/Pending Approval/);
      await expect(guarded).toHaveCount(1);
      await guarded.getByText(APPROVAL_TITLE).click();
      await page.waitForURL(/\/playbooks\/runs\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { level: 1, name: APPROVAL_TITLE })).toBeVisible();
    });
  } finally {
    await peer.stop();
  }
});

test('an invalid spec is refused with its problem, keeps everything typed, and adds no card', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/playbooks');
  await expect(page.getByRole('button', { name: 'Add', exact: true })).toBeVisible();
  // The list has loaded (the empty state or the cards) before counting.
  await expect(page.getByRole('article').first().or(page.getByText('No playbooks yet'))).toBeVisible();
  const cards = page.getByRole('article');
  const before = await cards.count();

  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Playbook' });
  await dialog.getByRole('textbox', { name: /^Title/ }).fill('E2E Beam me up');
  const specEditor = dialog.locator('.monaco-editor');
  await expect(specEditor.locator('.view-lines')).toBeVisible({ timeout: 30_000 });
  const spec = 'actions:\n  - name: beam\n    teleport:\n      to: orbit\n';
  await pasteIntoMonaco(page, specEditor, spec);
  await expect(specEditor.locator('.view-lines')).toContainText('teleport:');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();

  await expect(
    page.getByTestId('toast-error').filter({ hasText: /^Unable to create playbook spec: .*spec\.actions\[0\]\.teleport: unknown action type 'teleport'/ }),
  ).toBeVisible();
  // Still open, on the whole document with the problem listed (and marked on its line).
  await expect(dialog).toBeVisible();
  const problems = dialog.getByRole('list', { name: 'Validation errors' });
  await expect(problems).toContainText("unknown action type 'teleport'");
  const code = dialog.locator('.monaco-editor .view-lines');
  await expect(code).toContainText('title: E2E Beam me up');
  await expect(code).toContainText('teleport:');
  await expect(code).toContainText('to: orbit');
  await page.screenshot({ path: test.info().outputPath('invalid-spec.png'), fullPage: true });

  // The Form tab has what was typed there.
  await dialog.getByRole('tab', { name: 'Form' }).click();
  await expect(dialog.getByRole('textbox', { name: /^Title/ })).toHaveValue('E2E Beam me up');
  await expect(dialog.locator('.monaco-editor .view-lines')).toContainText('teleport:');
  await expect(dialog.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(cards).toHaveCount(before);
  await expect(page.getByRole('article', { name: 'E2E Beam me up' })).toHaveCount(0);
  expect(await api<unknown[]>(page, 'GET', '/api/db/playbooks?title=eq.E2E%20Beam%20me%20up&select=id')).toEqual([]);
});
