import type { ReactNode } from 'react';
import { Body1, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalXXL,
    textAlign: 'center',
    color: tokens.colorNeutralForeground3,
  },
  icon: { fontSize: '40px' },
});

export interface EmptyStateProps {
  message: string;
  title?: string;
  icon?: ReactNode;
  action?: ReactNode;
}

/** A centred message for "nothing here" and for full-page notices. */
export function EmptyState({ message, title, icon, action }: EmptyStateProps) {
  const styles = useStyles();
  return (
    <div className={styles.root} data-testid="empty-state">
      {icon && <span className={styles.icon}>{icon}</span>}
      {title && <Subtitle2>{title}</Subtitle2>}
      <Body1>{message}</Body1>
      {action}
    </div>
  );
}
