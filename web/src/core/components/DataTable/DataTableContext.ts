import { createContext, type ReactNode } from 'react';

/** Lets ag-grid's cell and full-width renderers reach the wrapper's state (they render inside the grid). */
export interface DataTableContextValue {
  toggleGroup(key: string): void;
  toggleRow(rowId: string): void;
  renderDetail?: (row: unknown) => ReactNode;
}

export const DataTableContext = createContext<DataTableContextValue>({
  toggleGroup: () => undefined,
  toggleRow: () => undefined,
});
