import { render, screen } from '@testing-library/react';
import { TestProviders } from '@web/core/testing/TestProviders';
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
});
