import { useMemo } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useNavigate } from 'react-router';
import { Breadcrumb } from '@web/core/components/Breadcrumb';
import { fetchWithCount } from '@web/core/api';
import { useFeatures } from '@web/core/features';
import { useAbortableSWR } from '@web/core/hooks/useAbortableSWR';
import { PlaybookRunsFilters } from '../runs/PlaybookRunsFilters';
import { PlaybookRunsTable } from '../runs/PlaybookRunsTable';
import { endsAt, startsAt } from '../runs/runTimes';
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
  const since = useMemo(() => startsAt(state.starts, Date.now()), [state.starts]);
  const params = runListParams({ ...state, since, until: endsAt(state.ends) }, embeds);
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
