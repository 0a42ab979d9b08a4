import { fireEvent, screen } from '@testing-library/react';
import type { Role } from '@contracts';
import type { WebPlugin } from '@web/core/plugin-host';
import { ConfigPlaybooksTab } from './ConfigPlaybooksTab';
import { currentLocation, renderAt, stubFetch } from '../testing';

const runs = [
  {
    id: 'r1',
    status: 'completed',
    start_time: '2026-01-02T10:00:00Z',
    end_time: '2026-01-02T10:01:00Z',
    created_at: '2026-01-02T10:00:00Z',
    playbook: { id: 'p1', name: 'restart', title: 'Restart deployment' },
  },
  { id: 'r2', status: 'failed', start_time: null, end_time: null, created_at: '2026-01-01T10:00:00Z', playbook: { id: 'p2', name: 'scale', title: null } },
];

/** The playbooks plugin's contribution as the registry sees it, with a stand-in for its button. */
const playbooksPlugin = (received: unknown[]): WebPlugin => ({
  manifest: { id: 'playbooks', title: 'Playbooks', feature: 'playbooks' },
  register(ctx) {
    ctx.add('playbooks.runButton', {
      id: 'playbooks',
      permission: { resource: 'playbook_runs', action: 'write' },
      load: async () => ({
        default: (props: unknown) => {
          received.push(props);
          return <button type="button">Run a playbook</button>;
        },
      }),
    });
  },
});

function open(roles: Role[], plugins: WebPlugin[] = []) {
  const api = stubFetch([['/api/db/playbook_runs', runs]]);
  renderAt(
    '/catalog/c1/playbooks',
    [
      { path: '/catalog/:id/:tab', element: <ConfigPlaybooksTab configId="c1" configName="web" /> },
      { path: '/playbooks/runs/:id', element: null },
    ],
    { roles, plugins },
  );
  return api;
}

describe('config Playbooks tab', () => {
  it("lists the config's runs newest first, each linking to its run page", async () => {
    const api = open(['viewer']);
    const link = await screen.findByRole('link', { name: 'Restart deployment' });
    expect(link).toHaveAttribute('href', '/playbooks/runs/r1');
    expect(screen.getByRole('link', { name: 'scale' })).toHaveAttribute('href', '/playbooks/runs/r2');
    const query = new URL(api.last('/api/db/playbook_runs')!.url, 'http://x').searchParams;
    expect(query.get('config_id')).toBe('eq.c1');
    expect(query.get('order')).toBe('created_at.desc');
    fireEvent.click(link);
    expect(currentLocation()).toBe('/playbooks/runs/r1');
  });

  it('places the run button on the config above the runs for a user who may run playbooks', async () => {
    const received: unknown[] = [];
    open(['editor'], [playbooksPlugin(received)]);
    expect(await screen.findByRole('button', { name: 'Run a playbook' })).toBeInTheDocument();
    expect(received.at(-1)).toEqual({ resource: { kind: 'config', id: 'c1', name: 'web' }, appearance: 'toolbar' });
  });

  it('shows no run button to a viewer', async () => {
    const received: unknown[] = [];
    open(['viewer'], [playbooksPlugin(received)]);
    expect(await screen.findByRole('link', { name: 'Restart deployment' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run a playbook' })).not.toBeInTheDocument();
    expect(received).toHaveLength(0);
  });
});
