import { expect, test, type Page } from '@playwright/test';
import { api, signIn } from './helpers';
import { E2E_USERS } from './users';

/**
 * Issue 14 administration journeys in the built console: the Job History page over runs its scheduler really made
 * (two topologies, one that runs clean and one that warns), its Status filter in the URL and a run's details; a team
 * made under Settings → Teams whose Members tab adds and removes people with the spec's messages.
 */

const topologyYaml = (name: string, components: string[]) => `apiVersion: canaries.flanksource.com/v1
kind: Topology
metadata:
  name: ${name}
  namespace: default
spec:
  schedule: '@every 1h'
  type: Application
  components:
${components.map((component) => `    - name: ${component}\n      type: Service`).join('\n')}
`;

/** A topology through the API; its first run is due at once. Answers its id once that run has ended. */
async function topologyRun(page: Page, name: string, components: string[]): Promise<string> {
  const topology = await api<{ id: string }>(page, 'POST', '/api/topologies', { yaml: topologyYaml(name, components) });
  await expect
    .poll(
      async () =>
        (await api<{ status: string }[]>(page, 'GET', `/api/db/job_history?resource_id=eq.${topology.id}&resource_type=eq.topology&select=status`)).filter(
          (run) => run.status !== 'RUNNING',
        ).length,
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  return topology.id;
}

test('job history: the Status filter follows the URL and the rows; a run opens its details', async ({ page }) => {
  await signIn(page, 'admin');
  const tag = Date.now();
  const clean = `e2e-jobs-clean-${tag}`;
  const warned = `e2e-jobs-warned-${tag}`;
  await topologyRun(page, clean, ['api']);
  // The same component twice under one parent: the run keeps both and warns.
  await topologyRun(page, warned, ['api', 'api']);

  const rows = page.getByTestId('job-history-row');
  const row = (resource: string) => rows.filter({ hasText: resource });

  // Settings → Job History: by default successful runs are left out (status SUCCESS:-1).
  await page.goto('/settings/jobs');
  await expect(page.getByRole('group', { name: 'Job filters' })).toBeVisible();
  await expect(row(warned)).toHaveCount(1);
  await expect(row(warned)).toContainText('WARNING');
  await expect(row(warned)).toContainText('TopologySync');
  await expect(row(clean)).toHaveCount(0);
  const success = page.getByRole('group', { name: 'Status' }).getByRole('button', { name: /^SUCCESS/ });
  await expect(success).toHaveAttribute('data-state', '-1');

  // SUCCESS: exclude → none: every status; the URL says so.
  await success.click();
  await expect(success).toHaveAttribute('data-state', '0');
  await expect(page).toHaveURL(/[?&]status=(&|$)/);
  await expect(row(clean)).toHaveCount(1);
  await expect(row(warned)).toHaveCount(1);

  // none → include: only successful runs.
  await success.click();
  await expect(page).toHaveURL(/[?&]status=SUCCESS(%3A|:)1(&|$)/);
  await expect(row(clean)).toHaveCount(1);
  await expect(row(clean)).toContainText('SUCCESS');
  await expect(row(warned)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('job-history-success.png'), fullPage: true });

  // The URL is the page's state: a reload keeps the filter.
  await page.reload();
  await expect(page.getByRole('group', { name: 'Status' }).getByRole('button', { name: /^SUCCESS/ })).toHaveAttribute('data-state', '1');
  await expect(row(clean)).toHaveCount(1);
  await expect(row(warned)).toHaveCount(0);

  // The clean run's details: its reconcile summary.
  await row(clean).getByText('TopologySync').click();
  let details = page.getByRole('dialog', { name: `TopologySync: ${clean}` });
  await expect(details).toBeVisible();
  await expect(details.getByRole('tab', { name: 'Reconcile Summary' })).toBeVisible();
  await expect(details.getByRole('tab', { name: 'Errors' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(details).toHaveCount(0);

  // Back to every status; the warned run's details open on its errors.
  await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'All' }).click();
  await expect(row(warned)).toHaveCount(1);
  await row(warned).getByText('TopologySync').click();
  details = page.getByRole('dialog', { name: `TopologySync: ${warned}` });
  await expect(details.getByRole('tab', { name: 'Errors', selected: true })).toBeVisible();
  await expect(details.getByRole('tabpanel', { name: 'Errors' })).toContainText("component 'api' appears twice under the same parent");
  await expect(details.getByRole('tab', { name: 'Reconcile Summary' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('job-details.png') });
});

test('a team made under Settings → Teams: members added and removed on its Members tab', async ({ page }) => {
  await signIn(page, 'admin');
  const team = `e2e-team-${Date.now()}`;
  const eddie = E2E_USERS.editor.name;
  const vera = E2E_USERS.viewer.name;

  // Settings → Teams → Add: a name is all a team needs.
  await page.goto('/settings/teams');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/teams\/new$/);
  await page.getByLabel('Name').fill(team);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: `${team} created successfully` })).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/teams$/);
  await page.getByRole('row').filter({ hasText: team }).first().click();
  await page.waitForURL(/\/settings\/teams\/[0-9a-f-]{36}/);

  // Its Members tab (manageTeam): empty at first.
  await page.getByRole('tab', { name: 'Members' }).click();
  await expect(page).toHaveURL(/[?&]tab=manageTeam/);
  await expect(page.getByText("You haven't added any team members to the team yet.")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('team-empty.png') });

  // Add two people.
  await page.getByRole('button', { name: 'Add team members' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add team members' });
  await dialog.getByRole('checkbox', { name: eddie }).check();
  await dialog.getByRole('checkbox', { name: vera }).check();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: `${eddie}, ${vera} added to the team successfully` })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const members = page.getByRole('table', { name: 'Team members' });
  await expect(members.getByRole('row').filter({ hasText: eddie })).toContainText(E2E_USERS.editor.email);
  await expect(members.getByRole('row').filter({ hasText: vera })).toContainText(E2E_USERS.viewer.email);
  await expect(page.getByText("You haven't added any team members to the team yet.")).toHaveCount(0);

  // Remove one, after the confirmation.
  await members.getByRole('button', { name: `Remove ${vera}` }).click();
  await page.getByRole('alertdialog', { name: 'Remove team member' }).getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: `${vera} removed from team successfully` })).toBeVisible();
  await expect(members.getByRole('row').filter({ hasText: vera })).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('team-members.png') });

  // What the page shows is what was stored: a reload reads the same members.
  await page.reload();
  await expect(members.getByRole('row').filter({ hasText: eddie })).toBeVisible();
  await expect(members.getByRole('row').filter({ hasText: vera })).toHaveCount(0);
});
