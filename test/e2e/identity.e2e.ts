import { expect, test, type Locator, type Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { Pool } from 'pg';
import { hashPassword } from '../../gateway/src/core/auth/password';
import { signIn, signInWith, signOut } from './helpers';
import { E2E_PORT } from './playwright.config';
import { e2eState } from './users';

/**
 * Issue 14 identity journeys in the built console: an admin invites a user from /settings/users and the invitee
 * creates the account through the one-time link in a browser of their own; a user turns on an authenticator app on
 * the profile page and signs in with a code computed from the secret the page shows; a user adds a security key
 * (Chromium's virtual authenticator) and signs in with it.
 */

/** The profile page shows who is signed in. */
async function expectSignedInAs(page: Page, email: string): Promise<void> {
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  await page.goto('/profile-settings');
  await expect(page.getByRole('definition').filter({ hasText: email })).toBeVisible();
}

test('an admin invites a user; the link creates the account, signed in; the password signs in again', async ({ page, browser }) => {
  const tag = Date.now();
  const email = `invitee-${tag}@e2e.local`;
  const password = `invitee-password-${tag}`;

  await signIn(page, 'admin');
  await page.goto('/settings/users');
  await page.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite User' });
  await dialog.getByLabel('First name').fill('Ines');
  await dialog.getByLabel('Last name').fill(`Invitee ${tag}`);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Role').selectOption('editor');
  await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(dialog.getByText('User has been invited successfully. Please share the link with the user.')).toBeVisible();
  const linkBox = dialog.getByRole('textbox', { name: 'Registration link' });
  await expect(linkBox).toHaveValue(/\/registration\?token=/);
  const link = await linkBox.inputValue();
  await page.screenshot({ path: test.info().outputPath('invite-link.png') });
  await dialog.getByRole('button', { name: 'Done' }).click();
  // The list shows the invitee as invited until they register.
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.first()).toContainText('Invited');

  // The invitee, in a browser of their own, opens the link.
  const invitee = await browser.newContext();
  try {
    const inviteePage = await invitee.newPage();
    await inviteePage.goto(link);
    await expect(inviteePage.getByText('Create account').first()).toBeVisible();
    await expect(inviteePage.getByText(`You were invited as Ines Invitee ${tag}.`, { exact: false })).toBeVisible();
    await expect(inviteePage.getByLabel('Email')).toHaveValue(email);
    await inviteePage.getByLabel(/^Password/).fill(password);
    await inviteePage.getByLabel('Confirm password').fill(password);
    await inviteePage.getByRole('button', { name: 'Create account' }).click();
    await expect(inviteePage).not.toHaveURL(/\/registration/);
    await expectSignedInAs(inviteePage, email);
    await inviteePage.screenshot({ path: test.info().outputPath('registered.png') });

    // The link is used: opening it again does not offer the form.
    await signOut(inviteePage);
    await inviteePage.goto(link);
    await expect(inviteePage.getByRole('alert')).toBeVisible();
    await expect(inviteePage.getByRole('button', { name: 'Create account' })).toHaveCount(0);

    // The chosen password signs in.
    await signInWith(inviteePage, email, password);
    await expectSignedInAs(inviteePage, email);
  } finally {
    await invitee.close();
  }

  // The admin's list now shows the account as active, with the role given.
  await page.reload();
  await expect(row.first()).toContainText('Active');
  await expect(row.first()).toContainText('Editor');
});

/** A person of their own for a journey that changes how they sign in (the shared e2e users stay as they are). */
async function createUser(name: string, email: string, password: string): Promise<void> {
  const pool = new Pool({ connectionString: e2eState().url });
  try {
    const { rows } = await pool.query<{ id: string }>('insert into people (name, email, password_hash) values ($1, $2, $3) returning id', [
      name,
      email,
      await hashPassword(password),
    ]);
    await pool.query("insert into person_roles (person_id, role) values ($1, 'editor')", [rows[0].id]);
  } finally {
    await pool.end();
  }
}

/** An authenticator app holding the secret the profile page showed (RFC 6238 as every app reads it). */
const authenticator = (secret: string) => new TOTP({ secret: secret.replace(/\s/g, ''), algorithm: 'SHA1', digits: 6, period: 30 });

/** Passes 'Confirm Action' when the page asks for it (a sign-in older than REAUTH_MINUTES), as the user would. */
async function confirmIfAsked(page: Page, password: string, ready: Locator): Promise<boolean> {
  const confirm = page.getByText('Confirm Action');
  await expect(ready.or(confirm).first()).toBeVisible();
  if (!(await confirm.isVisible())) return false;
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm).toHaveCount(0);
  return true;
}

test('a user turns on an authenticator app, sees recovery codes, and signs in with a code from it', async ({ page }) => {
  const tag = Date.now();
  const email = `totp-${tag}@e2e.local`;
  const password = `totp-password-${tag}`;
  await createUser('Toni Totp', email, password);
  await signInWith(page, email, password);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();

  // Profile → 2FA authenticator app → Set up: the secret for manual entry.
  await page.goto('/profile-settings');
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  const secretBox = page.getByTestId('totp-secret');
  if (await confirmIfAsked(page, password, secretBox)) await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(secretBox).toHaveText(/^[A-Z2-7 ]{16,}$/);
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const app = authenticator((await secretBox.textContent())!);
  await page.screenshot({ path: test.info().outputPath('totp-setup.png') });

  // A wrong code is refused and the set-up stays open; the app's code turns it on.
  const live = [-30_000, 0, 30_000].map((offset) => app.generate({ timestamp: Date.now() + offset }));
  await page.getByLabel(/^Code from the app/).fill(['000000', '111111', '222222', '333333'].find((code) => !live.includes(code))!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Invalid authentication code')).toBeVisible();
  await expect(secretBox).toBeVisible();
  const enableCode = app.generate();
  await page.getByLabel(/^Code from the app/).fill(enableCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Authenticator app set up')).toBeVisible();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await page.screenshot({ path: test.info().outputPath('totp-recovery-codes.png') });
  await page.getByRole('button', { name: 'I saved them' }).click();
  await expect(page.getByRole('button', { name: 'Remove authenticator app' })).toBeVisible();

  // Signed out, the password alone is not enough: 'Two-Factor Authentication' asks for a code.
  await signOut(page);
  await signInWith(page, email, password);
  await expect(page).toHaveURL(/\/login\?.*aal=aal2/);
  await expect(page.getByText('Two-Factor Authentication')).toBeVisible();
  await expect(page.getByRole('button', { name: 'User menu' })).toHaveCount(0);
  // The code that turned the app on is spent (each code works once).
  await page.getByLabel(/^Authentication code/).fill(enableCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('second-factor-error')).toContainText('Invalid authentication code');
  // The app's next code (the step after the spent one; the server takes the adjacent step) signs in.
  await page.getByLabel(/^Authentication code/).fill(app.generate({ timestamp: Date.now() + 30_000 }));
  await page.screenshot({ path: test.info().outputPath('totp-sign-in.png') });
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectSignedInAs(page, email);
});

test("a user adds a security key (Chromium's virtual authenticator) and signs in with it", async ({ browser }) => {
  const tag = Date.now();
  const email = `key-${tag}@e2e.local`;
  const password = `key-password-${tag}`;
  await createUser('Kim Key', email, password);
  // A key is bound to a host name, and an IP address is not one: this browser opens the console as localhost.
  const context = await browser.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'usb',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await signInWith(page, email, password);
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();

    // Profile → Hardware tokens and biometrics → Add security key: the browser's key answers.
    await page.goto('/profile-settings');
    await expect(page.getByText('No security keys yet.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Name' }).fill('Desk key');
    await page.getByRole('button', { name: 'Add security key' }).click();
    const ready = page.getByRole('table', { name: 'Security keys' });
    if (await confirmIfAsked(page, password, ready.or(page.getByText('Desk key added')))) {
      await page.getByRole('textbox', { name: 'Name' }).fill('Desk key');
      await page.getByRole('button', { name: 'Add security key' }).click();
    }
    await expect(page.getByText('Desk key added')).toBeVisible();
    await expect(ready.getByRole('row').filter({ hasText: 'Desk key' })).toContainText('Never');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    // The first second factor comes with recovery codes.
    await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await page.getByRole('button', { name: 'I saved them' }).click();
    await page.screenshot({ path: test.info().outputPath('security-key-added.png') });

    // Signed out, the password leads to 'Two-Factor Authentication', where the key signs in.
    await signOut(page);
    await signInWith(page, email, password);
    await expect(page.getByText('Two-Factor Authentication')).toBeVisible();
    await expect(page.getByRole('button', { name: 'User menu' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Use a security key' }).click();
    await expectSignedInAs(page, email);
    await expect(page.getByRole('table', { name: 'Security keys' }).getByRole('row').filter({ hasText: 'Desk key' })).not.toContainText('Never');
    await page.screenshot({ path: test.info().outputPath('security-key-used.png') });
  } finally {
    await context.close();
  }
});
