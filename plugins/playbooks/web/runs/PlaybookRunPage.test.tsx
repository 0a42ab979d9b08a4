import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Role } from '@contracts';
import PlaybookRunPage from '../pages/PlaybookRunPage';
import { currentLocation, renderAt } from '@web/core/testing/renderAt';
import { reply, stubFetch } from '@web/core/testing/stubFetch';
import { PLAYBOOK_ID, RUN_ID, runAction, runDetail } from './testing';

// jsdom has no EventSource: the page follows the run by polling, as a browser whose stream failed does.
const RUN_URL = `/api/playbook/run/${RUN_ID}`;
let api: ReturnType<typeof stubFetch>;

const openRun = (roles: Role[] = ['editor'], id = RUN_ID) =>
  renderAt(
    `/playbooks/runs/${id}`,
    [
      { path: '/playbooks/runs/:id', element: <PlaybookRunPage /> },
      { path: '/playbooks', element: <span>playbooks page</span> },
    ],
    { roles },
  );
const steps = () => screen.getAllByTestId('run-step');
const step = (name: string) => steps().find((element) => within(element).queryByText(name))!;
const logPane = () => screen.getByTestId('action-log-pane');

describe('PlaybookRunPage', () => {
  it('shows the run: playbook, status, resource, creator, and its actions with the selected one’s output', async () => {
    api = stubFetch([
      [
        RUN_URL,
        runDetail({
          actions: [
            runAction({ id: 'a1', name: 'check', status: 'completed', result: { stdout: 'ok', exitCode: 0 } }),
            runAction({
              id: 'a2',
              name: 'restart',
              status: 'failed',
              error: 'exit status 2',
              result: { stdout: 'see https://example.com/run/1.', stderr: 'javascript:alert(1) denied', exitCode: 2 },
            }),
            runAction({ id: 'a3', name: 'notify', status: 'skipped', start_time: null, end_time: null }),
          ],
          status: 'failed',
        }),
      ],
    ]);
    openRun();
    expect(await screen.findByRole('heading', { name: 'Restart pod' })).toBeInTheDocument();
    expect(screen.getAllByText('Failed')[0]).toHaveAttribute('data-status', 'failed');
    expect(screen.getByRole('link', { name: 'web-0' })).toHaveAttribute('href', '/catalog/cf000000-0000-4000-8000-000000000001');
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(steps().map((element) => element.getAttribute('data-step-id'))).toEqual(['a1', 'a2', 'a3']);
    // The last action that ran is shown first.
    expect(within(logPane()).getByText('restart')).toBeInTheDocument();
    expect(within(logPane()).getByTestId('log-error')).toHaveTextContent('exit status 2');
    expect(within(logPane()).getByTestId('log-exit-code')).toHaveTextContent('Exit code: 2');
    const link = within(logPane()).getByRole('link', { name: 'https://example.com/run/1' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(within(logPane()).getByTestId('log-stderr')).queryByRole('link')).toBeNull();

    fireEvent.click(step('check'));
    await waitFor(() => expect(within(logPane()).getByTestId('log-stdout')).toHaveTextContent('ok'));
    expect(step('check')).toHaveAttribute('aria-current', 'true');
  });

  it('does not select a skipped action', async () => {
    api = stubFetch([
      [
        RUN_URL,
        runDetail({
          actions: [
            runAction({ id: 'a1', name: 'check', status: 'completed' }),
            runAction({ id: 'a3', name: 'notify', status: 'skipped', start_time: null, end_time: null }),
          ],
        }),
      ],
    ]);
    openRun();
    await waitFor(() => expect(steps()).toHaveLength(2));
    expect(step('notify')).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(step('notify'));
    expect(step('notify')).not.toHaveAttribute('aria-current');
    expect(within(logPane()).getByText('check')).toBeInTheDocument();
  });

  it("shows a failed run's error as a step 0 'Initialization'", async () => {
    api = stubFetch([[RUN_URL, runDetail({ status: 'failed', error: 'parameter reason: This field is required', actions: [] })]]);
    openRun();
    await waitFor(() => expect(steps()).toHaveLength(2));
    expect(steps()[0]).toHaveAttribute('data-step-id', 'initialization');
    expect(within(steps()[0]).getByText('Initialization')).toBeInTheDocument();
    expect(within(logPane()).getByTestId('log-error')).toHaveTextContent('parameter reason: This field is required');
    // The spec's action never started: listed after it, not selectable.
    expect(within(steps()[1]).getByText('restart')).toBeInTheDocument();
    expect(steps()[1]).toHaveAttribute('aria-disabled', 'true');
  });

  it('lists the actions of a run waiting for approval as not started, and says none has started', async () => {
    const playbook = {
      ...runDetail().playbook!,
      spec: {
        actions: [
          { name: 'check', exec: { script: 'true' } },
          { name: 'restart', exec: { script: 'true' } },
        ],
      },
    };
    api = stubFetch([[RUN_URL, runDetail({ status: 'pending_approval', start_time: null, end_time: null, actions: [], playbook })]]);
    openRun();
    await waitFor(() => expect(steps()).toHaveLength(2));
    for (const [index, name] of ['check', 'restart'].entries()) {
      const row = steps()[index];
      expect(row).toHaveTextContent(name);
      expect(within(row).getByRole('img', { name: 'Not started' })).toBeInTheDocument();
      expect(within(row).getByText('Not started')).toBeInTheDocument();
      expect(row).toHaveAttribute('aria-disabled', 'true');
    }
    fireEvent.click(step('check'));
    expect(step('check')).not.toHaveAttribute('aria-current');
    expect(screen.getByText('No action has started yet.')).toBeInTheDocument();
    expect(screen.queryByText('Select an action to see its logs.')).toBeNull();
    expect(screen.queryByTestId('action-log-pane')).toBeNull();
  });

  it('lists the actions a running run has not reached yet after the running one, whose output shows', async () => {
    const playbook = {
      ...runDetail().playbook!,
      spec: {
        actions: [
          { name: 'check', exec: { script: 'true' } },
          { name: 'restart', exec: { script: 'true' } },
          { name: 'notify', exec: { script: 'true' } },
        ],
      },
    };
    api = stubFetch([
      [
        RUN_URL,
        runDetail({
          status: 'running',
          end_time: null,
          playbook,
          actions: [
            runAction({ id: 'a1', name: 'check', status: 'completed', result: { stdout: 'ok' } }),
            runAction({ id: 'a2', name: 'restart', status: 'running', end_time: null, result: { logs: 'deleting' } }),
          ],
        }),
      ],
    ]);
    openRun();
    await waitFor(() => expect(steps()).toHaveLength(3));
    expect(steps().map((element) => element.getAttribute('data-step-id'))).toEqual(['a1', 'a2', 'not-started-2']);
    expect(steps()[2]).toHaveTextContent('notify');
    expect(steps()[2]).toHaveTextContent('Not started');
    expect(steps()[2]).toHaveAttribute('aria-disabled', 'true');
    expect(within(logPane()).getByTestId('log-logs')).toHaveTextContent('deleting');
  });

  it('shows until when a sleeping action sleeps', async () => {
    api = stubFetch([
      [
        RUN_URL,
        runDetail({
          status: 'running',
          end_time: null,
          actions: [runAction({ id: 'a1', name: 'wait', status: 'sleeping', start_time: null, end_time: null, scheduled_time: '2026-03-01T12:00:00Z' })],
        }),
      ],
    ]);
    openRun();
    await waitFor(() => expect(steps()).toHaveLength(1));
    expect(within(steps()[0]).getByText(/^Sleeping until /)).toBeInTheDocument();
  });

  describe('Approve', () => {
    const pending = (canApprove: boolean) =>
      runDetail({
        status: 'pending_approval',
        start_time: null,
        end_time: null,
        actions: [],
        playbook: {
          ...runDetail().playbook!,
          spec: { ...runDetail().playbook!.spec, approval: { approvers: { people: ['ops@example.com'], teams: ['sre'] } } },
        },
        approval: { required: true, type: 'any', approvals: [], can_approve: canApprove },
      });

    it('is offered when the run waits for approval and the user may approve, with who may', async () => {
      api = stubFetch([
        [RUN_URL, pending(true)],
        [`POST /api/playbook/run/approve/${RUN_ID}`, runDetail({ status: 'running', end_time: null, actions: [] })],
      ]);
      openRun();
      const notice = await screen.findByTestId('run-approval');
      expect(notice).toHaveTextContent('People: ops@example.com');
      expect(notice).toHaveTextContent('Teams: sre');
      fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull());
      expect(api.to(`/api/playbook/run/approve/${RUN_ID}`)).toHaveLength(1);
      expect(screen.getAllByText('Running')[0]).toHaveAttribute('data-status', 'running');
    });

    it('is not offered to a user who may not approve', async () => {
      api = stubFetch([[RUN_URL, pending(false)]]);
      openRun();
      expect(await screen.findByTestId('run-approval')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    });

    it('is not offered on a run that does not wait for approval, even to an approver', async () => {
      api = stubFetch([[RUN_URL, runDetail({ approval: { required: true, type: 'any', approvals: [], can_approve: true } })]]);
      openRun();
      await screen.findByRole('heading', { name: 'Restart pod' });
      expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
      expect(screen.queryByTestId('run-approval')).toBeNull();
    });

    it('says why approving failed', async () => {
      api = stubFetch([
        [RUN_URL, pending(true)],
        [`POST /api/playbook/run/approve/${RUN_ID}`, reply(403, { message: 'you are not an approver of this playbook' })],
      ]);
      openRun();
      fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
      expect(await screen.findByTestId('toast-error')).toHaveTextContent('Failed to approve playbook run: you are not an approver of this playbook');
    });
  });

  it('re-runs and goes to the new run', async () => {
    const NEW_RUN = '99999999-1111-4222-8333-444455556666';
    api = stubFetch([
      [`POST /api/playbook/run/${RUN_ID}/rerun`, { run_id: NEW_RUN }],
      [`/api/playbook/run/${NEW_RUN}`, runDetail({ id: NEW_RUN, status: 'running', end_time: null, actions: [] })],
      [RUN_URL, runDetail()],
    ]);
    openRun();
    fireEvent.click(await screen.findByRole('button', { name: 'Re-run' }));
    await waitFor(() => expect(currentLocation()).toBe(`/playbooks/runs/${NEW_RUN}`));
    await waitFor(() => expect(api.to(`/api/playbook/run/${NEW_RUN}`)).not.toHaveLength(0));
    await waitFor(() => expect(screen.getAllByText('Running')[0]).toBeInTheDocument());
  });

  it('cancels a run that is not over; a finished run has no Cancel', async () => {
    let cancelled = false;
    api = stubFetch([
      [`POST /api/playbook/run/${RUN_ID}/cancel`, () => ((cancelled = true), runDetail({ status: 'cancelled' }))],
      [RUN_URL, () => runDetail(cancelled ? { status: 'cancelled' } : { status: 'running', end_time: null })],
    ]);
    openRun();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getAllByText('Cancelled')[0]).toHaveAttribute('data-status', 'cancelled'));
    expect(api.to(`/api/playbook/run/${RUN_ID}/cancel`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Cancel/ })).toBeNull();
  });

  it('lists the run’s parameters in the Params dialog, by their labels', async () => {
    api = stubFetch([[RUN_URL, runDetail({ parameters: { reason: 'stuck', replicas: 3 } })]]);
    openRun();
    fireEvent.click(await screen.findByRole('button', { name: 'Params' }));
    const params = await screen.findByTestId('run-params');
    expect(within(params).getByText('Reason')).toBeInTheDocument();
    expect(within(params).getByText('stuck')).toBeInTheDocument();
    expect(within(params).getByText('replicas')).toBeInTheDocument();
    expect(within(params).getByText('3')).toBeInTheDocument();
  });

  it('offers Edit Playbook only with write on connections, and Re-run only with write on runs', async () => {
    api = stubFetch([[RUN_URL, runDetail()]]);
    const { unmount } = openRun(['viewer']);
    await screen.findByRole('heading', { name: 'Restart pod' });
    expect(screen.queryByRole('button', { name: 'Edit Playbook' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Re-run' })).toBeNull();
    unmount();
    openRun(['admin']);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Playbook' }));
    await waitFor(() => expect(currentLocation()).toBe(`/playbooks?edit=${PLAYBOOK_ID}`));
  });

  it("downloads the selected action's logs as a text file and says so", async () => {
    api = stubFetch([[RUN_URL, runDetail()]]);
    const saved: Blob[] = [];
    const names: string[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:logs';
    });
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    try {
      openRun();
      fireEvent.click(await screen.findByRole('button', { name: 'Download' }));
      expect(await screen.findByTestId('toast-success')).toHaveTextContent('Downloaded logs');
      expect(names).toEqual(['restart-pod-restart-logs.txt']);
      const text = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(saved[0]);
      });
      expect(text).toContain('Action: restart');
      expect(text).toContain('Exit code: 0');
      expect(text).toContain('--- stdout ---\npod deleted');
    } finally {
      click.mockRestore();
    }
  });

  it('shows why the run could not be read', async () => {
    api = stubFetch([[RUN_URL, reply(404, { message: 'playbook run not found' })]]);
    openRun();
    expect(await screen.findByTestId('error-panel')).toHaveTextContent('playbook run not found');
  });
});
