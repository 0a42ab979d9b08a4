import type { CustomNoRowsOverlayProps } from 'ag-grid-react';

export const NO_DATA_MESSAGE = 'No data available';

/** The grid's empty message (spec 01 §2: 'No data available'). */
export function EmptyOverlay({ message = NO_DATA_MESSAGE }: CustomNoRowsOverlayProps & { message?: string }) {
  return (
    <span role="status" data-testid="datatable-empty">
      {message}
    </span>
  );
}
