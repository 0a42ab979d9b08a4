import { useState } from 'react';
import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { Calendar, DayOfWeek } from '@fluentui/react-calendar-compat';
import { Calendar20Regular } from '@fluentui/react-icons';
import { type LocalDateTime, fromLocalDateTime, localDate } from './localDateTime';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  date: { width: '130px' },
  time: { width: '110px' },
});

/** One end of an absolute range: a date typed or picked on a calendar, and a time. */
export function DateTimeField({ label, value, onChange }: { label: string; value: LocalDateTime; onChange(next: LocalDateTime): void }) {
  const styles = useStyles();
  const [calendarOpen, setCalendarOpen] = useState(false);
  const picked = fromLocalDateTime({ date: value.date, time: '' });
  return (
    <Field label={label}>
      <div className={styles.row}>
        <Input
          className={styles.date}
          aria-label={`${label} date`}
          placeholder="YYYY-MM-DD"
          value={value.date}
          onChange={(_, data) => onChange({ ...value, date: data.value })}
        />
        <Button
          appearance="subtle"
          icon={<Calendar20Regular />}
          aria-label={`Choose ${label} date`}
          aria-expanded={calendarOpen}
          onClick={() => setCalendarOpen((open) => !open)}
        />
        <Input
          className={styles.time}
          type="time"
          aria-label={`${label} time`}
          value={value.time}
          onChange={(_, data) => onChange({ ...value, time: data.value })}
        />
      </div>
      {calendarOpen && (
        <Calendar
          // A calendar's value is controlled once set: a new one when the date goes from none to one.
          key={picked ? 'picked' : 'none'}
          value={picked}
          // Weeks start on Monday, as the quick ranges' Previous week.
          firstDayOfWeek={DayOfWeek.Monday}
          showGoToToday
          onSelectDate={(date) => {
            onChange({ ...value, date: localDate(date) });
            setCalendarOpen(false);
          }}
        />
      )}
    </Field>
  );
}
