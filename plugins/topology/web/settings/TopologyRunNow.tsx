import { useState } from 'react';
import { Button } from '@fluentui/react-components';
import { Play20Regular } from '@fluentui/react-icons';
import { useToast } from '@web/core/components/useToast';
import { useRefreshJobHistory } from '@web/core/settings/SettingsJobHistory';
import type { SettingsDetailActionProps } from '@web/core/settings/types';
import { TopologyRunSummary } from './TopologyRunSummary';
import { runTopology } from './topologiesApi';

/** Run Now on a topology's settings page (writers only): the run's summary above the tabs, the job history refreshed. */
export default function TopologyRunNow({ resource, canWrite, showResult }: SettingsDetailActionProps) {
  const toast = useToast();
  const refreshJobHistory = useRefreshJobHistory();
  const [running, setRunning] = useState(false);
  if (!canWrite) return null;

  const runNow = async () => {
    setRunning(true);
    try {
      const answer = await runTopology(resource.id);
      showResult(<TopologyRunSummary result={answer} />);
      if (answer.status === 'FAILED') toast.error(`Topology run failed: ${answer.errors[0] ?? 'see the job history'}`);
      else toast.success(`Topology run finished: ${answer.success_count} components`);
      await refreshJobHistory();
    } catch (cause) {
      toast.error(cause);
    } finally {
      setRunning(false);
    }
  };

  return (
    <Button icon={<Play20Regular />} disabled={running} onClick={runNow}>
      {running ? 'Running...' : 'Run Now'}
    </Button>
  );
}
