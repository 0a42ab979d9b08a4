import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PlaybookListItem } from '@contracts';
import { currentLocation, renderAt } from '@web/core/testing/renderAt';
import { stubFetch } from '@web/core/testing/stubFetch';
import PlaybookRunButton from './PlaybookRunButton';

const hidden = { hidden: true } as const;

const item = (values: Partial<PlaybookListItem> & Pick<PlaybookListItem, 'id' | 'name'>): PlaybookListItem => ({
  title: null,
  icon: null,
  description: null,
  category: 'Other',
  parameters: [],
  ...values,
});

function open(playbooks: PlaybookListItem[]) {
  const api = stubFetch([
    ['GET /api/playbook/list', playbooks],
    ['POST /api/playbook/p1/params', { params: [{ name: 'reason', label: 'Reason', type: 'text', default: 'deploy stuck' }] }],
    ['POST /api/playbook/run', { run_id: 'r7' }],
  ]);
  renderAt('/catalog/c1', [{ path: '/catalog/:id', element: <PlaybookRunButton resource={{ kind: 'config', id: 'c1', name: 'web' }} /> }]);
  return api;
}

describe('PlaybookRunButton', () => {
  it('lists the playbooks that apply to the resource; one opens the run dialog on it', async () => {
    const api = open([item({ id: 'p1', name: 'restart', title: 'Restart deployment' }), item({ id: 'p2', name: 'scale-up' })]);
    // Disabled while the list loads; a menu button once there are playbooks.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Playbooks' })).toHaveAttribute('aria-haspopup', 'menu'));
    fireEvent.click(screen.getByRole('button', { name: 'Playbooks' }));
    expect(api.to('GET /api/playbook/list')[0].url).toBe('/api/playbook/list?config_id=c1');
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getAllByRole('menuitem').map((entry) => entry.textContent)).toEqual(['Restart deployment', 'scale-up']);
    fireEvent.click(menu.getByRole('menuitem', { name: 'Restart deployment' }));

    const dialog = within(await screen.findByRole('dialog', hidden));
    expect(dialog.getByText('Run Restart deployment')).toBeInTheDocument();
    expect(dialog.getByText('Config: web')).toBeInTheDocument();
    expect(await dialog.findByRole('textbox', { name: 'Reason', ...hidden })).toHaveValue('deploy stuck');
    expect(api.to('POST /api/playbook/p1/params')[0].body).toEqual({ config_id: 'c1' });
    fireEvent.click(dialog.getByRole('button', { name: 'Run', ...hidden }));
    await waitFor(() => expect(currentLocation()).toBe('/playbooks/runs/r7'));
    expect(api.to('POST /api/playbook/run')[0].body).toEqual({ id: 'p1', config_id: 'c1', params: { reason: 'deploy stuck' } });
  });

  it('is disabled, saying why, when no playbook applies', async () => {
    open([]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Playbooks' })).toHaveAccessibleDescription('No playbooks for this config'));
    expect(screen.getByRole('button', { name: 'Playbooks' })).toHaveAttribute('aria-disabled', 'true');
  });
});
