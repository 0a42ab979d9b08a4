import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { expect, test } from '@playwright/test';
import { apiCall, signIn } from './helpers';

/**
 * Adding a check type is adding its folder. `npm test` copies test/fixtures/plugins/check-fixture-echo to plugins/
 * before this tier's build (test/run-all.mjs) and removes it afterwards; here the type it brings, `echo`, must be in
 * the editor's picker with its label, be validated by its own runner, run on the real scheduler and show its results,
 * while no other file of the repository changed.
 */
const root = path.resolve(__dirname, '../..');
const FOLDER = 'plugins/check-fixture-echo';
const installed = fs.existsSync(path.join(root, FOLDER, 'manifest.ts'));

test.describe.configure({ timeout: 120_000 });
test.skip(!installed, `${FOLDER} is not installed: run the browser tier through npm test, which adds it before the build`);

test('a check-type plugin added as one folder is offered, validated, run and shown', async ({ page }) => {
  // Only the fixture's folder differs from the tree as it was before it was copied (the registries are build output).
  const baseline = process.env.PLUGIN_FIXTURE_BASELINE;
  expect(baseline, 'npm test records the tree before copying the fixture').toBeTruthy();
  const status = execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: root, encoding: 'utf8' });
  const changed = status.split('\n').filter((line) => line && !line.slice(3).startsWith(`${FOLDER}/`));
  expect(changed).toEqual(fs.readFileSync(baseline!, 'utf8').split('\n').filter(Boolean));

  await signIn(page, 'admin');

  // Validated by the plugin's own runner: the gateway answers 400 with its message and saves nothing.
  const yaml = 'apiVersion: canaries.flanksource.com/v1\nkind: Canary\nmetadata:\n  name: echo-invalid\nspec:\n  echo:\n    - name: silent\n';
  const refused = await apiCall(page, 'POST', '/api/canaries', yaml, { 'content-type': 'application/yaml' });
  expect(refused.status).toBe(400);
  expect(refused.text).toContain('message: required');

  // Offered in the editor's picker with the label its web side contributes.
  await page.goto('/settings/canaries/new');
  await page.getByRole('textbox', { name: /^Name/ }).first().fill('fixture-canary');
  await page.getByLabel('Schedule').selectOption('@every 30s');
  await page.getByRole('button', { name: 'Echo (fixture)', exact: true }).click();
  const checks = page.getByRole('region', { name: 'Echo (fixture) checks' });
  await checks.getByRole('textbox', { name: /^Name/ }).fill('echo-hello');
  await checks.getByRole('textbox', { name: /^Message/ }).fill('hello from a folder');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/settings\/canaries$/);

  // Run by the scheduler through the plugin's runner; its result is on the dashboard and in the detail modal.
  await page.goto('/health?hidePassing=false');
  const row = page.getByTestId('health-check-row').filter({ hasText: 'echo-hello' });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh now' }).click();
    await expect(row.getByRole('gridcell').nth(1)).toHaveText(/^healthy/, { timeout: 2_000 });
  }).toPass({ timeout: 45_000, intervals: [1_000, 2_000, 3_000] });
  await row.click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByTestId('check-history-row').first()).toContainText('echo: hello from a folder');
});
