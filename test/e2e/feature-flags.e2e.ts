import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('an admin adds, edits and removes a feature flag through the dialog', async ({ page }) => {
  await signIn(page, 'admin');
  await page.getByRole('link', { name: 'Feature Flags' }).click();
  await expect(page).toHaveURL(/\/settings\/feature-flags$/);

  await page.getByRole('button', { name: 'Add' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /^(Save|Add)$/ }).click();
  await expect(dialog.getByText('please provide all details')).toBeVisible();

  await dialog.getByLabel('Name').fill('logs.disable');
  await dialog.getByLabel('Value').fill('true');
  await dialog.getByLabel('Description').fill('no log backends yet');
  await dialog.getByRole('button', { name: /^(Save|Add)$/ }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Feature flag added successfully' })).toBeVisible();
  await expect(page.getByRole('gridcell', { name: 'logs.disable' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('flag-added.png') });

  await page.getByRole('gridcell', { name: 'logs.disable' }).click();
  await expect(dialog.getByLabel('Name')).toBeDisabled();
  await dialog.getByLabel('Value').fill('false');
  await dialog.getByRole('button', { name: /^(Save|Update)$/ }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Feature flag updated successfully' })).toBeVisible();
  await expect(page.getByRole('gridcell', { name: 'false', exact: true })).toBeVisible();

  await page.getByRole('gridcell', { name: 'logs.disable' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('button', { name: /^(Delete|Yes|Confirm)$/ })
    .last()
    .click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Feature flag removed successfully' })).toBeVisible();
  await expect(page.getByRole('gridcell', { name: 'logs.disable' })).toHaveCount(0);
});
