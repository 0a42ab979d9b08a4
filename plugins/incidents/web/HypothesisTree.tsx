import { Button, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { useQueryState } from '@web/core/hooks/useQueryState';
import { childrenOf } from './hypotheses';
import { HypothesisNode } from './HypothesisNode';
import { useIncidentContext } from './IncidentContext';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between' },
});

/** Root → factor → solution; `?comments=true` expands every hypothesis's comments. */
export function HypothesisTree() {
  const styles = useStyles();
  const { incident } = useIncidentContext();
  const [comments, setComments] = useQueryState('comments', 'false');
  const expanded = comments === 'true';
  const roots = childrenOf(incident.hypotheses ?? [], null);
  return (
    <section className={styles.root} aria-label="Hypotheses">
      <div className={styles.header}>
        <Subtitle2>Hypotheses</Subtitle2>
        <Button appearance="subtle" onClick={() => setComments(expanded ? 'false' : 'true')}>
          {expanded ? 'Collapse All' : 'Expand All'}
        </Button>
      </div>
      {roots.map((root) => (
        <HypothesisNode key={root.id} hypothesis={root} expandComments={expanded} />
      ))}
    </section>
  );
}
