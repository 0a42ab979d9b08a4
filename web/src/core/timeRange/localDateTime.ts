/** The absolute form edits local dates and times (`YYYY-MM-DD`, `HH:MM`); ranges keep ISO instants. */
export interface LocalDateTime {
  date: string;
  time: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

export function localDate(value: Date): string {
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/** An ISO instant as the browser's local date and time; blank parts when it is not a date. */
export function toLocalDateTime(iso: string): LocalDateTime {
  const value = iso ? new Date(iso) : undefined;
  if (!value || Number.isNaN(value.getTime())) return { date: '', time: '' };
  return { date: localDate(value), time: `${pad(value.getHours())}:${pad(value.getMinutes())}` };
}

/** A local `YYYY-MM-DD` (and `HH:MM`, midnight when blank) as a Date; undefined when the date is not a real day. */
export function fromLocalDateTime({ date, time }: LocalDateTime): Date | undefined {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  const clock = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(time.trim() || '00:00');
  if (!day || !clock) return undefined;
  const [year, month, dayOfMonth] = day.slice(1).map(Number);
  const [hours, minutes, seconds = 0] = clock.slice(1).map((part) => Number(part ?? 0));
  if (hours > 23 || minutes > 59 || seconds > 59) return undefined;
  const value = new Date(year, month - 1, dayOfMonth, hours, minutes, seconds);
  return value.getFullYear() === year && value.getMonth() === month - 1 && value.getDate() === dayOfMonth ? value : undefined;
}
