import { makeStyles, tokens } from '@fluentui/react-components';
import { PLAYBOOK_RUN_STATUSES } from '@contracts';
import { ClearFilterButton } from '@web/core/components/ClearFilterButton';
import { FilterDropdown } from '@web/core/components/FilterDropdown';
import { TimeRangePicker } from '@web/core/components/TimeRangePicker';
import { useAbortableSWR } from '@web/core/hooks/useAbortableSWR';
import { statusLabel } from './RunStatusBadge';
import { fetchPlaybookNames } from './runsApi';
import type { PlaybookRunsState } from './usePlaybookRunsState';

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  dropdown: { minWidth: '180px' },
});

const STATUS_CHOICES = PLAYBOOK_RUN_STATUSES.map((value) => ({ value, label: statusLabel(value) }));

/** The runs list's filters (spec 02 Playbooks): playbook, status, time range, and the config a link narrowed it to. */
export function PlaybookRunsFilters({ state }: { state: PlaybookRunsState }) {
  const styles = useStyles();
  const playbooks = useAbortableSWR('/api/db/playbook_names', fetchPlaybookNames);
  const playbookChoices = (playbooks.data ?? []).map((playbook) => ({ value: playbook.id, label: playbook.title || playbook.name }));
  return (
    <div className={styles.root} role="search" aria-label="Playbook run filters">
      <FilterDropdown className={styles.dropdown} label="Playbook" value={state.playbookId} choices={playbookChoices} onChange={state.setPlaybookId} />
      <FilterDropdown className={styles.dropdown} label="Status" value={state.status} choices={STATUS_CHOICES} onChange={state.setStatus} />
      <TimeRangePicker value={state.timeRange} onChange={state.setTimeRange} />
      {state.configId && <ClearFilterButton label="Config" value={state.configId} ariaLabel="Clear config filter" onClear={() => state.setConfigId('')} />}
    </div>
  );
}
