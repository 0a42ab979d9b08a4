import { expect, test } from '@playwright/test';
import { AGENT_MESSAGES } from '@contracts';
import { signIn } from './helpers';

test('an admin creates an agent in the drawer, copies its one-time token from the install dialog, and sees it listed as never seen', async ({ page }) => {
  const name = `e2e-agent-${Date.now().toString(36)}`;
  await signIn(page, 'admin');
  await page.getByRole('link', { name: 'Agents' }).click();
  await expect(page).toHaveURL(/\/settings\/agents/);

  await page.getByRole('button', { name: 'Add Agent' }).click();
  await expect(page).toHaveURL(/addAgent=true/);
  const drawer = page.getByTestId('agent-drawer');
  await expect(drawer.getByText(AGENT_MESSAGES.createTitle)).toBeVisible();
  await drawer.getByRole('textbox', { name: 'Name' }).fill(name);
  await drawer.getByRole('button', { name: 'Add property' }).click();
  await drawer.getByLabel('Property 1 key').fill('env');
  await drawer.getByLabel('Property 1 value').fill('e2e');
  await drawer.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: AGENT_MESSAGES.created })).toBeVisible();

  const install = page.getByRole('dialog', { name: AGENT_MESSAGES.installTitle });
  await expect(install.getByText(AGENT_MESSAGES.tokenOnce)).toBeVisible();
  const flux = install.getByTestId('flux-snippet');
  await expect(flux).toContainText(`name: ${name}`);
  const token = /password: (oc_\S+)/.exec((await flux.textContent()) ?? '')?.[1];
  expect(token).toBeTruthy();
  await install.getByRole('tab', { name: 'Helm CLI' }).click();
  await expect(install.getByTestId('helm-snippet')).toContainText(`upstream.password=${token}`);
  await expect(install.getByTestId('agent-next-steps')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('agent-install.png') });
  await install.getByRole('button', { name: 'Close' }).last().click();

  // Listed, never seen (no status); the token is not shown again.
  const row = page.getByTestId('agent-row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).not.toContainText(/Online|Offline/);
  await row.getByText(name).click();
  await expect(page).toHaveURL(/[?&]id=/);
  await expect(drawer.getByRole('textbox', { name: 'Name' })).toHaveAttribute('readonly', '');
  await expect(page.getByText(token!)).toHaveCount(0);
});
