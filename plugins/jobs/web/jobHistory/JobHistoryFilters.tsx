import { Button, Label, makeStyles, tokens } from '@fluentui/react-components';
import useSWR from 'swr';
import type { TriState } from '@contracts';
import { dataApiPath, pg, withQuery } from '@web/core/api';
import { FilterDropdown } from '@web/core/components/FilterDropdown';
import { TimeRangePicker } from '@web/core/components/TimeRangePicker';
import { TriStateToggle } from '@web/core/components/TriStateToggle';
import { type IncludeExclude, JOB_STATUSES } from '@web/core/jobs';
import type { TimeRange } from '@web/core/timeRange';
import { DURATION_OPTIONS, RESOURCE_TYPE_CHOICES } from './jobHistoryOptions';

/** The job names that have runs, for the Job Name filter (spec 03 §7). */
export const JOB_NAMES_KEY = withQuery(dataApiPath('job_history_names'), { order: pg.order('name', 'asc') });

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  status: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});

export interface JobHistoryFiltersProps {
  name: string;
  resourceType: string;
  status: IncludeExclude;
  duration: string;
  range: TimeRange;
  onName(value: string): void;
  onResourceType(value: string): void;
  onStatus(value: IncludeExclude): void;
  onDuration(value: string): void;
  onRange(value: TimeRange | undefined): void;
}

/** Job Name, Resource Type, Status (include/exclude each), run duration and the time range. */
export function JobHistoryFilters(props: JobHistoryFiltersProps) {
  const styles = useStyles();
  const { data: names } = useSWR<{ name: string }[]>(JOB_NAMES_KEY);
  const nameChoices = (names ?? []).map(({ name }) => ({ value: name, label: name }));

  const toggleStatus = (status: string, mark: TriState) => {
    const next: IncludeExclude = { ...props.status };
    if (mark === 0) delete next[status];
    else next[status] = mark;
    props.onStatus(next);
  };

  return (
    <div className={styles.root} role="group" aria-label="Job filters">
      <FilterDropdown label="Job Name" value={props.name} choices={nameChoices} onChange={props.onName} />
      <FilterDropdown label="Resource Type" value={props.resourceType} choices={RESOURCE_TYPE_CHOICES} onChange={props.onResourceType} />
      <span className={styles.status} role="group" aria-label="Status">
        <Label size="small">Status:</Label>
        {JOB_STATUSES.map((status) => (
          <TriStateToggle key={status} label={status} value={(props.status[status] ?? 0) as TriState} onChange={(mark) => toggleStatus(status, mark)} />
        ))}
        <Button size="small" appearance={Object.keys(props.status).length ? 'subtle' : 'outline'} onClick={() => props.onStatus({})}>
          All
        </Button>
      </span>
      <FilterDropdown label="Duration" value={props.duration} choices={DURATION_OPTIONS} onChange={props.onDuration} />
      <TimeRangePicker value={props.range} onChange={props.onRange} />
    </div>
  );
}
