import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { NotificationRule, Role } from '@contracts';
import { currentLocation, renderAt } from '@web/core/testing/renderAt';
import { stubFetch } from '@web/core/testing/stubFetch';
import RulesPage from './RulesPage';
import { PEOPLE, TEAMS, ruleRow } from './testing';

const rules = [
  ruleRow(),
  ruleRow({
    id: 'r2',
    name: 'config-health',
    title: null,
    events: ['config.unhealthy', 'config.warning'],
    person_id: null,
    custom_services: [{ name: 'ops-slack', url: 'slack://xoxb-1@alerts' }],
    avg_duration_ms: 65_000,
    error: 'slack: invalid token',
    created_by: 'p2',
  }),
];

interface OpenOptions {
  roles?: Role[];
  rows?: NotificationRule[];
  total?: number;
}

function open(url: string, { roles = ['editor'], rows = rules, total = rows.length }: OpenOptions = {}) {
  const api = stubFetch([
    ['GET /api/notifications/rules/r2', rules[1]],
    ['GET /api/notifications/rules', { data: rows, totalEntries: total }],
    ['/api/db/people', PEOPLE],
    ['/api/db/teams', TEAMS],
    ['/api/notifications/channels', [{ type: 'slack', label: 'Slack', schemes: ['slack'], connectionTypes: ['slack'] }]],
  ]);
  renderAt(url, [{ path: '/notifications/rules', element: <RulesPage /> }], { roles });
  return api;
}

const listQuery = (api: ReturnType<typeof stubFetch>) => new URL(api.last('GET /api/notifications/rules')!.url, 'http://x').searchParams;
const cell = (text: string) => screen.findByText(text, { selector: '[role=gridcell] *, [role=gridcell]' });

describe('/notifications/rules', () => {
  it('lists the rules of the API with their counts, creator and recipients, page 0 of 50 sorted by name', async () => {
    const api = open('/notifications/rules');
    expect(await cell('prod-check-failures')).toBeInTheDocument();
    for (const header of [
      'Name',
      'Events',
      'Title',
      'Recipients',
      'Sent',
      'Failed',
      'Pending',
      'Avg duration',
      'Most common error',
      'Error',
      'Created By',
      'Created At',
      'Updated At',
    ]) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(Object.fromEntries(listQuery(api))).toEqual({ pageIndex: '0', pageSize: '50', sortBy: 'name', sortOrder: 'asc' });
    expect(screen.getByText('config.warning')).toBeInTheDocument();
    expect(screen.getByText('slack: invalid token')).toBeInTheDocument();
    expect(screen.getByText('250ms')).toBeInTheDocument();
    expect(screen.getByText('1m 5s')).toBeInTheDocument();
    expect(await cell('Ivy Chen')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Person: Dana Ruiz' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'ops-slack (Slack)' })).toBeInTheDocument();
  });

  it('opens a rule on a row click through ?id=', async () => {
    open('/notifications/rules');
    fireEvent.click(await cell('config-health'));
    await waitFor(() => expect(currentLocation()).toBe('/notifications/rules?id=r2'));
    expect(await screen.findByDisplayValue('config-health')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('opens the rule a shared /notifications/rules?id= link names, and closing drops the id', async () => {
    const api = open('/notifications/rules?id=r2');
    expect(await screen.findByDisplayValue('config-health')).toBeInTheDocument();
    const dialog = screen.getByRole('dialog');
    expect(api.to('GET /api/notifications/rules/r2')).toHaveLength(1);
    expect(within(dialog).getByDisplayValue('slack://xoxb-1@alerts')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(currentLocation()).toBe('/notifications/rules'));
  });

  it('reads the page and sort from the URL and writes a header click back', async () => {
    const api = open('/notifications/rules?pageIndex=2&pageSize=25&sortBy=failed&sortOrder=desc', { total: 120 });
    await cell('prod-check-failures');
    expect(Object.fromEntries(listQuery(api))).toEqual({ pageIndex: '2', pageSize: '25', sortBy: 'failed', sortOrder: 'desc' });
    fireEvent.click(within(screen.getByRole('columnheader', { name: 'Pending' })).getByText('Pending'));
    await waitFor(() => expect(currentLocation()).toBe('/notifications/rules?pageSize=25&sortBy=pending'));
    await waitFor(() => expect(listQuery(api).get('sortBy')).toBe('pending'));
    expect(listQuery(api).get('pageIndex')).toBe('0');
  });

  it("says 'No data available' when there are no rules", async () => {
    open('/notifications/rules', { rows: [] });
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });

  it('offers Add Rule to writers only', async () => {
    open('/notifications/rules', { roles: ['viewer'] });
    expect(await cell('prod-check-failures')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Rule' })).not.toBeInTheDocument();
  });

  it('opens an empty form from Add Rule', async () => {
    open('/notifications/rules');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Rule' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue('');
    expect(currentLocation()).toBe('/notifications/rules');
  });
});
