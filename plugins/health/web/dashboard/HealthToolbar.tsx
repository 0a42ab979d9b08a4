import type { MouseEvent } from 'react';
import { Button, Field, Select, Spinner, ToggleButton, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular, ArrowClockwise20Regular, Grid20Regular, Table20Regular } from '@fluentui/react-icons';
import { useHref, useNavigate } from 'react-router';
import { HEALTH_REFRESH_OPTIONS } from '@contracts';
import type { Choice } from './grouping';
import { HealthTimeRangePicker } from './HealthTimeRangePicker';
import { type RefreshOption, isRefreshOption, isRefreshOptionDisabled } from './refresh';
import { SearchBox } from './SearchBox';
import type { HealthLayout } from './useHealthDashboardState';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  grow: { flexGrow: 1 },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});

export const ADD_CHECK_PATH = '/settings/canaries/new';

export interface HealthToolbarProps {
  query: string;
  onQueryChange(value: string): void;
  timeRange: string;
  onTimeRangeChange(value: string): void;
  refresh: RefreshOption;
  onRefreshChange(value: RefreshOption): void;
  refreshing: boolean;
  onRefreshNow(): void;
  layout: HealthLayout;
  onLayoutChange(value: HealthLayout): void;
  groupBy: string;
  groupByChoices: readonly Choice[];
  onGroupByChange(value: string): void;
  tabBy: string;
  tabByChoices: readonly Choice[];
  onTabByChange(value: string): void;
  canAddCheck: boolean;
}

/** Search, time range, refresh, Group By, Tab By, layout and Add check. */
export function HealthToolbar(props: HealthToolbarProps) {
  const styles = useStyles();
  return (
    <div className={styles.row}>
      <SearchBox value={props.query} onChange={props.onQueryChange} />
      <Field label="Time Range">
        <HealthTimeRangePicker value={props.timeRange} onChange={props.onTimeRangeChange} />
      </Field>
      <ChoiceSelect label="Group By" value={props.groupBy} choices={props.groupByChoices} onChange={props.onGroupByChange} />
      <ChoiceSelect label="Tab By" value={props.tabBy} choices={props.tabByChoices} onChange={props.onTabByChange} />
      <Field label="Refresh">
        <Select
          value={props.refresh}
          onChange={(_, data) => {
            if (isRefreshOption(data.value)) props.onRefreshChange(data.value);
          }}
        >
          {HEALTH_REFRESH_OPTIONS.map((option) => (
            <option key={option} value={option} disabled={isRefreshOptionDisabled(option, props.timeRange)}>
              {option}
            </option>
          ))}
        </Select>
      </Field>
      <div className={styles.actions}>
        <Tooltip content="Refresh now" relationship="label">
          <Button icon={props.refreshing ? <Spinner size="extra-tiny" aria-label="Refreshing" /> : <ArrowClockwise20Regular />} onClick={props.onRefreshNow} />
        </Tooltip>
        <Tooltip content="Table" relationship="label">
          <ToggleButton checked={props.layout === 'table'} icon={<Table20Regular />} onClick={() => props.onLayoutChange('table')} />
        </Tooltip>
        <Tooltip content="Cards" relationship="label">
          <ToggleButton checked={props.layout === 'card'} icon={<Grid20Regular />} onClick={() => props.onLayoutChange('card')} />
        </Tooltip>
      </div>
      <span className={styles.grow} />
      {props.canAddCheck && <AddCheckButton />}
    </div>
  );
}

/** Links to the canary editor; shown only with write on canaries (the gateway enforces it too). */
export function AddCheckButton() {
  const navigate = useNavigate();
  const href = useHref(ADD_CHECK_PATH);
  return (
    <Button
      as="a"
      href={href}
      appearance="primary"
      icon={<Add20Regular />}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(ADD_CHECK_PATH);
      }}
    >
      Add check
    </Button>
  );
}

function ChoiceSelect({ label, value, choices, onChange }: { label: string; value: string; choices: readonly Choice[]; onChange(value: string): void }) {
  // A shared link may name a label key these checks do not have: keep it selectable rather than silently switching.
  const all = choices.some((c) => c.value === value) ? choices : [...choices, { value, label: value }];
  return (
    <Field label={label}>
      <Select value={value} onChange={(_, data) => onChange(data.value)}>
        {all.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}
