import { Button, Dropdown, Option, makeStyles, tokens } from '@fluentui/react-components';
import { Dismiss12Regular } from '@fluentui/react-icons';
import { PLAYBOOK_RUN_STATUSES, TIME_RANGE_OPTIONS } from '@contracts';
import { formatDateTime } from '@web/core/formatDateTime';
import { useAbortableSWR } from '@web/core/hooks/useAbortableSWR';
import { statusLabel } from './RunStatusBadge';
import { fetchPlaybookNames } from './runsApi';
import type { PlaybookRunsState } from './usePlaybookRunsState';

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  dropdown: { minWidth: '180px' },
});

const ALL = '';

interface Choice {
  value: string;
  label: string;
}

/** A single-choice filter with 'All' first ('' is All). */
function FilterDropdown({ label, value, choices, onChange }: { label: string; value: string; choices: readonly Choice[]; onChange(value: string): void }) {
  const styles = useStyles();
  const chosen = choices.find((choice) => choice.value === value)?.label ?? value;
  return (
    <Dropdown
      className={styles.dropdown}
      aria-label={label}
      value={`${label}: ${value ? chosen : 'All'}`}
      selectedOptions={[value]}
      onOptionSelect={(_, data) => onChange(data.optionValue ?? ALL)}
    >
      <Option value={ALL}>All</Option>
      {choices.map((choice) => (
        <Option key={choice.value} value={choice.value}>
          {choice.label}
        </Option>
      ))}
    </Dropdown>
  );
}

/** `now-1w` → 'Last 1w'; an absolute range as its times. */
export function rangeLabel(starts: string, ends: string): string {
  if (starts.startsWith('now-') && !ends) return `Last ${starts.slice(4)}`;
  return `${formatDateTime(starts) || starts} – ${ends ? formatDateTime(ends) || ends : 'now'}`;
}

const STATUS_CHOICES = PLAYBOOK_RUN_STATUSES.map((value) => ({ value, label: statusLabel(value) }));

/** The runs list's filters (spec 02 Playbooks): playbook, status, time range, and the config a link narrowed it to. */
export function PlaybookRunsFilters({ state }: { state: PlaybookRunsState }) {
  const styles = useStyles();
  const playbooks = useAbortableSWR('/api/db/playbook_names', fetchPlaybookNames);
  const playbookChoices = (playbooks.data ?? []).map((playbook) => ({ value: playbook.id, label: playbook.title || playbook.name }));
  return (
    <div className={styles.root} role="search" aria-label="Playbook run filters">
      <FilterDropdown label="Playbook" value={state.playbookId} choices={playbookChoices} onChange={state.setPlaybookId} />
      <FilterDropdown label="Status" value={state.status} choices={STATUS_CHOICES} onChange={state.setStatus} />
      <Dropdown
        className={styles.dropdown}
        aria-label="Time range"
        value={rangeLabel(state.starts, state.ends)}
        selectedOptions={[state.ends ? '' : state.starts]}
        onOptionSelect={(_, data) => data.optionValue && state.setRange(data.optionValue)}
      >
        {TIME_RANGE_OPTIONS.map((range) => (
          <Option key={range} value={`now-${range}`}>{`Last ${range}`}</Option>
        ))}
      </Dropdown>
      {state.configId && (
        <Button
          size="small"
          appearance="outline"
          icon={<Dismiss12Regular />}
          iconPosition="after"
          aria-label="Clear config filter"
          onClick={() => state.setConfigId('')}
        >
          Config: {state.configId}
        </Button>
      )}
    </div>
  );
}
