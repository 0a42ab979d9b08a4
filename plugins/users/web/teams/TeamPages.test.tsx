import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Role } from '@contracts';
import { useFetchMock } from '@web/core/editor/testing';
import { jsonResponse } from '@web/core/testing/jsonResponse';
import { PluginRegistry, PluginRegistryProvider } from '@web/core/plugin-host';
import SettingsDetailRoute from '@web/core/settings/SettingsDetailRoute';
import SettingsListRoute from '@web/core/settings/SettingsListRoute';
import { settingsResourceKey } from '@web/core/settings/settingsApi';
import { TestProviders, signedIn } from '@web/core/testing/TestProviders';
import usersPlugin from '../index';
import { teamMembersKey } from './teamsApi';

jest.mock('@web/core/editor/YamlEditor', () => jest.requireActual('@web/core/editor/testing').textareaYamlEditor);

const fetchMock = useFetchMock();
const TEAM_ID = '11111111-2222-4333-8444-555555555555';
const team = { id: TEAM_ID, name: 'SRE', icon: 'kubernetes', spec: {}, source: 'UI', created_at: '2026-01-01T00:00:00Z', updated_at: null, created_by: null };

function openAt(url: string, roles: Role[] = ['admin']) {
  const responses = signedIn(roles, { [settingsResourceKey('teams', TEAM_ID)]: [team], [teamMembersKey(TEAM_ID)]: [] });
  render(
    <MemoryRouter initialEntries={[url]}>
      <TestProviders responses={responses}>
        <PluginRegistryProvider registry={new PluginRegistry([usersPlugin])}>
          <Routes>
            <Route path="/settings/teams" element={<SettingsListRoute />} />
            <Route path="/settings/teams/:id" element={<SettingsDetailRoute />} />
          </Routes>
        </PluginRegistryProvider>
      </TestProviders>
    </MemoryRouter>,
  );
}

describe('team pages', () => {
  beforeEach(() => fetchMock.mockImplementation(() => jsonResponse(200, [team], { 'content-range': '0-0/1' })));

  it('lists teams from teams_with_status with Add for admins', async () => {
    openAt('/settings/teams');
    expect(await screen.findByText('SRE')).toBeInTheDocument();
    expect(new URL(fetchMock.mock.calls[0][0], 'http://x').pathname).toBe('/api/db/teams_with_status');
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
  });

  it('hides Add from editors, who may not write identities', async () => {
    openAt('/settings/teams', ['editor']);
    expect(await screen.findByText('SRE')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
  });

  it('has the tabs Spec, Members, Components and Job History; manageTeam opens Members', async () => {
    openAt(`/settings/teams/${TEAM_ID}?tab=manageTeam`);
    expect(await screen.findByText("You haven't added any team members to the team yet.")).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab');
    expect(tabs).toHaveLength(4);
    ['Spec', 'Members', 'Components', 'Job History'].forEach((name, index) => expect(tabs[index]).toBe(screen.getByRole('tab', { name })));
    expect(screen.getByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(screen.getByRole('tab', { name: 'Spec' }));
    expect(await screen.findByRole('button', { name: 'Update' })).toBeInTheDocument();
  });
});
