import { useState } from 'react';
import { Button, MessageBar, MessageBarBody, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { DateTimeField } from './DateTimeField';
import { type LocalDateTime, fromLocalDateTime, toLocalDateTime } from './localDateTime';
import { absoluteTimeRange } from './resolve';
import type { AbsoluteTimeRange as AbsoluteRange } from './types';

export const FROM_AFTER_TO = 'From must be before To';
export const INVALID_DATE = 'Enter dates as YYYY-MM-DD and times as HH:MM';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS },
});

/**
 * Spec 03 §2/§5: From and To with a calendar, Clear and Submit. Submit stays disabled until both dates are set and
 * From is before To; Clear empties the form and removes the page's range (`onClear`).
 */
export function AbsoluteRangeForm({ initial, onSubmit, onClear }: { initial?: AbsoluteRange; onSubmit(range: AbsoluteRange): void; onClear(): void }) {
  const styles = useStyles();
  const [from, setFrom] = useState<LocalDateTime>(() => toLocalDateTime(initial?.from ?? ''));
  const [to, setTo] = useState<LocalDateTime>(() => toLocalDateTime(initial?.to ?? ''));
  const fromDate = fromLocalDateTime(from);
  // A To typed without a time covers its whole day.
  const toDate = fromLocalDateTime(to.time ? to : { ...to, time: '23:59:59' });
  const bothSet = from.date.trim() !== '' && to.date.trim() !== '';
  const error = !bothSet ? undefined : !fromDate || !toDate ? INVALID_DATE : fromDate > toDate ? FROM_AFTER_TO : undefined;
  return (
    <form
      className={styles.form}
      aria-label="Absolute time range"
      onSubmit={(event) => {
        event.preventDefault();
        if (bothSet && !error && fromDate && toDate) onSubmit(absoluteTimeRange(fromDate, toDate));
      }}
    >
      <Subtitle2>Absolute time range</Subtitle2>
      <DateTimeField label="From" value={from} onChange={setFrom} />
      <DateTimeField label="To" value={to} onChange={setTo} />
      {error && (
        <MessageBar intent="error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.buttons}>
        <Button
          type="button"
          onClick={() => {
            setFrom({ date: '', time: '' });
            setTo({ date: '', time: '' });
            onClear();
          }}
        >
          Clear
        </Button>
        <Button type="submit" appearance="primary" disabled={!bothSet || !!error}>
          Submit
        </Button>
      </div>
    </form>
  );
}
