import { expect, test } from '@playwright/test';
import { Client } from 'pg';
import { signIn } from './helpers';
import { e2eState } from './users';

/** Rows the pages show, written straight to the database as a runner and the event triggers would. */
async function seed(sql: string, params: unknown[] = []): Promise<void> {
  const client = new Client({ connectionString: e2eState().url });
  await client.connect();
  try {
    await client.query(sql, params);
  } finally {
    await client.end();
  }
}

/** admin.e2e.ts covers the Status filter and the details tabs with real topology runs; this adds Job Name, a shared link and 'No details found'. */
test('job history: the Job Name filter in the URL, a shared link, and a run without details', async ({ page }) => {
  await seed(
    `INSERT INTO job_history (name, resource_type, status, duration_millis, time_start, created_at, details) VALUES
       ('E2EJobsFailing', 'topology', 'FAILED', 2500, now() - interval '1 hour', now() - interval '1 hour', '{"errors": {"pod/web": {"message": "forbidden by e2e"}}}'),
       ('E2EJobsQuiet', 'topology', 'SUCCESS', 40, now() - interval '2 hours', now() - interval '2 hours', NULL),
       ('E2EJobsOld', 'topology', 'FAILED', 10, now() - interval '5 days', now() - interval '5 days', NULL)`,
  );
  await signIn(page, 'admin');
  await page.getByRole('link', { name: 'Job History' }).click();
  await expect(page).toHaveURL(/\/settings\/jobs$/);
  await expect(page.getByRole('gridcell', { name: 'E2EJobsFailing' })).toBeVisible();
  // Older than the default 2 days.
  await expect(page.getByRole('gridcell', { name: 'E2EJobsOld' })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Job Name' }).click();
  await page.getByRole('option', { name: 'E2EJobsFailing' }).click();
  await expect(page).toHaveURL(/[?&]name=E2EJobsFailing/);
  await expect(page.getByTestId('job-history-row')).toHaveCount(1);
  await page.getByRole('gridcell', { name: 'E2EJobsFailing' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('tab', { name: 'Errors', selected: true })).toBeVisible();
  await expect(dialog.getByText(/forbidden by e2e/)).toBeVisible();
  await page.keyboard.press('Escape');

  // A shared link opens on its filters; a run without details says so.
  await page.goto('/settings/jobs?status=SUCCESS:1&name=E2EJobsQuiet');
  await expect(page.getByTestId('job-history-row')).toHaveCount(1);
  await page.getByRole('gridcell', { name: 'E2EJobsQuiet' }).click();
  await expect(page.getByRole('dialog').getByText('No details found')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('job-no-details.png') });
});

test('event queue: retry brings failed events back and the consumer delivers them', async ({ page }) => {
  // No handler takes this name: once due, the consumer removes it at once. It used up its attempts, so without the
  // retry it would stay.
  await seed(`INSERT INTO event_queue (name, properties, error, attempts, last_attempt) VALUES ('e2e.jobs.retry', '{}', 'e2e: peer down', 10, now())`);
  await signIn(page, 'admin');
  await page.getByRole('link', { name: 'Event Queue' }).click();
  await expect(page).toHaveURL(/\/settings\/event-queue$/);
  await expect(page.getByRole('gridcell', { name: 'e2e: peer down' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('event-queue.png') });

  await page.getByRole('button', { name: 'Retry failed e2e.jobs.retry events' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: '1 failed e2e.jobs.retry event is queued for delivery again' })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('gridcell', { name: 'e2e.jobs.retry' })).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
});
