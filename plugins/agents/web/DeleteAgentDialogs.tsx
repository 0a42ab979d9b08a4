import { useState } from 'react';
import { Body1, Button, Spinner } from '@fluentui/react-components';
import { AGENT_MESSAGES } from '@contracts';
import { Dialog } from '@web/core/components/Dialog';
import { useToast } from '@web/core/components/useToast';
import { deleteAgent } from './agentsApi';

/**
 * Delete in two steps (spec 02 Agents): 'Delete Agents Resources' asks whether the agent's rows go too (Yes/No: the
 * cleanup flag), then 'Delete Agent' confirms. One dialog whose content changes, so focus stays in it.
 */
export function DeleteAgentDialogs({ agentId, onCancel, onDeleted }: { agentId: string; onCancel(): void; onDeleted(): void }) {
  const toast = useToast();
  const [cleanup, setCleanup] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await deleteAgent(agentId, cleanup === true);
      toast.success(AGENT_MESSAGES.deleted);
      onDeleted();
    } catch (error) {
      toast.error(error);
      setBusy(false);
    }
  };

  const asking = cleanup === null;
  return (
    <Dialog
      open
      title={asking ? AGENT_MESSAGES.deleteResourcesTitle : AGENT_MESSAGES.deleteTitle}
      onClose={onCancel}
      size="very-small"
      modalType="alert"
      actions={
        asking ? (
          <>
            <Button appearance="secondary" onClick={() => setCleanup(false)}>
              No
            </Button>
            <Button appearance="primary" onClick={() => setCleanup(true)}>
              Yes
            </Button>
          </>
        ) : (
          <>
            <Button appearance="secondary" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button appearance="primary" onClick={() => void confirm()} disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
              Delete
            </Button>
          </>
        )
      }
    >
      <Body1>{asking ? AGENT_MESSAGES.deleteResourcesQuestion : AGENT_MESSAGES.deleteQuestion}</Body1>
    </Dialog>
  );
}
