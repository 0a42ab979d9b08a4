import { useContext } from 'react';
import { Button } from '@fluentui/react-components';
import { ChevronDown16Regular, ChevronRight16Regular } from '@fluentui/react-icons';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { DataTableContext } from './DataTableContext';
import type { DisplayRow } from './types';

/** The first cell of an expandable row. */
export function RowExpandToggle({ data }: CustomCellRendererProps<DisplayRow<unknown>>) {
  const context = useContext(DataTableContext);
  if (data?.kind !== 'data') return null;
  return (
    <Button
      appearance="subtle"
      size="small"
      data-row-toggle
      aria-expanded={data.expanded}
      aria-label={data.expanded ? 'Collapse row' : 'Expand row'}
      icon={data.expanded ? <ChevronDown16Regular /> : <ChevronRight16Regular />}
      onClick={() => context.toggleRow(data.id)}
    />
  );
}
