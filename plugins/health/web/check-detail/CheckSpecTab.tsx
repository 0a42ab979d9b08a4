import { useMemo } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { EmptyState } from '@web/core/components/EmptyState';
import { toYaml } from './toYaml';

const useStyles = makeStyles({
  pre: {
    margin: 0,
    padding: tokens.spacingHorizontalM,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'auto',
    maxHeight: '50vh',
  },
});

/** The check as written in its canary, read-only (edit it in the canary editor). */
export function CheckSpecTab({ spec }: { spec: Record<string, unknown> | null }) {
  const styles = useStyles();
  const yaml = useMemo(() => (spec ? toYaml(spec) : ''), [spec]);
  if (!spec || Object.keys(spec).length === 0) return <EmptyState message="This check has no spec" />;
  return (
    <pre className={styles.pre} aria-label="Check spec" data-testid="check-spec">
      {yaml}
    </pre>
  );
}
