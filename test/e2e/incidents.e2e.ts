import { expect, test } from '@playwright/test';
import { api, signIn } from './helpers';
import { e2eState, JIRA_TOKEN, JIRA_USER } from './users';

test('an operator runs an incident from creation to close, with a Jira responder that really leaves the system', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin');

  // What an admin sets up once: a Jira connection (the local Jira peer), a team whose spec offers Jira, a person to mention.
  const jira = await api<{ id: string }>(page, 'POST', '/api/connections', {
    name: 'jira-local',
    namespace: 'default',
    type: 'jira',
    url: e2eState().jiraUrl,
    username: JIRA_USER,
    password: JIRA_TOKEN,
  });
  await api(page, 'POST', '/api/db/teams', {
    name: 'SRE',
    icon: 'kubernetes',
    spec: {
      responder_clients: {
        jira: {
          defaults: { instance: jira.id, project: 'OPS', issueType: 'Task', priority: 'High', summary: '[{{incident.incident_id}}] {{incident.title}}' },
        },
      },
    },
  });
  await api(page, 'POST', '/api/db/people', { name: 'Alice Liddell', email: 'alice@e2e.local' });

  // Create an incident: the root hypothesis exists.
  await page.goto('/incidents');
  await page.getByRole('button', { name: 'Create New Incident' }).click();
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Title' }).fill('Checkout latency above 2 s');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await page.waitForURL(/\/incidents\/[0-9a-f-]{36}$/);
  const incidentId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { name: 'Checkout latency above 2 s' })).toBeVisible();
  const created = await api<{ hypotheses: { type: string }[] }[]>(page, 'GET', `/api/db/incidents?id=eq.${incidentId}&select=hypotheses(type)`);
  expect(created[0].hypotheses.map((h) => h.type)).toEqual(['root']);

  // Factor, then solution under it.
  await page.getByRole('button', { name: 'Add factor' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Title' }).fill('Connection pool exhausted');
  await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
  await page.getByRole('button', { name: 'Add solution' }).first().click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Title' }).fill('Raise pool size to 50');
  await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
  // Titles are inline-editable inputs.
  await expect.poll(() => page.locator('input').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toContain('Raise pool size to 50');
  await expect(page.getByText('Solution', { exact: true })).toBeVisible();

  // Evidence: link a catalogue item to the factor through 'Link to Catalog' (Link stays disabled until one is chosen).
  await api(page, 'POST', '/api/db/config_items', { name: 'checkout-db', type: 'AWS::RDS::DBInstance', health: 'unhealthy' });
  await page.getByRole('button', { name: 'Link to Catalog' }).nth(1).click();
  const link = page.getByRole('dialog');
  await expect(link.getByRole('button', { name: 'Link' })).toBeDisabled();
  await link.getByRole('radio').first().check();
  await link.getByRole('button', { name: 'Link' }).click();
  await expect(page.getByTestId('evidence').first()).toContainText('checkout-db');

  // Status → mitigated through 'Add contributing factors to definition of done'.
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('mitigated');
  const dod = page.getByRole('dialog', { name: 'Add contributing factors to definition of done' });
  await dod.getByRole('button', { name: 'Submit' }).click();
  await expect(dod.getByText('Please select atleast one evidence')).toBeVisible();
  await dod.getByRole('checkbox').first().check();
  await dod.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Incident status updated successfully' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('mitigated.png'), fullPage: true });

  // A Jira responder for the team: the handler creates an issue on the Jira peer; its key is shown.
  await page.getByRole('button', { name: 'Add responder' }).click();
  const add = page.getByRole('dialog', { name: 'Add responder' });
  await add.getByRole('combobox', { name: 'Team' }).selectOption({ label: 'SRE' });
  await add.getByRole('button', { name: 'Next' }).click();
  await add.getByRole('button', { name: 'Jira' }).click();
  await add.getByRole('button', { name: 'Next' }).click();
  await expect(add.getByText('Save Team Responder')).toBeVisible();
  await add.getByRole('textbox', { name: 'Description' }).fill('Please raise the checkout pool size');
  await page.screenshot({ path: test.info().outputPath('jira-responder-form.png') });
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Responder added successfully' })).toBeVisible();
  await expect
    .poll(async () => JSON.stringify(await api(page, 'GET', `/api/db/responders?incident_id=eq.${incidentId}&select=status,error,external_id,properties`)), {
      timeout: 30_000,
    })
    .toMatch(/"external_id":"OPS-\d+"/);
  await expect(page.getByTestId('responder').first()).toContainText(/OPS-\d+/, { timeout: 15_000 });

  // A comment with a mention.
  const box = page.getByRole('textbox', { name: 'Comment' });
  await box.click();
  await box.pressSequentially('Paging @Ali');
  await page.getByRole('option', { name: /Alice Liddell/ }).click();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('mention').filter({ hasText: 'Alice Liddell' }).first()).toBeVisible();

  // The changelog lists each step.
  await page.getByRole('button', { name: 'Changelog' }).click();
  // The changelog loads after the click: poll its entries until every step is there (or the expect timeout).
  const kinds = () =>
    page
      .getByTestId('changelog')
      .locator('li')
      .evaluateAll((items) => items.map((li) => (li as HTMLElement).dataset.type));
  await expect
    .poll(kinds)
    .toEqual(
      expect.arrayContaining([
        'incident.created',
        'hypothesis.created',
        'evidence.created',
        'evidence.done_definition_added',
        'incident.status_updated',
        'responder.created',
        'responder.commented',
      ]),
    );

  // The toggle reads Reopen while the incident is not open (it is mitigated): Reopen, then Close, then Reopen.
  await page.getByRole('button', { name: 'Reopen' }).click();
  await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('open');
  // The status change's toast must not cover the page's actions (it did at the top end, and ate the next click).
  const toast = page.getByTestId('toast-success').last();
  await expect(toast).toBeVisible();
  const [toastBox, closeBox] = [await toast.boundingBox(), await page.getByRole('button', { name: 'Close', exact: true }).boundingBox()];
  const overlaps = (a: typeof toastBox, b: typeof toastBox) =>
    !!a && !!b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlaps(toastBox, closeBox)).toBe(false);
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('closed');
  await page.getByRole('button', { name: 'Reopen' }).click();
  await expect(page.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('incident-journey.png'), fullPage: true });
});

test('a viewer sees incidents without create or write controls and is refused writes by the server', async ({ page }) => {
  await signIn(page, 'viewer');
  await page.goto('/incidents');
  await expect(page.getByRole('heading', { name: 'Incidents' }).or(page.getByText('Incidents').first())).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create New Incident' })).toHaveCount(0);
  const status = await page.evaluate(async () => {
    const csrf =
      document.cookie
        .split('; ')
        .find((c) => c.startsWith('console_csrf='))
        ?.split('=')[1] ?? '';
    const res = await fetch('/api/incidents', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
      body: JSON.stringify({ title: 'nope', severity: 'low', type: 'availability' }),
    });
    return res.status;
  });
  expect(status).toBe(403);
});
