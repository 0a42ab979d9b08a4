import type { ReactNode } from 'react';
import { Title3, makeStyles, tokens } from '@fluentui/react-components';
import { GoBackLink } from './GoBackLink';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingVerticalXXXL,
    textAlign: 'center',
    flexGrow: 1,
  },
});

/** Full-page notice with a heading, a message and a Go back link (unauthorized, not found, bad session...). */
export function NoticePage({ title, children, testId }: { title: string; children?: ReactNode; testId?: string }) {
  const styles = useStyles();
  return (
    <div className={styles.root} data-testid={testId}>
      <Title3 as="h1">{title}</Title3>
      {children}
      <GoBackLink />
    </div>
  );
}
