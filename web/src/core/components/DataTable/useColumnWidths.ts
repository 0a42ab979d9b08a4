import { useCallback, useState } from 'react';
import { readStored, writeStored } from '@web/core/hooks/useLocalStorage';

export type ColumnWidths = Record<string, number>;

export function columnWidthsKey(tableId: string): string {
  return `datatable.${tableId}.columnWidths`;
}

/** Column widths the user set, remembered per table id in localStorage. */
export function useColumnWidths(tableId: string): [ColumnWidths, (changes: ColumnWidths) => void] {
  const [widths, setWidths] = useState<ColumnWidths>(() => readStored<ColumnWidths>(columnWidthsKey(tableId), {}));
  const save = useCallback(
    (changes: ColumnWidths) => {
      setWidths((previous) => {
        const next = { ...previous, ...changes };
        writeStored(columnWidthsKey(tableId), next);
        return next;
      });
    },
    [tableId],
  );
  return [widths, save];
}
