import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

/**
 * Issue 4 journey: a canary with an HTTP check against a server on loopback is created in the editor, turns healthy
 * on the dashboard, turns unhealthy once the server stops and the scheduler runs it again, and its detail modal
 * runs it now and filters its history. The gateway's real scheduler runs the check (schedule @every 30s).
 */
test.describe.configure({ timeout: 180_000 });

function startTarget(): Promise<{ url: string; stop(): Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/healthz`,
        stop: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    }),
  );
}

/** Clicks the dashboard's refresh until the check's row shows `health` (the scheduler decides when). */
async function waitForHealth(page: Page, name: string, health: 'healthy' | 'unhealthy', timeout: number): Promise<void> {
  // The Health column's badge: the row's second cell starts with the status.
  const cell = page.getByTestId('health-check-row').filter({ hasText: name }).getByRole('gridcell').nth(1);
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh now' }).click();
    await expect(cell).toHaveText(new RegExp(`^${health}`), { timeout: 2_000 });
  }).toPass({ timeout, intervals: [1_000, 2_000, 3_000] });
}

test('create an HTTP check, watch it turn healthy then unhealthy, Run Now and filter its history', async ({ page }) => {
  const target = await startTarget();
  try {
    await signIn(page, 'admin');

    // The editor: name, schedule, an HTTP check from the type picker, Save.
    await page.goto('/settings/canaries/new');
    await page.getByRole('textbox', { name: /^Name/ }).first().fill('e2e-web');
    await page.getByLabel('Schedule').selectOption('@every 30s');
    await page.getByRole('button', { name: 'HTTP', exact: true }).click();
    const httpChecks = page.getByRole('region', { name: 'HTTP checks' });
    await httpChecks.getByRole('textbox', { name: /^Name/ }).fill('e2e-home');
    await httpChecks.getByRole('textbox', { name: /^URL/ }).fill(target.url);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/settings\/canaries$/);
    await expect(page.getByText('e2e-web').first()).toBeVisible();

    // The dashboard: the new check runs at once and turns healthy.
    await page.goto('/health?hidePassing=false');
    await expect(page.getByRole('link', { name: 'Add check' })).toBeVisible();
    await waitForHealth(page, 'e2e-home', 'healthy', 30_000);
    await page.screenshot({ path: test.info().outputPath('health-healthy.png') });

    // The target goes away; the next scheduled run (≤ 30 s + jitter) makes it unhealthy.
    await target.stop();
    await waitForHealth(page, 'e2e-home', 'unhealthy', 60_000);

    // The detail modal: history holds both results; Run Now adds one more.
    await page.getByTestId('health-check-row').filter({ hasText: 'e2e-home' }).click();
    await expect(page).toHaveURL(/checkId=/);
    const modal = page.getByRole('dialog');
    const rows = modal.getByTestId('check-history-row');
    await expect(rows.first()).toBeVisible();
    const before = await rows.count();
    expect(before).toBeGreaterThanOrEqual(2);
    await modal.getByRole('button', { name: 'Run Now' }).click();
    await expect(page.getByTestId('toast-error').filter({ hasText: /Check failed/ })).toBeVisible();
    await expect(rows).toHaveCount(before + 1);
    await page.screenshot({ path: test.info().outputPath('check-detail.png') });

    // History filters: status, then a duration that is not in ms or s.
    await modal.getByLabel('Status').selectOption({ label: 'Healthy' });
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('healthy');
    await modal.getByLabel('Status').selectOption({ label: 'Unhealthy' });
    await expect(rows).toHaveCount(before);
    await modal.getByLabel('Custom duration').fill('2m');
    await modal.getByLabel('Custom duration').press('Enter');
    await expect(modal.getByText('duration is allowed only in milli seconds & seconds')).toBeVisible();

    // Escape closes the modal and drops checkId from the URL.
    await page.keyboard.press('Escape');
    await expect(page).not.toHaveURL(/checkId=/);
  } finally {
    await target.stop().catch(() => undefined);
  }
});

test('a viewer sees the dashboard without Add check, and the server refuses Run Now', async ({ page }) => {
  await signIn(page, 'viewer');
  await page.goto('/health?hidePassing=false');
  await expect(page.getByPlaceholder('Search by name, description, or endpoint')).toBeVisible();
  await expect(page.getByText('Add check')).toHaveCount(0);
  const status = await page.evaluate(async () => {
    const csrf =
      document.cookie
        .split('; ')
        .find((c) => c.startsWith('console_csrf='))
        ?.split('=')[1] ?? '';
    const checks = (await (await fetch('/api/db/checks?select=id&limit=1')).json()) as Array<{ id: string }>;
    const id = checks[0]?.id ?? '00000000-0000-0000-0000-000000000001';
    return (await fetch(`/api/canary/run/check/${id}`, { method: 'POST', headers: { 'x-csrf-token': csrf, 'content-type': 'application/json' }, body: '{}' }))
      .status;
  });
  expect(status).toBe(403);
});
