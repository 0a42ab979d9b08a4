import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { TestProviders } from '@web/core/testing/TestProviders';
import LinkToIncidentDialog, { LINK_INCIDENTS_KEY } from './LinkToIncidentDialog';
import { NEW } from './linkToIncidentForm';
import { calls, jsonResponse } from './testFixtures';

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
});

const incidents = [
  { id: 'i1', incident_id: 'INC0000001', title: 'Payments down', hypotheses: [{ id: 'h1', title: 'Payments down', type: 'root' }] },
  {
    id: 'i2',
    incident_id: 'INC0000002',
    title: 'Slow DB',
    hypotheses: [
      { id: 'h2', title: 'Disk', type: 'root' },
      { id: 'h3', title: 'Locks', type: 'factor' },
    ],
  },
];

function openDialog() {
  const onClose = jest.fn();
  render(
    <TestProviders responses={{ [LINK_INCIDENTS_KEY]: incidents }}>
      <LinkToIncidentDialog open onClose={onClose} evidence={{ type: 'config', config_id: 'c1', description: 'nginx' }} />
    </TestProviders>,
  );
  return onClose;
}

const button = (name: string) => screen.getByRole('button', { name, hidden: true });
const select = (name: string) => screen.getByRole('combobox', { name, hidden: true });

async function chooseIncident(value: string) {
  await waitFor(() => expect(screen.getAllByRole('option', { name: /INC0000002/, hidden: true })).toHaveLength(1));
  fireEvent.change(select('Incident'), { target: { value } });
}

describe('LinkToIncidentDialog', () => {
  it('requires an incident', async () => {
    openDialog();
    fireEvent.click(button('Link'));
    expect(await screen.findByText('Must select or create an incident')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('picks the only hypothesis of the chosen incident, and clears it when another incident is chosen', async () => {
    openDialog();
    await chooseIncident('i1');
    expect(select('Hypothesis')).toHaveValue('h1');
    await chooseIncident('i2');
    expect(select('Hypothesis')).toHaveValue('');
    fireEvent.click(button('Link'));
    expect(await screen.findByText('Must select or create a hypothesis')).toBeInTheDocument();
  });

  it('shows type and severity only for a new incident', async () => {
    openDialog();
    await chooseIncident('i1');
    expect(screen.queryByRole('combobox', { name: 'Type', hidden: true })).not.toBeInTheDocument();
    await chooseIncident(NEW);
    expect(select('Type')).toHaveValue('availability');
    expect(select('Severity')).toHaveValue('low');
    fireEvent.change(select('Severity'), { target: { value: '' } });
    fireEvent.change(select('Type'), { target: { value: '' } });
    fireEvent.change(screen.getByRole('textbox', { name: /New incident title/, hidden: true }), { target: { value: 'Outage' } });
    fireEvent.click(button('Link'));
    expect(await screen.findByText('Please select incident severity')).toBeInTheDocument();
    expect(screen.getByText('Please select an incident type')).toBeInTheDocument();
  });

  it('links, reading Linking.. while busy, then says so', async () => {
    let answer: () => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise((resolve) => (answer = () => resolve(jsonResponse(201, { incident_id: 'i1' })))));
    const onClose = openDialog();
    await chooseIncident('i1');
    fireEvent.click(button('Link'));
    expect(await screen.findByRole('button', { name: 'Linking..', hidden: true })).toBeDisabled();
    await act(async () => answer());
    expect(await screen.findByText('Linked to incident successfully')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledWith(true);
    expect(calls(fetchMock)).toEqual([
      [
        '/api/incidents/link',
        'POST',
        {
          incident_id: 'i1',
          new_incident: null,
          hypothesis_id: 'h1',
          new_hypothesis_title: null,
          evidence: { type: 'config', config_id: 'c1', description: 'nginx' },
        },
      ],
    ]);
  });

  it('stays open when linking fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockImplementation(() => jsonResponse(400, { statusCode: 400, message: 'Must select or create an incident' }));
    const onClose = openDialog();
    await chooseIncident('i1');
    fireEvent.click(button('Link'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(await screen.findByRole('button', { name: 'Link', hidden: true })).toBeEnabled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
