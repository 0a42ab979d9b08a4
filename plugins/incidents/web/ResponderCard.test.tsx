import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Role } from '@contracts';
import { TestProviders, signedIn } from '@web/core/testing/TestProviders';
import { ResponderCard } from './ResponderCard';
import type { Responder } from './types';

const responder: Responder = {
  id: 'r1',
  incident_id: 'i1',
  team_id: 't1',
  person_id: null,
  type: 'system',
  properties: { responderType: 'jira', project: 'OPS' },
  external_id: 'OPS-42',
  error: 'Jira answered 401',
  created_at: '2025-01-01T00:00:00Z',
  acknowledge_time: '2025-01-01T01:00:00Z',
  team: { id: 't1', name: 'SRE', spec: { responder_clients: { jira: { linkUrl: 'https://jira.example/browse/{{external_id}}' } } } },
};

describe('ResponderCard', () => {
  it('shows progress with the first unset step current, the external id as a link and the error', () => {
    render(
      <TestProviders>
        <ResponderCard responder={responder} canDelete={false} onDelete={jest.fn()} />
      </TestProviders>,
    );
    expect(screen.getByText('Resolved')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('link', { name: 'OPS-42' })).toHaveAttribute('href', 'https://jira.example/browse/OPS-42');
    expect(screen.getByRole('alert')).toHaveTextContent('Jira answered 401');
    expect(screen.queryByRole('button', { name: 'Delete responder' })).not.toBeInTheDocument();
  });

  it('never turns a script address into a link', () => {
    const team = { ...responder.team!, spec: { responder_clients: { jira: { linkUrl: '{{external_id}}' } } } };
    render(
      <TestProviders>
        <ResponderCard responder={{ ...responder, team, external_id: 'javascript:alert(1)' }} canDelete={false} onDelete={jest.fn()} />
      </TestProviders>,
    );
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText(/javascript:alert\(1\)/)).toBeInTheDocument();
  });

  const unconfigured: Responder = {
    ...responder,
    type: 'person',
    team: null,
    person: { id: 'p1', name: 'Ada', avatar: null },
    properties: { responderType: 'person' },
    external_id: null,
    error: 'Email delivery is not configured; ask an administrator',
    error_setting: '/settings/connections',
  };
  const renderAs = async (roles: Role[]) => {
    render(
      <TestProviders responses={signedIn(roles)}>
        <MemoryRouter>
          <ResponderCard responder={unconfigured} canDelete={false} onDelete={jest.fn()} />
        </MemoryRouter>
      </TestProviders>,
    );
    return screen.findByRole('status');
  };

  it('tells an operator in plain words that email is not set up, without an alarm or a settings link', async () => {
    const status = await renderAs(['responder']);
    expect(status).toHaveTextContent('Email delivery is not configured; ask an administrator');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(status).not.toHaveTextContent(/NOTIFY_SMTP_CONNECTION|smtp/i);
  });

  it('gives an admin the link to the setting that fixes it', async () => {
    await renderAs(['admin']);
    expect(await screen.findByRole('link', { name: 'Set it up in Settings → Connections' })).toHaveAttribute('href', '/settings/connections');
  });
});
