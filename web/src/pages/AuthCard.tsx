import type { ReactNode } from 'react';
import { Card, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { Pulse24Regular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  page: {
    minHeight: '100vh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground2,
    boxSizing: 'border-box',
  },
  card: { width: '100%', maxWidth: '400px', padding: tokens.spacingHorizontalXXL, gap: tokens.spacingVerticalL },
  brand: { color: tokens.colorBrandForeground1, fontSize: '32px' },
});

/** The centred card of the sign-in and account pages. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.page}>
      <Card className={styles.card}>
        <Pulse24Regular className={styles.brand} />
        <Title2 as="h1">{title}</Title2>
        {children}
      </Card>
    </div>
  );
}
