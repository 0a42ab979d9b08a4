import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { TestProviders, signedIn } from '@web/core/testing/TestProviders';
import { IncidentContext } from './IncidentContext';
import { IncidentStatusActions } from './IncidentStatusActions';
import { calls, incident, jsonResponse } from './testFixtures';
import type { Incident } from './types';

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(() => jsonResponse(200, {}));
  globalThis.fetch = fetchMock;
});

function renderActions(current: Incident = incident, role: 'responder' | 'viewer' = 'responder') {
  const refresh = jest.fn(() => Promise.resolve());
  render(
    <TestProviders responses={signedIn([role])}>
      <IncidentContext.Provider value={{ incident: current, refresh }}>
        <IncidentStatusActions />
      </IncidentContext.Provider>
    </TestProviders>,
  );
  return { refresh };
}

async function chooseStatus(status: string) {
  const select = await screen.findByRole('combobox', { name: 'Status' });
  await waitFor(() => expect(select).not.toBeDisabled());
  fireEvent.change(select, { target: { value: status } });
}

const factorsDialog = () => screen.findByRole('dialog', { name: 'Add contributing factors to definition of done' });

describe('IncidentStatusActions', () => {
  it('offers only closed and open when the incident is closed', async () => {
    renderActions({ ...incident, status: 'closed' });
    const select = await screen.findByRole('combobox', { name: 'Status' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['closed', 'open']);
    expect(screen.getByRole('button', { name: 'Reopen' })).toBeInTheDocument();
  });

  it('sets other statuses at once and says so', async () => {
    renderActions();
    await chooseStatus('investigating');
    expect(await screen.findByText('Incident status updated successfully')).toBeInTheDocument();
    expect(calls(fetchMock)).toEqual([['/api/incidents/i1/status', 'PATCH', { status: 'investigating' }]]);
  });

  it('Cancel leaves the status unchanged', async () => {
    renderActions();
    await chooseStatus('mitigated');
    const dialog = await factorsDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('Skip sets the status only', async () => {
    renderActions();
    await chooseStatus('resolved');
    fireEvent.click(within(await factorsDialog()).getByRole('button', { name: 'Skip', hidden: true }));
    expect(await screen.findByText('Incident status updated successfully')).toBeInTheDocument();
    expect(calls(fetchMock)).toEqual([['/api/incidents/i1/status', 'PATCH', { status: 'resolved' }]]);
  });

  it('Submit needs at least one evidence, then sets the status with the chosen evidence added to the definition of done', async () => {
    renderActions();
    await chooseStatus('mitigated');
    const dialog = await factorsDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit', hidden: true }));
    expect(await within(dialog).findByText('Please select atleast one evidence')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'nginx config', hidden: true }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit', hidden: true }));
    expect(await screen.findByText('Incident status updated successfully')).toBeInTheDocument();
    expect(calls(fetchMock)).toEqual([['/api/incidents/i1/status', 'PATCH', { status: 'mitigated', definition_of_done: ['e1'] }]]);
  });

  it('gives a viewer no way to change the status', async () => {
    renderActions(incident, 'viewer');
    expect(await screen.findByRole('combobox', { name: 'Status' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });

  it('reports a refused change', async () => {
    fetchMock.mockImplementation(() => jsonResponse(400, { statusCode: 400, message: 'Cannot change incident status from open to new' }));
    renderActions();
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(await screen.findByText('Incident status updated failed')).toBeInTheDocument();
    expect(calls(fetchMock)).toEqual([['/api/incidents/i1/status', 'PATCH', { status: 'closed' }]]);
  });
});
