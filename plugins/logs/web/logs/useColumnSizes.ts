import { useCallback, useEffect, useRef, useState } from 'react';
import { readStored, writeStored } from '@web/core/hooks/useLocalStorage';

/** Spec 01 /logs: where the log table's column widths are remembered, and how long after a resize they are saved. */
export const COLUMN_SIZES_KEY = 'logsTableColumnSizes';
export const COLUMN_SIZES_SAVE_MS = 500;
export const MIN_COLUMN_WIDTH = 80;

export type ColumnSizes = Record<string, number>;

/** Only positive numbers are taken from storage (it may hold anything). */
function storedSizes(defaults: ColumnSizes): ColumnSizes {
  const stored = readStored<unknown>(COLUMN_SIZES_KEY, {});
  const sizes = { ...defaults };
  if (typeof stored === 'object' && stored !== null) {
    for (const [column, width] of Object.entries(stored)) {
      if (typeof width === 'number' && Number.isFinite(width) && width > 0) sizes[column] = Math.max(MIN_COLUMN_WIDTH, width);
    }
  }
  return sizes;
}

/**
 * The log table's column widths: the stored ones over `defaults`. A resize shows at once; the widths are written to
 * localStorage 500 ms after the last change (a drag changes them many times a second), and on leaving the page.
 */
export function useColumnSizes(defaults: ColumnSizes): [ColumnSizes, (column: string, width: number) => void] {
  const [sizes, setSizes] = useState<ColumnSizes>(() => storedSizes(defaults));
  const pending = useRef<ColumnSizes | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (pending.current) writeStored(COLUMN_SIZES_KEY, pending.current);
    pending.current = null;
  }, []);
  useEffect(() => flush, [flush]);

  const latest = useRef(sizes);
  const resize = useCallback(
    (column: string, width: number) => {
      const next = { ...latest.current, [column]: Math.max(MIN_COLUMN_WIDTH, Math.round(width)) };
      latest.current = next;
      pending.current = next;
      setSizes(next);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, COLUMN_SIZES_SAVE_MS);
    },
    [flush],
  );
  return [sizes, resize];
}
