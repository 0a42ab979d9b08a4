import { Suspense, lazy, useMemo, useState } from 'react';
import { Button, Tooltip } from '@fluentui/react-components';
import { Attach20Regular, Play20Regular } from '@fluentui/react-icons';
import { canRunNow, type CheckStatusRow } from '@contracts';
import { useWhoAmI } from '@web/core/auth';
import { useToast } from '@web/core/components/useToast';
import { useAccess, usePluginRegistry } from '@web/core/plugin-host';
import { runCheckNow } from '../healthApi';
import { runResultMessage } from './runResult';

export const NO_PLAYBOOKS_MESSAGE = 'No playbooks for this check';

export interface CheckDetailActionsProps {
  checkId: string;
  checkName: string;
  /** After a run has been stored: refresh what shows it. */
  onRan(row: CheckStatusRow): void;
  onClose(): void;
}

/** Footer of the check detail: Run Now, Playbooks and Attach as evidence (spec 02). */
export function CheckDetailActions({ checkId, checkName, onRan, onClose }: CheckDetailActionsProps) {
  const toast = useToast();
  const { whoami } = useWhoAmI();
  const registry = usePluginRegistry();
  const access = useAccess();
  const [running, setRunning] = useState(false);
  const [linking, setLinking] = useState(false);

  // The incidents plugin provides the dialog; the registry applies its feature and permission (write on incidents).
  const linkDialog = registry.getVisibleExtensions('incident.linkDialog', access)[0];
  const LinkDialog = useMemo(() => (linkDialog ? lazy(linkDialog.load) : null), [linkDialog]);
  // The playbooks plugin provides the run button (feature playbooks, write on playbook_runs); without it, the button
  // stays, disabled, saying why.
  const runButton = registry.getVisibleExtensions('playbooks.runButton', access)[0];
  const PlaybookRunButton = useMemo(() => (runButton ? lazy(runButton.load) : null), [runButton]);
  const noPlaybooks = (
    <Tooltip content={NO_PLAYBOOKS_MESSAGE} relationship="description">
      <Button disabledFocusable>Playbooks</Button>
    </Tooltip>
  );

  const runNow = async () => {
    setRunning(true);
    try {
      const row = await runCheckNow(checkId);
      const result = runResultMessage(row);
      if (result.intent === 'success') toast.success(result.text);
      else toast.error(result.text);
      onRan(row);
    } catch (error) {
      toast.error(error);
    } finally {
      setRunning(false);
    }
  };

  return (
    <>
      {LinkDialog && (
        <Button icon={<Attach20Regular />} onClick={() => setLinking(true)}>
          Attach as evidence
        </Button>
      )}
      {PlaybookRunButton ? (
        <Suspense fallback={noPlaybooks}>
          <PlaybookRunButton resource={{ kind: 'check', id: checkId, name: checkName }} appearance="menu" />
        </Suspense>
      ) : (
        noPlaybooks
      )}
      {canRunNow(whoami?.roles) && (
        <Button appearance="primary" icon={<Play20Regular />} disabled={running} onClick={() => void runNow()}>
          {running ? 'Running…' : 'Run Now'}
        </Button>
      )}
      <Button appearance="secondary" onClick={onClose}>
        Close
      </Button>
      {LinkDialog && linking && (
        <Suspense fallback={null}>
          <LinkDialog open onClose={() => setLinking(false)} evidence={{ type: 'check', check_id: checkId, description: checkName }} />
        </Suspense>
      )}
    </>
  );
}
