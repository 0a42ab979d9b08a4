import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { TestProviders } from '@web/core/testing/TestProviders';
import { AddResponderDialog, type NewResponder, PEOPLE_KEY, TEAMS_KEY } from './AddResponderDialog';
import type { ResponderTypeOption } from './responderTypes';
import { jsonResponse } from './testFixtures';

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(() => jsonResponse(200, [{ value: 'OPS', label: 'Operations' }]));
  globalThis.fetch = fetchMock;
});

const teams = [
  {
    id: 't1',
    name: 'SRE',
    spec: {
      responder_clients: {
        jira: { values: { instance: 'main' }, defaults: { summary: '[{{incident.incident_id}}] {{incident.title}}', project: 'OPS' } },
      },
    },
  },
  { id: 't2', name: 'Empty team', spec: {} },
];
const people = [{ id: 'p1', name: 'Ada Lovelace', avatar: null }];
const registeredTypes: ResponderTypeOption[] = [
  { id: 'email', label: 'Email', fields: [{ name: 'to', label: 'To', kind: 'text' }] },
  {
    id: 'jira',
    label: 'Jira',
    fields: [
      { name: 'instance', label: 'Instance', kind: 'select', optionsKey: 'jira.instances' },
      { name: 'project', label: 'Project', kind: 'select', optionsKey: 'jira.projects', dependsOn: ['instance'] },
      { name: 'summary', label: 'Summary', kind: 'text' },
      { name: 'description', label: 'Description', kind: 'textarea' },
    ],
  },
];

function openDialog(onSave = jest.fn<Promise<void>, [NewResponder]>(() => Promise.resolve())) {
  const onClose = jest.fn();
  const view = render(
    <TestProviders responses={{ [TEAMS_KEY]: teams, [PEOPLE_KEY]: people }}>
      <AddResponderDialog
        open
        incident={{ id: 'i1', incident_id: 'INC0000001', title: 'Site is down' }}
        registeredTypes={registeredTypes}
        onClose={onClose}
        onSave={onSave}
      />
    </TestProviders>,
  );
  return { onSave, onClose, view };
}

const button = (name: string) => screen.getByRole('button', { name, hidden: true });
const select = (name: string) => screen.getByRole('combobox', { name, hidden: true });

async function chooseTeam(id: string) {
  await waitFor(() => expect(screen.getAllByRole('option', { name: 'SRE', hidden: true }).length).toBeGreaterThan(0));
  fireEvent.change(select('Team'), { target: { value: id } });
}

describe('AddResponderDialog', () => {
  it('keeps Next disabled until a team is chosen', async () => {
    openDialog();
    expect(await screen.findByText('Select Responder')).toBeInTheDocument();
    expect(button('Next')).toBeDisabled();
    await chooseTeam('t1');
    expect(button('Next')).toBeEnabled();
  });

  it('adds a person directly, and choosing a person clears the team', async () => {
    let finish: () => void = () => undefined;
    const onSave = jest.fn<Promise<void>, [NewResponder]>(() => new Promise((resolve) => (finish = resolve)));
    const { onClose } = openDialog(onSave);
    await chooseTeam('t1');
    await waitFor(() => expect(screen.getAllByRole('option', { name: 'Ada Lovelace', hidden: true }).length).toBe(1));
    fireEvent.change(select('Person'), { target: { value: 'p1' } });
    expect(select('Team')).toHaveValue('');
    fireEvent.click(button('Add'));
    expect(await screen.findByRole('button', { name: 'Adding ...', hidden: true })).toBeDisabled();
    expect(onSave).toHaveBeenCalledWith({ person_id: 'p1', type: 'person', properties: { responderType: 'person' } });
    await act(async () => finish());
    expect(onClose).toHaveBeenCalled();
  });

  it('says so when a team offers no responder types', async () => {
    openDialog();
    await chooseTeam('t2');
    fireEvent.click(button('Next'));
    expect(await screen.findByText('There were no responders configured for this team')).toBeInTheDocument();
    expect(button('Next')).toBeDisabled();
  });

  it('offers the team types, fills the templated defaults and requires every field', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const { onSave } = openDialog();
      await chooseTeam('t1');
      fireEvent.click(button('Next'));
      expect(await screen.findByText('Responder Type')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Email', hidden: true })).not.toBeInTheDocument();
      fireEvent.click(button('Jira'));
      fireEvent.click(button('Next'));
      expect(await screen.findByText('Save Team Responder')).toBeInTheDocument();
      // The click that showed the form did not also submit it.
      expect(screen.queryByText('Please provide valid value')).not.toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: /Summary/, hidden: true })).toHaveValue('[INC0000001] Site is down');
      expect(select('Instance')).toBeDisabled();

      fireEvent.click(button('Save'));
      expect(await screen.findByText('Please provide valid value')).toBeInTheDocument();
      expect(onSave).not.toHaveBeenCalled();

      // Option lookups wait 500 ms for their inputs to settle.
      await act(async () => jest.advanceTimersByTime(500));
      const lookups = fetchMock.mock.calls.map(([url]: [string]) => url);
      expect(lookups).toContain('/api/incidents/responder-options/jira/jira.projects?instance=main');

      fireEvent.change(screen.getByRole('textbox', { name: /Description/, hidden: true }), { target: { value: 'Please look' } });
      fireEvent.click(button('Save'));
      await waitFor(() =>
        expect(onSave).toHaveBeenCalledWith({
          team_id: 't1',
          type: 'system',
          properties: { responderType: 'jira', instance: 'main', project: 'OPS', summary: '[INC0000001] Site is down', description: 'Please look' },
        }),
      );
    } finally {
      jest.useRealTimers();
    }
  });

  it('starts over when it is opened again', async () => {
    const { view } = openDialog();
    await chooseTeam('t1');
    fireEvent.click(button('Next'));
    expect(await screen.findByText('Responder Type')).toBeInTheDocument();
    const again = (open: boolean) => (
      <TestProviders responses={{ [TEAMS_KEY]: teams, [PEOPLE_KEY]: people }}>
        <AddResponderDialog open={open} incident={{}} registeredTypes={registeredTypes} onClose={jest.fn()} onSave={jest.fn()} />
      </TestProviders>
    );
    view.rerender(again(false));
    view.rerender(again(true));
    expect(await screen.findByText('Select Responder')).toBeInTheDocument();
    await waitFor(() => expect(select('Team')).toHaveValue(''));
  });

  it('goes back a step with Back', async () => {
    openDialog();
    await chooseTeam('t1');
    fireEvent.click(button('Next'));
    expect(await screen.findByText('Responder Type')).toBeInTheDocument();
    fireEvent.click(button('Back'));
    expect(await screen.findByText('Select Responder')).toBeInTheDocument();
    expect(select('Team')).toHaveValue('t1');
  });
});
