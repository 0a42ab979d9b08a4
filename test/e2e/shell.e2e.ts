import { expect, test } from '@playwright/test';
import { apiWrite, signIn } from './helpers';

test.describe('shell', () => {
  test('sends a visitor to sign in and back to the page they asked for', async ({ page }) => {
    await page.goto('/settings/feature-flags');
    await expect(page).toHaveURL(/\/login\?return_to=/);
    await page.getByLabel('Email').fill('admin@e2e.local');
    await page.getByLabel('Password').fill('admin-password-e2e');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/settings\/feature-flags$/);
    await page.screenshot({ path: test.info().outputPath('return-to.png') });
  });

  test('shows the server message for a wrong password', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('admin@e2e.local');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('login-error')).toContainText('Invalid email or password');
  });

  test('renders header, sidebar and user menu with both versions, then signs out', async ({ page }) => {
    await signIn(page, 'admin');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Feature Flags' })).toBeVisible();
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Your Profile' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Download kubeconfig' })).toBeVisible();
    const about = await (await page.request.get('/api/about')).json();
    await expect(page.getByTestId('version-line')).toContainText('1.0.813');
    await expect(page.getByTestId('version-line')).toContainText(about.version);
    await page.screenshot({ path: test.info().outputPath('shell-user-menu.png') });
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login/);
    const whoami = await page.request.get('/api/auth/whoami');
    expect(whoami.status()).toBe(401);
  });

  test('opens the profile page from the user menu', async ({ page }) => {
    await signIn(page, 'admin');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Your Profile' }).click();
    await expect(page).toHaveURL(/\/profile-settings$/);
    await expect(page.getByText('Profile Settings')).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: 'admin@e2e.local' })).toBeVisible();
  });

  test('shows the bad-session messages of the spec', async ({ page }) => {
    await page.goto('/bad-session?error_code=BAD_SESSION');
    await expect(page.getByText('Bad Session. Please try logging out and logging in again, if the problem persist, please contact us.')).toBeVisible();
    await page.goto('/bad-session?error_code=SOMETHING');
    await expect(page.getByText('Unknown error')).toBeVisible();
    await page.getByRole('link', { name: 'Go back' }).click();
    await expect(page).not.toHaveURL(/bad-session/);
  });

  test('hides the nav item of a disabled feature and shows it again when enabled', async ({ page }) => {
    await signIn(page, 'admin');
    await expect(page.getByRole('link', { name: 'Feature Flags' })).toBeVisible();
    expect(await apiWrite(page, 'POST', '/api/properties', { name: 'settings.feature_flags.disable', value: 'true' })).toBe(201);
    await page.reload();
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Feature Flags' })).toHaveCount(0);
    // Its page by URL says the feature is off (not 'Page not found') and links the admin to the flags.
    await page.goto('/settings/feature-flags');
    await expect(page.getByRole('heading', { name: 'This feature is turned off' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Settings → Feature Flags' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('feature-disabled.png') });
    // The flags API is off with its feature; the data API resource is not, so an admin can switch it back.
    expect(await apiWrite(page, 'DELETE', '/api/db/properties?name=eq.settings.feature_flags.disable')).toBe(204);
    await page.reload();
    await expect(page.getByRole('link', { name: 'Feature Flags' })).toBeVisible();
  });
});

test.describe('viewer', () => {
  test('sees no settings and gets the unauthorized page by URL; writes are refused by the server', async ({ page }) => {
    await signIn(page, 'viewer');
    await expect(page.getByRole('link', { name: 'Feature Flags' })).toHaveCount(0);
    await page.goto('/settings/feature-flags');
    await expect(page.getByText('You do not have permission to access this page')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('viewer-unauthorized.png') });
    expect(await apiWrite(page, 'POST', '/api/properties', { name: 'viewer.disable', value: 'true' })).toBe(403);
    expect(await apiWrite(page, 'POST', '/api/db/properties', { name: 'viewer.disable', value: 'true' })).toBe(403);
  });
});
