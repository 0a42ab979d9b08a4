import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import type { PlaybookRunDetail } from '@contracts';
import { formatDateTime } from '@web/core/formatDateTime';

/**
 * A run waiting for approval: who may approve (the playbook's approvers), whether one or all must, and the approvals
 * given so far.
 */
export function RunApprovalNotice({ run }: { run: PlaybookRunDetail }) {
  const approvers = run.playbook?.spec.approval?.approvers ?? {};
  const type = run.approval?.type ?? run.playbook?.spec.approval?.type ?? 'any';
  const people = approvers.people ?? [];
  const teams = approvers.teams ?? [];
  const approvals = run.approval?.approvals ?? [];
  return (
    <MessageBar intent="warning" layout="multiline" data-testid="run-approval">
      <MessageBarBody>
        <MessageBarTitle>Waiting for approval</MessageBarTitle>
        This run starts once {type === 'all' ? 'every approver has' : 'one approver has'} approved it.
        {people.length > 0 && <div>People: {people.join(', ')}</div>}
        {teams.length > 0 && <div>Teams: {teams.join(', ')}</div>}
        {approvals.length > 0 && (
          <div>
            Approved by:{' '}
            {approvals
              .map((approval) => `${approval.name ?? approval.person_id ?? approval.team_id ?? 'unknown'} (${formatDateTime(approval.created_at)})`)
              .join(', ')}
          </div>
        )}
        {run.approval && !run.approval.can_approve && <div>Only these approvers can approve it.</div>}
      </MessageBarBody>
    </MessageBar>
  );
}
