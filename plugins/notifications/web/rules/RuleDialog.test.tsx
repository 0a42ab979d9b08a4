import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Chat20Regular } from '@fluentui/react-icons';
import { NOTIFICATION_MESSAGES, type NotificationRule, type Role } from '@contracts';
import { definePlugin } from '@web/core/plugin-host';
import { renderAt } from '@web/core/testing/renderAt';
import { type Answer, type Call, reply, stubFetch } from '@web/core/testing/stubFetch';
import { DURATION_FORMAT_MESSAGE } from '../shared/duration';
import { RuleDialog } from './RuleDialog';
import { PEOPLE_DELIVERY_HINT } from './RecipientsSection';
import { PROPERTIES_MESSAGE } from './ruleForm';
import { PEOPLE, TEAMS, ruleRow } from './testing';

const chatPlugin = definePlugin({
  manifest: { id: 'notify-chat', title: 'Chat' },
  register(ctx) {
    ctx.add('notifications.channels', { id: 'chat', label: 'Chat', icon: Chat20Regular, urlExample: 'chat://token@room', connectionTypes: ['chat'] });
  },
});

const PREVIEW = { title: 'Check api-health failed', body: '**api-health** is down', html: '<p><strong>api-health</strong> is down</p>' };

function openDialog({ rule = null as NotificationRule | null, roles = ['editor'] as Role[], routes = [] as [string, Answer][] } = {}) {
  const onClose = jest.fn();
  const onChanged = jest.fn();
  const api = stubFetch([
    ...routes,
    ...(rule ? ([[`GET /api/notifications/rules/${rule.id}`, rule]] as [string, Answer][]) : []),
    ['/api/db/people', PEOPLE],
    ['/api/db/teams', TEAMS],
    ['/api/notifications/channels', [{ type: 'chat', label: 'Chat', schemes: ['chat'], connectionTypes: ['chat'] }]],
    ['POST /api/notifications/rules/validate-filter', { ok: true }],
    ['POST /api/notifications/rules/preview', PREVIEW],
  ]);
  renderAt(
    '/notifications/rules',
    [
      {
        path: '/notifications/rules',
        element: (
          <RuleDialog ruleId={rule?.id ?? null} canWrite={roles.includes('editor') || roles.includes('admin')} onClose={onClose} onChanged={onChanged} />
        ),
      },
    ],
    { roles, plugins: [chatPlugin] },
  );
  return { api, onClose, onChanged };
}

const textbox = (name: RegExp) => screen.getByRole('textbox', { name });
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: /^(Save|Update)$/ }));

async function pickEvent(event: string) {
  fireEvent.click(screen.getByRole('combobox', { name: /Events/ }));
  // A multiselect's options are menu item checkboxes, in a portal outside the modal dialog (so aria-hidden).
  fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: event, hidden: true }));
}

async function pickPerson(label: string) {
  const select = screen.getByRole('combobox', { name: /Person/ });
  await within(select).findByRole('option', { name: label });
  fireEvent.change(select, { target: { value: PEOPLE.find((p) => label.startsWith(p.name))!.id } });
}

describe('RuleDialog', () => {
  it('asks for a name, events and a recipient before sending anything', async () => {
    const { api } = openDialog();
    save();
    expect(await screen.findByText(NOTIFICATION_MESSAGES.eventsRequired)).toBeInTheDocument();
    expect(screen.getAllByText(NOTIFICATION_MESSAGES.required)).toHaveLength(2); // Name and Person
    expect(api.to('POST /api/notifications/rules')).toHaveLength(0);
  });

  it('says how a person or a team is reached: email with an smtp connection, else the bell only', async () => {
    openDialog();
    expect(await screen.findByText(PEOPLE_DELIVERY_HINT)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'Team' }));
    expect(await screen.findByText(`Each member of the team. ${PEOPLE_DELIVERY_HINT}`)).toBeInTheDocument();
  });

  it('checks Wait For: too short, not a duration, and a preset', async () => {
    openDialog();
    const waitFor_ = screen.getByRole('combobox', { name: /Wait For/ });
    type(waitFor_, '30s');
    save();
    expect(await screen.findByText(NOTIFICATION_MESSAGES.durationTooShort)).toBeInTheDocument();
    type(waitFor_, 'soon');
    expect(await screen.findByText(DURATION_FORMAT_MESSAGE)).toBeInTheDocument();
    fireEvent.click(waitFor_);
    fireEvent.click(await screen.findByRole('option', { name: '15m' }));
    await waitFor(() => expect(screen.queryByText(DURATION_FORMAT_MESSAGE)).not.toBeInTheDocument());
    expect(waitFor_).toHaveValue('15m');
  });

  it('wants Properties to be a JSON object of text values', async () => {
    openDialog();
    const properties = textbox(/^Properties/);
    type(properties, '{"priority": 1}');
    save();
    expect(await screen.findByText(PROPERTIES_MESSAGE)).toBeInTheDocument();
    type(properties, 'not json');
    expect(await screen.findByText(PROPERTIES_MESSAGE)).toBeInTheDocument();
    type(properties, '{"priority": "P1"}');
    await waitFor(() => expect(screen.queryByText(PROPERTIES_MESSAGE)).not.toBeInTheDocument());
  });

  it('validates the CEL filter as it is typed, against the chosen events, and shows the error under it', async () => {
    const { api } = openDialog({
      routes: [
        [
          'POST /api/notifications/rules/validate-filter',
          (call: Call) => ((call.body as { filter: string }).filter.includes('foo') ? { ok: false, error: "undeclared reference to 'foo'" } : { ok: true }),
        ],
      ],
    });
    await pickEvent('check.failed');
    type(textbox(/Filter/), 'foo == 1');
    expect(await screen.findByText("undeclared reference to 'foo'")).toBeInTheDocument();
    expect(api.last('POST /api/notifications/rules/validate-filter')?.body).toEqual({ filter: 'foo == 1', events: ['check.failed'] });
    type(textbox(/Filter/), 'check.status == "unhealthy"');
    expect(await screen.findByText('Valid filter')).toBeInTheDocument();
    expect(screen.queryByText("undeclared reference to 'foo'")).not.toBeInTheDocument();
  });

  it('previews the title and template against a sample of the first event, as HTML in a sandboxed frame', async () => {
    const { api } = openDialog();
    expect(screen.getByText('Choose an event to preview the message.')).toBeInTheDocument();
    await pickEvent('check.failed');
    type(textbox(/^Title/), '{{.check.name}} failed');
    type(textbox(/^Template/), '**{{.check.name}}** is down');
    const frame = await screen.findByTitle('Message preview');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain(PREVIEW.html);
    expect(screen.getByTestId('preview-title')).toHaveTextContent(PREVIEW.title);
    await waitFor(() =>
      expect(api.last('POST /api/notifications/rules/preview')?.body).toEqual({
        event: 'check.failed',
        title: '{{.check.name}} failed',
        template: '**{{.check.name}}** is down',
      }),
    );
  });

  it("shows the gateway's 400 in the form and under its field, and keeps everything typed", async () => {
    const { api, onClose } = openDialog({
      routes: [['POST /api/notifications/rules', reply(400, { statusCode: 400, message: "filter: undeclared reference to 'nope'" })]],
    });
    type(textbox(/^Name/), 'check-alerts');
    await pickEvent('check.failed');
    type(textbox(/Filter/), 'nope');
    type(screen.getByRole('combobox', { name: /Wait For/ }), '5m');
    type(textbox(/^Properties/), '{"priority": "P1"}');
    await pickPerson('Dana Ruiz (dana@example.com)');
    save();
    expect(await screen.findByTestId('rule-form-error')).toHaveTextContent("filter: undeclared reference to 'nope'");
    expect(screen.getByText("undeclared reference to 'nope'")).toBeInTheDocument();
    expect(api.last('POST /api/notifications/rules')?.body).toMatchObject({ name: 'check-alerts', filter: 'nope', wait_for: 300_000_000_000 });
    expect(onClose).not.toHaveBeenCalled();
    expect(textbox(/^Name/)).toHaveValue('check-alerts');
    expect(textbox(/Filter/)).toHaveValue('nope');
    expect(screen.getByRole('combobox', { name: /Wait For/ })).toHaveValue('5m');
    expect(textbox(/^Properties/)).toHaveValue('{"priority": "P1"}');
    expect(screen.getByRole('combobox', { name: /Events/ })).toHaveTextContent('check.failed');
    expect(screen.getByRole('combobox', { name: /Person/ })).toHaveValue('p1');
  });

  it('creates a rule for a person: one recipient kind, the others null, wait for in nanoseconds', async () => {
    const { api, onClose, onChanged } = openDialog({
      routes: [['POST /api/notifications/rules', (call: Call) => ({ ...ruleRow(), ...(call.body as object), id: 'new' })]],
    });
    type(textbox(/^Name/), 'check-alerts');
    await pickEvent('check.failed');
    await pickEvent('check.passed');
    fireEvent.change(screen.getByRole('combobox', { name: /Repeat Interval/ }), { target: { value: '6h' } });
    type(screen.getByRole('combobox', { name: /Wait For/ }), '1h30m');
    await pickPerson('Dana Ruiz (dana@example.com)');
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onChanged).toHaveBeenCalled();
    expect(api.last('POST /api/notifications/rules')?.body).toEqual({
      name: 'check-alerts',
      title: null,
      events: ['check.failed', 'check.passed'],
      filter: null,
      template: null,
      properties: {},
      repeat_interval: '6h',
      wait_for: 5_400_000_000_000,
      person_id: 'p1',
      team_id: null,
      custom_services: null,
    });
    expect((await screen.findByTestId('toast-success')).textContent).toBe('check-alerts created successfully');
  });

  it('sends Others recipients by URL or by connection with their properties', async () => {
    const { api, onClose } = openDialog({
      routes: [
        ['POST /api/notifications/rules', (call: Call) => ({ ...ruleRow(), ...(call.body as object) })],
        [
          '/api/connections',
          [
            { id: 'c1', name: 'ops-chat', namespace: 'default', type: 'chat' },
            { id: 'c2', name: 'db', namespace: 'default', type: 'postgres' },
          ],
        ],
      ],
    });
    type(textbox(/^Name/), 'to-chat');
    await pickEvent('config.unhealthy');
    fireEvent.click(screen.getByRole('radio', { name: 'Others' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add recipient' }));
    const first = screen.getByRole('group', { name: 'Recipient 1' });
    type(within(first).getByRole('textbox', { name: /^Name/ }), 'room');
    expect(within(first).getByRole('textbox', { name: /^URL/ })).toHaveAttribute('placeholder', 'chat://token@room');
    type(within(first).getByRole('textbox', { name: /^URL/ }), 'chat://t0k@ops');
    type(within(first).getByRole('textbox', { name: /^Properties/ }), '{"thread": "alerts"}');
    fireEvent.click(screen.getByRole('button', { name: 'Add recipient' }));
    const second = screen.getByRole('group', { name: 'Recipient 2' });
    type(within(second).getByRole('textbox', { name: /^Name/ }), 'stored');
    fireEvent.click(within(second).getByRole('radio', { name: 'Connection' }));
    const picker = within(second).getByRole('combobox', { name: /Connection/ });
    await within(picker).findByRole('option', { name: 'default/ops-chat (chat)' });
    expect(within(picker).queryByRole('option', { name: /postgres/ })).not.toBeInTheDocument();
    fireEvent.change(picker, { target: { value: 'connection://default/ops-chat' } });
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.last('POST /api/notifications/rules')?.body).toMatchObject({
      person_id: null,
      team_id: null,
      custom_services: [
        { name: 'room', url: 'chat://t0k@ops', properties: { thread: 'alerts' } },
        { name: 'stored', connection: 'connection://default/ops-chat', properties: {} },
      ],
    });
  });

  it("updates a rule with 'Notification updated successfully'", async () => {
    const rule = ruleRow({ team_id: 't1', person_id: null, wait_for: 600_000_000_000, repeat_interval: '1d', properties: { priority: 'P2' } });
    const { api, onClose } = openDialog({ rule, routes: [['PATCH /api/notifications/rules/r1', (call: Call) => ({ ...rule, ...(call.body as object) })]] });
    expect(await screen.findByDisplayValue('prod-check-failures')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Wait For/ })).toHaveValue('10m');
    expect(screen.getByRole('radio', { name: 'Team' })).toBeChecked();
    type(textbox(/^Title/), 'Changed');
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.last('PATCH /api/notifications/rules/r1')?.body).toMatchObject({
      title: 'Changed',
      team_id: 't1',
      person_id: null,
      wait_for: 600_000_000_000,
      repeat_interval: '1d',
      properties: { priority: 'P2' },
    });
    expect((await screen.findByTestId('toast-success')).textContent).toBe(NOTIFICATION_MESSAGES.ruleUpdated);
  });

  it('deletes a rule after confirmation', async () => {
    const { api, onClose } = openDialog({ rule: ruleRow(), routes: [['DELETE /api/notifications/rules/r1', reply(204)]] });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    // jsdom keeps the modalizer's aria-hidden on the nested confirmation.
    const confirm = await screen.findByRole('alertdialog', { hidden: true });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete', hidden: true }));
    await waitFor(() => expect(api.to('DELETE /api/notifications/rules/r1')).toHaveLength(1));
    expect((await screen.findByTestId('toast-success')).textContent).toBe('prod-check-failures deleted successfully');
    expect(onClose).toHaveBeenCalled();
  });

  it('shows a rule read-only to a viewer: no save, no delete, no write calls', async () => {
    const { api } = openDialog({ rule: ruleRow({ filter: 'check.status == "unhealthy"' }), roles: ['viewer'] });
    expect(await screen.findByDisplayValue('prod-check-failures')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Save|Update|Delete)$/ })).not.toBeInTheDocument();
    expect(api.calls.filter((call: Call) => call.method !== 'GET')).toHaveLength(0);
  });
});
