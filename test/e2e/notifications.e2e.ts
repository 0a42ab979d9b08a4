import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { api, apiCall, signIn } from './helpers';
import { E2E_USERS } from './users';

/**
 * Issue 15 journey: an admin creates a notification rule in the UI (check.failed, a CEL filter, the admin as the
 * Person), a second rule sends the same event to a webhook peer on loopback (through the API), a check against a
 * loopback target fails on Run Now, and the admin sees the send history rows (Sent), opens one by its row (?id=),
 * sees the bell's unread count, and opening the bell clears it. A viewer sees no Add Rule and the server refuses.
 */

const CHECK = 'e2e-notify-api';
const RULE = 'e2e check failures';

/** The check's target: 200 until `fail()`, then 503. */
function startTarget(): Promise<{ url: string; fail(): void; stop(): Promise<void> }> {
  let healthy = true;
  const server = http.createServer((_req, res) => {
    res.writeHead(healthy ? 200 : 503, { 'content-type': 'text/plain' });
    res.end(healthy ? 'ok' : 'down');
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = (server.address() as AddressInfo) ?? { port: 0 };
      resolve({
        url: `http://127.0.0.1:${port}/health`,
        fail: () => (healthy = false),
        stop: () => new Promise<void>((done) => (server.closeAllConnections(), server.close(() => done()))),
      });
    }),
  );
}

/** A webhook receiver: records the JSON body of every POST. */
function startWebhookPeer(): Promise<{ port: number; received: { title?: string; event?: string }[]; stop(): Promise<void> }> {
  const received: { title?: string; event?: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as { title?: string; event?: string });
      } catch {
        received.push({});
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ port, received, stop: () => new Promise<void>((done) => (server.closeAllConnections(), server.close(() => done()))) });
    }),
  );
}

const checkStatus = async (page: Page, id: string) =>
  (await api<{ status: string | null }[]>(page, 'GET', `/api/db/checks?id=eq.${id}&select=status`))[0]?.status;

test('a rule made in the UI: a failing check gives a Sent row in the send history, its details, and the bell count', async ({ page }) => {
  const target = await startTarget();
  const peer = await startWebhookPeer();
  try {
    await signIn(page, 'admin');

    // The rule, from the UI: Name, Title, Events check.failed, a filter (checked live), recipient Person = the admin.
    await page.goto('/notifications/rules');
    await page.getByRole('button', { name: 'Add Rule' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Add Rule')).toBeVisible();
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(RULE);
    await dialog.getByRole('textbox', { name: /^Title/ }).fill('E2E {{.check.name}} failed');
    await dialog.getByRole('combobox', { name: /^Events/ }).click();
    await page.getByRole('menuitemcheckbox', { name: 'check.failed' }).click();
    // A click outside the list closes it (Escape would close the dialog too).
    await dialog.getByRole('textbox', { name: /^Filter/ }).click();
    await expect(page.getByRole('menuitemcheckbox', { name: 'check.failed' })).toHaveCount(0);
    await expect(dialog.getByRole('combobox', { name: /^Events/ })).toHaveText(/check\.failed/);
    await dialog.getByRole('textbox', { name: /^Filter/ }).fill(`check.name == '${CHECK}'`);
    await expect(dialog.getByText('Valid filter')).toBeVisible();
    await dialog.getByRole('radio', { name: 'Person' }).check();
    const person = dialog.getByRole('combobox', { name: /^Person/ });
    const adminOption = person.locator('option', { hasText: E2E_USERS.admin.email });
    await expect(adminOption).toHaveCount(1);
    await person.selectOption((await adminOption.getAttribute('value'))!);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('toast-success').filter({ hasText: `${RULE} created successfully` })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByTestId('notification-rule-row').filter({ hasText: RULE })).toBeVisible();

    // The same event to a webhook peer (Others: a generic+http URL), through the API.
    await api(page, 'POST', '/api/notifications/rules', {
      name: 'e2e webhook on failures',
      events: ['check.failed'],
      filter: `check.name == '${CHECK}'`,
      custom_services: [{ name: 'e2e-hook', url: `generic+http://127.0.0.1:${peer.port}/hook` }],
    });

    // A canary with one HTTP check, healthy first; then its target answers 503 and Run Now makes it fail.
    const created = await api<{ checks: { id: string; name: string }[] }>(page, 'POST', '/api/canaries', {
      name: 'e2e-notify',
      namespace: 'default',
      spec: { schedule: '@every 5m', http: [{ name: CHECK, url: target.url }] },
    });
    const checkId = created.checks.find((c) => c.name === CHECK)!.id;
    await api(page, 'POST', `/api/canary/run/check/${checkId}`, {});
    await expect.poll(() => checkStatus(page, checkId)).toBe('healthy');
    target.fail();
    await api(page, 'POST', `/api/canary/run/check/${checkId}`, {});
    await expect.poll(() => checkStatus(page, checkId)).toBe('unhealthy');

    // The webhook peer gets the message.
    await expect.poll(() => peer.received.filter((m) => m.event === 'check.failed').length, { timeout: 15_000 }).toBe(1);

    // The send history: the admin's row for the rule, Sent (the list is read again until it is there).
    await page.goto('/notifications');
    const row = page.getByTestId('send-history-row').filter({ hasText: RULE }).filter({ hasText: CHECK });
    await expect(async () => {
      await page.reload();
      await expect(row.first()).toBeVisible({ timeout: 2_000 });
      await expect(row.first()).toContainText('Sent', { timeout: 1_000 });
    }).toPass({ timeout: 20_000, intervals: [500, 1_000, 2_000] });
    await expect(row).toHaveCount(1);
    await expect(page.getByTestId('send-history-row').filter({ hasText: 'e2e webhook on failures' })).toContainText('Sent');

    // Its details open from the row, through ?id=.
    await row.click();
    await expect(page).toHaveURL(/[?&]id=[0-9a-f-]{36}/);
    const details = page.getByTestId('notification-details');
    await expect(details).toContainText('Sent');
    await expect(details).toContainText('check.failed');
    await expect(details).toContainText(RULE);
    await expect(page.getByRole('dialog')).toContainText(`E2E ${CHECK} failed`);
    await page.keyboard.press('Escape');
    await expect(page).not.toHaveURL(/[?&]id=/);

    // The bell: one unread; opening it shows the message and clears the count.
    const count = page.getByTestId('notification-bell-count');
    await expect(count).toHaveText('1', { timeout: 15_000 });
    await page.getByTestId('notification-bell').click();
    const latest = page.getByRole('list', { name: 'Latest notifications' });
    await expect(latest.getByRole('button').filter({ hasText: `E2E ${CHECK} failed` })).toBeVisible();
    await expect(count).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.getByTestId('notification-bell')).toBeVisible();
    await expect(page.getByTestId('notification-bell-count')).toHaveCount(0);
  } finally {
    await target.stop();
    await peer.stop();
  }
});

test('a viewer (no settings) is refused the rules page and a new rule, and may read the rules', async ({ page }) => {
  await signIn(page, 'viewer');
  // Spec 03: the viewer role does not see the settings menu, where Notifications lives.
  await page.goto('/notifications/rules');
  await expect(page.getByText('You do not have permission to access this page')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Rule' })).toHaveCount(0);
  const refused = await apiCall(page, 'POST', '/api/notifications/rules', {
    name: 'e2e viewer rule',
    events: ['check.failed'],
    custom_services: [{ name: 'hook', url: 'generic+http://127.0.0.1:9/hook' }],
  });
  expect(refused.status).toBe(403);
  const list = await apiCall(page, 'GET', '/api/notifications/rules?pageSize=200');
  expect(list.status).toBe(200);
  expect((JSON.parse(list.text) as { data: { name: string }[] }).data.map((r) => r.name)).not.toContain('e2e viewer rule');
});
