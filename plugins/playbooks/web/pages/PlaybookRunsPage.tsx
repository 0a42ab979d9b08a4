import { useMemo } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useNavigate } from 'react-router';
import { Breadcrumb } from '@web/core/components/Breadcrumb';
import { fetchWithCount } from '@web/core/api';
import { useFeatures } from '@web/core/features';
import { useAbortableSWR } from '@web/core/hooks/useAbortableSWR';
import { resolveTimeRange } from '@web/core/timeRange';
import { PlaybookRunsFilters } from '../runs/PlaybookRunsFilters';
import { PlaybookRunsTable } from '../runs/PlaybookRunsTable';
import { PLAYBOOKS_PATH, type PlaybookRunRow, runListParams, runPath } from '../runs/runsApi';
import { usePlaybookRunsState } from '../runs/usePlaybookRunsState';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** /playbooks/runs (spec 02 Playbooks): every run of the chosen range, playbook and status; a row opens its run. */
export default function PlaybookRunsPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const state = usePlaybookRunsState();
  const { isEnabled } = useFeatures();
  const embeds = { config: isEnabled('config'), check: isEnabled('health'), component: isEnabled('topology') };
  // A relative range is computed once per change of the URL, not on every render (the key would never settle).
  // A relative range runs up to now (no upper bound); a quick or absolute one has its end.
  const { since, until } = useMemo(() => {
    const { from, to } = resolveTimeRange(state.timeRange);
    return { since: from.toISOString(), until: state.timeRange.type === 'relative' ? '' : to.toISOString() };
  }, [state.timeRange]);
  const params = runListParams({ ...state, since, until }, embeds);
  const { data, error, isLoading } = useAbortableSWR(['/api/db/playbook_runs', JSON.stringify(params)], (signal) =>
    fetchWithCount<PlaybookRunRow>('playbook_runs', params, signal),
  );
  return (
    <div className={styles.root}>
      <Breadcrumb items={[{ label: 'Playbooks', to: PLAYBOOKS_PATH }, { label: 'Runs' }]} />
      <PlaybookRunsFilters state={state} />
      <PlaybookRunsTable state={state} result={{ page: data, error, isLoading }} onOpen={(row) => navigate(runPath(row.id))} />
    </div>
  );
}
