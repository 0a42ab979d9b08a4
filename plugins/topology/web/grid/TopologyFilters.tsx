import { useMemo } from 'react';
import { Button, Dropdown, Option, Popover, PopoverSurface, PopoverTrigger, Slider, Text, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowSortDown20Regular, ArrowSortUp20Regular, Settings20Regular } from '@fluentui/react-icons';
import { CARD_SIZES, CARD_WIDTH_RANGE, type CardSize } from '@contracts';
import { type FilterChoice, MultiFilterDropdown } from '@web/core/components/FilterDropdown';
import type { TopologyComponent, TopologyResponse } from '../topologyApi';
import { type SortChoice, sortChoices } from './ordering';
import { type TopologyFiltersState, type TopologySort, sizeOfWidth, sliderWidth, splitList } from './useTopologyState';

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  grow: { flexGrow: 1 },
  sort: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS },
  dropdown: { minWidth: '170px' },
  preferences: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: '280px' },
});

export const CARD_SIZE_LABELS: Record<CardSize, string> = { small: 'Small', medium: 'Medium', large: 'Large', extra_large: 'Extra Large' };
export const CARD_WIDTH_LABEL = 'Card Width';

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Choices from the answer, plus what the URL chose that the answer no longer lists (kept, not silently dropped). */
function choicesOf(values: readonly string[], selected: readonly string[], label: (value: string) => string = (value) => value): FilterChoice[] {
  const all = [...new Set([...values, ...selected])];
  return all.map((value) => ({ value, label: label(value) }));
}

/** `k=v` of every card and child of the answer, sorted: the Labels filter's choices. */
export function labelChoices(components: readonly TopologyComponent[]): string[] {
  const pairs = new Set<string>();
  const visit = (list: readonly TopologyComponent[] | undefined) => {
    for (const component of list ?? []) {
      for (const [key, value] of Object.entries(component.labels ?? {})) pairs.add(`${key}=${value}`);
      visit(component.components);
    }
  };
  visit(components);
  return [...pairs].sort();
}

export interface TopologyFiltersProps {
  filters: TopologyFiltersState;
  answer: TopologyResponse | undefined;
  /** The cards shown: their headline properties are sort fields. */
  cards: readonly TopologyComponent[];
  sort: TopologySort;
  onSortChange(next: TopologySort): void;
  cardWidth: number;
  onCardWidthChange(width: number): void;
}

/** The filter bar of /topology: Health, Type, Team, Labels (in the URL), the sort, and the card size and width. */
export function TopologyFilters({ filters, answer, cards, sort, onSortChange, cardWidth, onCardWidthChange }: TopologyFiltersProps) {
  const styles = useStyles();
  const status = splitList(filters.status);
  const type = splitList(filters.type);
  const team = splitList(filters.team);
  const labels = splitList(filters.labels);
  const labelValues = useMemo(() => labelChoices(answer?.components ?? []), [answer]);
  const sorts: SortChoice[] = sortChoices(cards, sort.sortBy);
  const sortLabel = sorts.find((choice) => choice.value === sort.sortBy)?.label ?? sort.sortBy;
  const size = sizeOfWidth(cardWidth);
  const descending = sort.sortOrder === 'desc';

  return (
    <div className={styles.root} role="search" aria-label="Topology filters">
      <MultiFilterDropdown label="Health" values={status} choices={choicesOf(answer?.healthStatuses ?? [], status, capitalise)} onChange={filters.setStatus} />
      <MultiFilterDropdown label="Type" values={type} choices={choicesOf(answer?.types ?? [], type)} onChange={filters.setType} />
      <MultiFilterDropdown label="Team" values={team} choices={choicesOf(answer?.teams ?? [], team)} onChange={filters.setTeam} />
      <MultiFilterDropdown label="Labels" values={labels} choices={choicesOf(labelValues, labels)} onChange={filters.setLabels} />
      <span className={styles.grow} />
      <span className={styles.sort}>
        <Dropdown
          className={styles.dropdown}
          aria-label="Sort By"
          value={`Sort By: ${sortLabel}`}
          selectedOptions={[sort.sortBy]}
          onOptionSelect={(_, data) => data.optionValue && onSortChange({ sortBy: data.optionValue, sortOrder: sort.sortOrder })}
        >
          {sorts.map((choice) => (
            <Option key={choice.value} value={choice.value}>
              {choice.label}
            </Option>
          ))}
        </Dropdown>
        <Tooltip content={descending ? 'Descending' : 'Ascending'} relationship="description">
          <Button
            aria-label={`Sort order: ${descending ? 'descending' : 'ascending'}`}
            icon={descending ? <ArrowSortDown20Regular /> : <ArrowSortUp20Regular />}
            onClick={() => onSortChange({ sortBy: sort.sortBy, sortOrder: descending ? 'asc' : 'desc' })}
          />
        </Tooltip>
      </span>
      <Dropdown
        className={styles.dropdown}
        aria-label="Card Size"
        value={`Card Size: ${size ? CARD_SIZE_LABELS[size] : `${cardWidth}px`}`}
        selectedOptions={size ? [size] : []}
        onOptionSelect={(_, data) => data.optionValue && onCardWidthChange(CARD_SIZES[data.optionValue as CardSize])}
      >
        {(Object.keys(CARD_SIZES) as CardSize[]).map((value) => (
          <Option key={value} value={value}>
            {CARD_SIZE_LABELS[value]}
          </Option>
        ))}
      </Dropdown>
      <Popover positioning="below-end">
        <PopoverTrigger disableButtonEnhancement>
          <Button icon={<Settings20Regular />} aria-label="Preferences" />
        </PopoverTrigger>
        <PopoverSurface aria-label="Preferences">
          <div className={styles.preferences}>
            <Text>{`${CARD_WIDTH_LABEL}: ${cardWidth}px`}</Text>
            <Slider
              aria-label={CARD_WIDTH_LABEL}
              min={CARD_WIDTH_RANGE.min}
              max={CARD_WIDTH_RANGE.max}
              step={CARD_WIDTH_RANGE.step}
              value={sliderWidth(cardWidth)}
              onChange={(_, data) => onCardWidthChange(data.value)}
            />
          </div>
        </PopoverSurface>
      </Popover>
    </div>
  );
}
