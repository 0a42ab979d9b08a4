import { expect, test } from '@playwright/test';
import { api, signIn } from './helpers';

/**
 * Issue 9: what an operator hit first, replayed in the browser. The incident list's filter controls change the URL
 * and the rows; a refused comment keeps its text; a long word in a comment stays inside the comments column.
 */
test('the incident list filters by its controls, and the URL keeps the choice across a reload', async ({ page }) => {
  await signIn(page, 'admin');
  const tag = `f${Date.now()}`;
  await api(page, 'POST', '/api/incidents', { title: `${tag} payments down`, severity: 'critical', type: 'availability' });
  await api(page, 'POST', '/api/incidents', { title: `${tag} slow reports`, severity: 'low', type: 'performance' });

  await page.goto('/incidents');
  const search = page.getByRole('textbox', { name: 'Search' });
  await search.fill(tag);
  await expect(page).toHaveURL(new RegExp(`[?&]search=${tag}`));
  await expect(page.getByText(`${tag} payments down`)).toBeVisible();
  await expect(page.getByText(`${tag} slow reports`)).toBeVisible();

  await page.getByRole('combobox', { name: 'Severity' }).selectOption('critical');
  await expect(page).toHaveURL(/[?&]severity=critical/);
  await expect(page.getByRole('combobox', { name: 'Severity' })).toHaveValue('critical');
  await expect(page.getByText(`${tag} slow reports`)).toHaveCount(0);
  await expect(page.getByText(`${tag} payments down`)).toBeVisible();

  await page.getByRole('combobox', { name: 'Type' }).selectOption('performance');
  await expect(page).toHaveURL(/[?&]type=performance/);
  await expect(page).toHaveURL(/[?&]severity=critical/);
  await expect(page.getByText('There are no incidents matching this criteria')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue('performance');
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue(tag);
  await page.getByRole('combobox', { name: 'Type' }).selectOption('all');
  await page.getByRole('combobox', { name: 'Severity' }).selectOption('low');
  await expect(page.getByText(`${tag} slow reports`)).toBeVisible();
  await expect(page.getByText(`${tag} payments down`)).toHaveCount(0);
});

test('a refused comment keeps its text; a picked mention reads @Name; a long word wraps inside the comments column', async ({ page }) => {
  await signIn(page, 'admin');
  await api(page, 'POST', '/api/db/people', { name: 'Mira Okafor', email: `mira-${Date.now()}@e2e.local` });
  const incident = await api<{ id: string; hypotheses: { id: string }[] }>(page, 'POST', '/api/incidents', {
    title: 'Comment box',
    severity: 'low',
    type: 'performance',
  });
  const cache = await api<{ id: string }>(page, 'POST', `/api/incidents/${incident.id}/hypotheses`, { title: 'Cache', type: 'factor' });
  await page.goto(`/incidents/${incident.id}`);

  const box = page.getByRole('textbox', { name: 'Comment' });
  await box.click();
  await box.pressSequentially('Paging @Mir');
  await page.getByRole('option', { name: /Mira Okafor/ }).click();
  await expect(box).toHaveValue('Paging @Mira Okafor ');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('mention').filter({ hasText: 'Mira Okafor' }).first()).toBeVisible();
  await expect(box).toHaveValue('');

  // The server refuses the next one: its hypothesis is deleted behind the operator's back.
  await page.getByRole('combobox', { name: 'Hypothesis', exact: true }).selectOption({ label: 'Cache' });
  await api(page, 'DELETE', `/api/hypotheses/${cache.id}`);
  const typed = 'Cache hit rate fell to 3 % at 14:02, see the dashboard';
  await box.fill(typed);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(box).toHaveValue(typed);

  // A 600-character word: the comment stays inside its column.
  await page.getByRole('combobox', { name: 'Hypothesis', exact: true }).selectOption({ index: 1 });
  const word = 'x'.repeat(600);
  await box.fill(word);
  await page.getByRole('button', { name: 'Send' }).click();
  const comment = page
    .getByTestId('comment')
    .filter({ hasText: word.slice(0, 50) })
    .last();
  await expect(comment).toBeVisible();
  const column = await page.getByRole('region', { name: 'Comments' }).boundingBox();
  const text = await comment.locator('[data-user-text]').boundingBox();
  expect(text!.x + text!.width).toBeLessThanOrEqual(column!.x + column!.width + 1);
  await page.screenshot({ path: test.info().outputPath('comments.png'), fullPage: true });
});
