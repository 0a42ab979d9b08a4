import { expect, type Page } from '@playwright/test';
import { E2E_USERS } from './users';

export async function signIn(page: Page, who: keyof typeof E2E_USERS, returnTo?: string): Promise<void> {
  const user = E2E_USERS[who];
  await page.goto(returnTo ? `/login?return_to=${encodeURIComponent(returnTo)}` : '/login');
  await expect(page.getByText('Sign In to your account')).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
}

/** Writes through the API as the signed-in page, with the CSRF header the web sends. */
export async function apiWrite(page: Page, method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown): Promise<number> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const csrf =
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('console_csrf='))
          ?.split('=')[1] ?? '';
      const res = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return res.status;
    },
    { method, url, body },
  );
}
