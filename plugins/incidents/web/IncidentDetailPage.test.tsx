import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { PluginRegistry, PluginRegistryProvider } from '@web/core/plugin-host';
import { TestProviders, signedIn } from '@web/core/testing/TestProviders';
import { FIELD_UPDATE_DEBOUNCE_MS } from './IncidentDetails';
import IncidentDetailPage from './IncidentDetailPage';
import { incidentDetailKey, incidentHistoryKey } from './incidentsApi';
import { calls, incident, jsonResponse } from './testFixtures';

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(() => jsonResponse(200, {}));
  globalThis.fetch = fetchMock;
});

function openPage(id: string, found: boolean) {
  render(
    <MemoryRouter initialEntries={[`/incidents/${id}`]}>
      <TestProviders responses={signedIn(['commander'], { [incidentDetailKey(id)]: found ? [incident] : [], [incidentHistoryKey(id)]: [] })}>
        <PluginRegistryProvider registry={new PluginRegistry([])}>
          <Routes>
            <Route path="/incidents/:id" element={<IncidentDetailPage />} />
          </Routes>
        </PluginRegistryProvider>
      </TestProviders>
    </MemoryRouter>,
  );
}

describe('IncidentDetailPage', () => {
  it("says 'Incident not found' for an unknown id, with the breadcrumb back", async () => {
    openPage('nope', false);
    expect(await screen.findByText('Incident not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Incidents' })).toHaveAttribute('href', '/incidents');
  });

  it('shows the tabs and the side panel with Details open', async () => {
    openPage('i1', true);
    expect(await screen.findByRole('heading', { name: 'Site is down' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Comments' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Action Plan' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Details' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Definition of done' })).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(screen.getByRole('button', { name: 'Changelog' }));
    expect(screen.getByRole('button', { name: 'Details' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Changelog' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('saves severity and type together 500 ms after the last change', async () => {
    openPage('i1', true);
    const severity = await screen.findByRole('combobox', { name: 'Severity' });
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      fireEvent.change(severity, { target: { value: 'critical' } });
      fireEvent.change(screen.getByRole('combobox', { name: 'Type' }), { target: { value: 'security' } });
      await act(async () => jest.advanceTimersByTime(FIELD_UPDATE_DEBOUNCE_MS - 1));
      expect(fetchMock).not.toHaveBeenCalled();
      await act(async () => jest.advanceTimersByTime(1));
      expect(calls(fetchMock)).toEqual([['/api/db/incidents?id=eq.i1', 'PATCH', { severity: 'critical', type: 'security' }]]);
    } finally {
      jest.useRealTimers();
    }
  });
});
