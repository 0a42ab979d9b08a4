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

/**
 * A call through the API as the signed-in page, with the CSRF header the web sends. `body` is sent as JSON, or as is
 * when it is a string (with its own content-type in `headers`). Answers the status and the body's text.
 */
export async function apiCall(
  page: Page,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  return page.evaluate(
    async ({ method, url, body, headers }) => {
      const csrf =
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('console_csrf='))
          ?.split('=')[1] ?? '';
      const res = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, ...headers },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      return { status: res.status, text: await res.text() };
    },
    { method, url, body, headers },
  );
}

/** Writes through the API; answers the status. */
export async function apiWrite(page: Page, method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown): Promise<number> {
  return (await apiCall(page, method, url, body)).status;
}

/** A call that must succeed; answers the parsed body. */
export async function api<T = unknown>(page: Page, method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const { status, text } = await apiCall(page, method, url, body, headers);
  if (status >= 400) throw new Error(`${method} ${url}: ${status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Signs in with any account's address and password (one made during the test), as the login page asks. */
export async function signInWith(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await expect(page.getByText('Sign In to your account')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs out through the user menu; the login page follows and the session is gone. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect((await page.request.get('/api/auth/whoami')).status()).toBe(401);
}
