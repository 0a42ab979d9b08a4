import { useMemo } from 'react';
import { Button, Checkbox, Popover, PopoverSurface, PopoverTrigger, Subtitle2, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronDown16Regular, Dismiss12Regular } from '@fluentui/react-icons';
import type { CheckSummary, TriState } from '@contracts';
import { TriStateToggle } from '@web/core/components/TriStateToggle';
import { type HealthStatusFilter, type LabelFilter, isBooleanLabel, labelId, labelOptions, withLabelState } from './filters';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, width: '260px', flexShrink: 0 },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, maxHeight: '360px', overflowY: 'auto', alignItems: 'flex-start' },
  booleans: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  trigger: { justifyContent: 'space-between', width: '100%' },
});

export interface HealthFiltersProps {
  checks: readonly CheckSummary[];
  hidePassing: boolean;
  onHidePassingChange(value: boolean): void;
  status: HealthStatusFilter | null;
  onClearStatus(): void;
  labels: LabelFilter;
  onLabelsChange(value: LabelFilter): void;
}

/** The sidebar: Filter by Health (Hide Passing) and Filter by Label (multi-select with select-all, boolean labels). */
export function HealthFilters(props: HealthFiltersProps) {
  const styles = useStyles();
  const options = useMemo(() => labelOptions(props.checks), [props.checks]);
  const valued = options.filter((o) => !isBooleanLabel(o.value));
  const booleanKeys = [...new Set(options.filter((o) => isBooleanLabel(o.value)).map((o) => o.key))];

  return (
    <aside className={styles.root} aria-label="Filters">
      <section className={styles.section}>
        <Subtitle2 as="h2">Filter by Health</Subtitle2>
        <Switch
          label="Hide Passing"
          checked={props.hidePassing}
          disabled={props.status !== null}
          onChange={(_, data) => props.onHidePassingChange(data.checked)}
        />
        {props.status && (
          <Button
            size="small"
            appearance="outline"
            icon={<Dismiss12Regular />}
            iconPosition="after"
            onClick={props.onClearStatus}
            aria-label={`Clear status filter ${props.status}`}
          >
            Status: {props.status}
          </Button>
        )}
      </section>
      <section className={styles.section}>
        <Subtitle2 as="h2">Filter by Label</Subtitle2>
        <LabelMultiSelect options={valued} labels={props.labels} onChange={props.onLabelsChange} />
        {booleanKeys.length > 0 && (
          <div className={styles.booleans} aria-label="Boolean labels" role="group">
            {booleanKeys.map((key) => {
              const id = labelId(key, 'true');
              return (
                <TriStateToggle
                  key={key}
                  label={key}
                  value={(props.labels[id] ?? 0) as TriState}
                  onChange={(state) => props.onLabelsChange(withLabelState(props.labels, id, state))}
                />
              );
            })}
          </div>
        )}
      </section>
    </aside>
  );
}

function LabelMultiSelect({
  options,
  labels,
  onChange,
}: {
  options: ReturnType<typeof labelOptions>;
  labels: LabelFilter;
  onChange(value: LabelFilter): void;
}) {
  const styles = useStyles();
  const selected = options.filter((o) => labels[o.id] !== undefined).length;
  const included = options.filter((o) => labels[o.id] === 1).length;
  const selectAll: boolean | 'mixed' = options.length > 0 && included === options.length ? true : selected > 0 ? 'mixed' : false;
  const toggleAll = () => {
    let next = { ...labels };
    for (const option of options) next = withLabelState(next, option.id, selectAll === true ? 0 : 1);
    onChange(next);
  };

  return (
    <Popover positioning="below-start" trapFocus>
      <PopoverTrigger disableButtonEnhancement>
        <Button className={styles.trigger} icon={<ChevronDown16Regular />} iconPosition="after" disabled={options.length === 0}>
          {options.length === 0 ? 'No labels' : selected === 0 ? 'All labels' : `${selected} selected`}
        </Button>
      </PopoverTrigger>
      <PopoverSurface aria-label="Labels">
        <div className={styles.list}>
          <Checkbox label="Select all" checked={selectAll} onChange={toggleAll} />
          {options.map((option) => (
            <TriStateToggle
              key={option.id}
              label={`${option.key}: ${option.value} (${option.count})`}
              value={(labels[option.id] ?? 0) as TriState}
              onChange={(state) => onChange(withLabelState(labels, option.id, state))}
            />
          ))}
        </div>
      </PopoverSurface>
    </Popover>
  );
}
