import { Body1, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { EmptyState } from '@web/core/components/EmptyState';
import { displayTitle, shownHypothesisStatus } from './hypotheses';
import { useIncidentContext } from './IncidentContext';

const useStyles = makeStyles({ list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS } });

/** The solutions proposed so far, with their status. */
export function ActionPlan() {
  const styles = useStyles();
  const { incident } = useIncidentContext();
  const solutions = (incident.hypotheses ?? []).filter((h) => h.type === 'solution');
  if (solutions.length === 0) return <EmptyState message="No solutions proposed yet" />;
  return (
    <ol className={styles.list}>
      {solutions.map((solution) => (
        <li key={solution.id}>
          <Body1>{displayTitle(solution.title)}</Body1> <Caption1>{shownHypothesisStatus(solution.status)}</Caption1>
        </li>
      ))}
    </ol>
  );
}
