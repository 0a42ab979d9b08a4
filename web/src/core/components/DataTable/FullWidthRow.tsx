import { useContext } from 'react';
import { Button, CounterBadge, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronDown16Regular, ChevronRight16Regular } from '@fluentui/react-icons';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { DataTableContext } from './DataTableContext';
import type { DisplayRow } from './types';

const useStyles = makeStyles({
  group: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    height: '100%',
    paddingInline: tokens.spacingHorizontalS,
    backgroundColor: tokens.colorNeutralBackground3,
    fontWeight: tokens.fontWeightSemibold,
  },
  detail: {
    height: '100%',
    overflow: 'auto',
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground2,
    boxSizing: 'border-box',
  },
});

/** Group headers (label, count, expand/collapse) and detail rows, both spanning the full width. */
export function FullWidthRow({ data }: CustomCellRendererProps<DisplayRow<unknown>>) {
  const styles = useStyles();
  const context = useContext(DataTableContext);
  if (!data) return null;
  if (data.kind === 'group') {
    return (
      <div className={styles.group} data-testid="datatable-group">
        <Button
          appearance="subtle"
          size="small"
          data-row-toggle
          aria-expanded={data.expanded}
          aria-label={`${data.expanded ? 'Collapse' : 'Expand'} group ${data.key}`}
          icon={data.expanded ? <ChevronDown16Regular /> : <ChevronRight16Regular />}
          onClick={() => context.toggleGroup(data.key)}
        />
        <span>{data.key}</span>
        <CounterBadge count={data.count} appearance="ghost" color="informative" overflowCount={100000} />
      </div>
    );
  }
  if (data.kind === 'detail') {
    return (
      <div className={styles.detail} data-testid="datatable-detail">
        {context.renderDetail?.(data.row)}
      </div>
    );
  }
  return null;
}
