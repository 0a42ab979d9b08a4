import { useContext, type ReactNode } from 'react';
import { Button, CounterBadge, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronDown16Regular, ChevronRight16Regular } from '@fluentui/react-icons';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { DataTableContext } from './DataTableContext';
import type { DisplayRow } from './types';

const useStyles = makeStyles({
  toggle: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, height: '100%', minWidth: 0, fontWeight: tokens.fontWeightSemibold },
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

type GroupRow = Extract<DisplayRow<unknown>, { kind: 'group' }>;

/** A group's expand/collapse button, then `children`: the group's own cell, else its key and count. */
export function GroupToggle({ group, children }: { group: GroupRow; children?: ReactNode }) {
  const styles = useStyles();
  const context = useContext(DataTableContext);
  return (
    <span className={styles.toggle} data-testid="datatable-group">
      <Button
        appearance="subtle"
        size="small"
        data-row-toggle
        aria-expanded={group.expanded}
        aria-label={`${group.expanded ? 'Collapse' : 'Expand'} group ${group.key}`}
        icon={group.expanded ? <ChevronDown16Regular /> : <ChevronRight16Regular />}
        onClick={() => context.toggleGroup(group.key)}
      />
      {children ?? (
        <>
          <span>{group.key}</span>
          <CounterBadge count={group.count} appearance="ghost" color="informative" overflowCount={100000} />
        </>
      )}
    </span>
  );
}

/** Group headers (label, count, expand/collapse) and detail rows, both spanning the full width. */
export function FullWidthRow({ data }: CustomCellRendererProps<DisplayRow<unknown>>) {
  const styles = useStyles();
  const context = useContext(DataTableContext);
  if (!data) return null;
  if (data.kind === 'group') {
    return (
      <div className={styles.group}>
        <GroupToggle group={data} />
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
