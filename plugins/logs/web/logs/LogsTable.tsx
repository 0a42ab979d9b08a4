import { type KeyboardEvent, type PointerEvent, type ReactNode, memo, useEffect, useRef, useState } from 'react';
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { LogLine } from '@contracts';
import { type ColumnSizes, useColumnSizes } from './useColumnSizes';

/** Rows rendered at first; scrolling to the end doubles it (spec 01 §9 virtual paging), so 5,000 lines stay cheap. */
export const LOG_PAGE_SIZE = 100;
const RESIZE_STEP = 16;
export const DEFAULT_COLUMN_SIZES: ColumnSizes = { time: 210, message: 520, labels: 360 };
const COLUMNS = [
  { id: 'time', header: 'Time' },
  { id: 'message', header: 'Message' },
  { id: 'labels', header: 'Labels' },
] as const;

const useStyles = makeStyles({
  scroller: { overflow: 'auto', maxHeight: 'calc(100vh - 280px)', minHeight: '200px', border: `1px solid ${tokens.colorNeutralStroke2}` },
  table: { tableLayout: 'fixed', borderCollapse: 'collapse', minWidth: '100%', fontSize: tokens.fontSizeBase200 },
  th: {
    position: 'sticky',
    top: 0,
    zIndex: 1,
    textAlign: 'left',
    fontWeight: tokens.fontWeightSemibold,
    backgroundColor: tokens.colorNeutralBackground2,
    borderBottom: `1px solid ${tokens.colorNeutralStroke1}`,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    height: '36px',
  },
  headerCell: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, paddingRight: tokens.spacingHorizontalS },
  resizer: {
    position: 'absolute',
    top: 0,
    right: 0,
    bottom: 0,
    width: '6px',
    cursor: 'col-resize',
    touchAction: 'none',
    ':hover': { backgroundColor: tokens.colorBrandStroke1 },
    ':focus-visible': { backgroundColor: tokens.colorBrandStroke1, outline: 'none' },
  },
  td: {
    verticalAlign: 'top',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
    overflow: 'hidden',
  },
  time: { whiteSpace: 'nowrap', fontFamily: tokens.fontFamilyMonospace },
  timeLabel: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalS, cursor: 'pointer' },
  message: { fontFamily: tokens.fontFamilyMonospace, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  label: {
    display: 'inline-block',
    margin: '0 4px 2px 0',
    padding: '0 4px',
    borderRadius: tokens.borderRadiusSmall,
    backgroundColor: tokens.colorNeutralBackground3,
    overflowWrap: 'anywhere',
  },
  selected: { backgroundColor: tokens.colorBrandBackground2 },
  error: { boxShadow: `inset 3px 0 0 ${tokens.colorPaletteRedBorder2}` },
  warn: { boxShadow: `inset 3px 0 0 ${tokens.colorPaletteDarkOrangeBorder2}` },
  more: { alignSelf: 'center' },
});

const timeFormat = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  fractionalSecondDigits: 3,
});

/** A line's time to the millisecond (log lines a second apart matter); as sent when it is not a date. */
export function formatLogTime(timestamp: string): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? timestamp : timeFormat.format(date);
}

function levelClass(styles: ReturnType<typeof useStyles>, level: string | undefined): string | undefined {
  const value = level?.toLowerCase() ?? '';
  if (/^(error|err|fatal|crit|critical|panic|emerg|alert)/.test(value)) return styles.error;
  if (/^warn/.test(value)) return styles.warn;
  return undefined;
}

interface LogRowProps {
  line: LogLine;
  index: number;
  selected: boolean;
  onToggle(index: number): void;
}

/** One line: plain elements only (no Fluent components per line), re-rendered only when its selection changes. */
const LogRow = memo(function LogRow({ line, index, selected, onToggle }: LogRowProps) {
  const styles = useStyles();
  const labels = Object.entries(line.labels ?? {});
  return (
    <tr className={selected ? styles.selected : undefined} aria-selected={selected}>
      <td className={mergeClasses(styles.td, styles.time, levelClass(styles, line.level))}>
        <label className={styles.timeLabel}>
          <input type="checkbox" aria-label={`Select line ${index + 1}`} checked={selected} onChange={() => onToggle(index)} />
          <time dateTime={line.timestamp} title={line.timestamp}>
            {formatLogTime(line.timestamp)}
          </time>
        </label>
      </td>
      <td className={mergeClasses(styles.td, styles.message)}>{line.message}</td>
      <td className={styles.td}>
        {labels.map(([key, value]) => (
          <span key={key} className={styles.label}>
            {key}={value}
          </span>
        ))}
      </td>
    </tr>
  );
});

function SelectAll({ count, total, onToggleAll }: { count: number; total: number; onToggleAll(): void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = count > 0 && count < total;
  }, [count, total]);
  return <input ref={ref} type="checkbox" aria-label="Select all lines" checked={total > 0 && count === total} disabled={total === 0} onChange={onToggleAll} />;
}

/** The drag handle (and, for the keyboard, a separator taking the arrow keys) at a header's right edge. */
function Resizer({ column, header, width, onResize }: { column: string; header: string; width: number; onResize(column: string, width: number): void }) {
  const styles = useStyles();
  const start = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    const from = event.clientX;
    const move = (e: globalThis.PointerEvent) => onResize(column, width + e.clientX - from);
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
  const key = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft') onResize(column, width - RESIZE_STEP);
    else if (event.key === 'ArrowRight') onResize(column, width + RESIZE_STEP);
    else return;
    event.preventDefault();
  };
  return (
    <div
      className={styles.resizer}
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize ${header} column`}
      aria-valuenow={width}
      tabIndex={0}
      onPointerDown={start}
      onKeyDown={key}
    />
  );
}

export interface LogsTableProps {
  lines: readonly LogLine[];
  /** Indexes of the selected lines in `lines`. */
  selected: ReadonlySet<number>;
  onToggle(index: number): void;
  onToggleAll(): void;
  /** In the Message header: the add-evidence button. */
  messageAction?: ReactNode;
}

/**
 * The log lines (spec 01 /logs): Time (with each line's checkbox and Select all), Message (with the add-evidence
 * button) and Labels. Columns resize by dragging a header's edge (or its arrow keys); widths are remembered under
 * `logsTableColumnSizes`. The first 100 lines are rendered, twice as many each time the user scrolls to the end.
 */
export function LogsTable({ lines, selected, onToggle, onToggleAll, messageAction }: LogsTableProps) {
  const styles = useStyles();
  const [sizes, resize] = useColumnSizes(DEFAULT_COLUMN_SIZES);
  const [shown, setShown] = useState(LOG_PAGE_SIZE);
  const total = COLUMNS.reduce((sum, column) => sum + sizes[column.id], 0);
  const visible = lines.length > shown ? lines.slice(0, shown) : lines;
  const more = () => setShown((count) => count * 2);

  return (
    <>
      <div
        className={styles.scroller}
        onScroll={(event) => {
          const box = event.currentTarget;
          if (shown < lines.length && box.scrollTop + box.clientHeight >= box.scrollHeight - 200) more();
        }}
      >
        <table className={styles.table} style={{ width: `${total}px` }} aria-label="Log lines" aria-rowcount={lines.length + 1}>
          <colgroup>
            {COLUMNS.map((column) => (
              <col key={column.id} style={{ width: `${sizes[column.id]}px` }} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th key={column.id} className={styles.th} scope="col">
                  <div className={styles.headerCell}>
                    {column.id === 'time' && <SelectAll count={selected.size} total={lines.length} onToggleAll={onToggleAll} />}
                    <span>{column.header}</span>
                    {column.id === 'message' && messageAction}
                  </div>
                  <Resizer column={column.id} header={column.header} width={sizes[column.id]} onResize={resize} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {visible.map((line, index) => (
              <LogRow key={index} line={line} index={index} selected={selected.has(index)} onToggle={onToggle} />
            ))}
          </tbody>
        </table>
      </div>
      {shown < lines.length && (
        <Button className={styles.more} appearance="subtle" onClick={more}>
          {`Show more (${lines.length - shown} more lines)`}
        </Button>
      )}
    </>
  );
}
