import { useState } from 'react';
import { Button, Caption1Strong, Popover, PopoverSurface, PopoverTrigger, makeStyles, tokens } from '@fluentui/react-components';
import { CalendarLtr20Regular } from '@fluentui/react-icons';
import { formatDateTime } from '@web/core/formatDateTime';
import {
  DEFAULT_RELATIVE_OPTIONS,
  MAPPED_RANGES,
  type TimeRange,
  durationText,
  readRecentRanges,
  relativeDuration,
  relativeTimeRange,
  rememberRecentRange,
  sameTimeRange,
} from '@web/core/timeRange';
import { AbsoluteRangeForm } from '@web/core/timeRange/AbsoluteRangeForm';

const useStyles = makeStyles({
  surface: { display: 'flex', gap: tokens.spacingHorizontalXL, maxWidth: 'calc(100vw - 32px)', flexWrap: 'wrap' },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: '170px' },
  list: { display: 'flex', flexDirection: 'column', alignItems: 'stretch', maxHeight: '440px', overflowY: 'auto' },
  option: { justifyContent: 'flex-start', flexShrink: 0, fontWeight: tokens.fontWeightRegular },
});

export interface TimeRangePickerProps {
  value: TimeRange;
  /** A chosen range, or undefined when the user clears it (the page falls back to its default). */
  onChange(next: TimeRange | undefined): void;
  /** Relative durations offered (`5m` … `5y`, spec 03 §9 units); default 5 minutes to 5 years. */
  relativeOptions?: readonly string[];
  /** Offers the absolute form and the recent absolute ranges (default true). */
  absolute?: boolean;
  /** Offers the quick calendar ranges: Yesterday, Previous week, This month so far… (default true). */
  mapped?: boolean;
  /** The trigger's accessible name (default 'Time range'). */
  label?: string;
  size?: 'small' | 'medium';
  className?: string;
}

/** How the trigger shows a range: its display, an absolute one as its two instants. */
export function timeRangeLabel(range: TimeRange): string {
  if (range.type !== 'absolute') return range.display;
  return `${formatDateTime(range.from) || range.from} – ${range.to ? formatDateTime(range.to) || range.to : 'now'}`;
}

/**
 * The shared time-range picker of spec 03 §2: an absolute range (From/To with a calendar, Clear, Submit), the recent
 * absolute ranges, quick calendar ranges and relative ranges. Controlled: the page keeps the value (usually in the
 * URL through useTimeRangeParams).
 */
export function TimeRangePicker({
  value,
  onChange,
  relativeOptions = DEFAULT_RELATIVE_OPTIONS,
  absolute = true,
  mapped = true,
  label = 'Time range',
  size,
  className,
}: TimeRangePickerProps) {
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  const [recent, setRecent] = useState(readRecentRanges);
  const choose = (next: TimeRange | undefined) => {
    onChange(next);
    setOpen(false);
  };
  const option = (range: TimeRange, text: string, key: string) => {
    const current = sameTimeRange(range, value);
    return (
      <Button
        key={key}
        size="small"
        className={styles.option}
        appearance={current ? 'secondary' : 'subtle'}
        aria-pressed={current}
        onClick={() => choose(range)}
      >
        {text}
      </Button>
    );
  };
  // A page's options may use another unit for a month (`1mo`); the one shown as chosen is the page's value.
  const relativeChoices = relativeOptions.flatMap((duration) => {
    const range = relativeTimeRange(duration);
    return range ? [range] : [];
  });
  return (
    <Popover open={open} onOpenChange={(_, data) => setOpen(data.open)} positioning="below-end" trapFocus>
      <PopoverTrigger disableButtonEnhancement>
        <Button className={className} size={size} icon={<CalendarLtr20Regular />} aria-label={`${label}: ${timeRangeLabel(value)}`}>
          {timeRangeLabel(value)}
        </Button>
      </PopoverTrigger>
      <PopoverSurface className={styles.surface} aria-label={label}>
        {absolute && (
          <div className={styles.column}>
            <AbsoluteRangeForm
              initial={value.type === 'absolute' ? value : undefined}
              onSubmit={(range) => {
                setRecent(rememberRecentRange(range));
                choose(range);
              }}
              onClear={() => choose(undefined)}
            />
            {recent.length > 0 && (
              <div className={styles.list} role="group" aria-label="Recent absolute ranges">
                <Caption1Strong>Recently used absolute ranges</Caption1Strong>
                {recent.map((range) => option(range, timeRangeLabel(range), `${range.from}|${range.to}`))}
              </div>
            )}
          </div>
        )}
        {mapped && (
          <div className={styles.list} role="group" aria-label="Quick ranges">
            <Caption1Strong>Quick ranges</Caption1Strong>
            {MAPPED_RANGES.map((range) => option({ type: 'mapped', key: range.key, display: range.display }, range.display, range.key))}
          </div>
        )}
        <div className={styles.list} role="group" aria-label="Relative time ranges">
          <Caption1Strong>Relative time ranges</Caption1Strong>
          {relativeChoices.map((range) => option(range, durationText(relativeDuration(range.range) ?? range.range), range.range))}
        </div>
      </PopoverSurface>
    </Popover>
  );
}
