import { Body1, Button, Caption1, Card, CardFooter, CardHeader, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Delete20Regular, Edit20Regular, Play20Regular } from '@fluentui/react-icons';
import { PlaybookIcon } from '../PlaybookIcon';
import { actionCount, actionCountText, playbookTitle } from './playbookGroups';
import type { PlaybookRow } from './playbooksApi';

const useStyles = makeStyles({
  card: { width: '300px', maxWidth: '100%' },
  description: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  footer: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
});

export interface PlaybookCardProps {
  playbook: PlaybookRow;
  /** Edit and Delete (write on playbooks). */
  canWrite: boolean;
  /** Run (write on playbooks and on playbook_runs). */
  canRun: boolean;
  /** Its document is being read for the spec form. */
  opening?: boolean;
  onRun(): void;
  onEdit(): void;
  onDelete(): void;
}

/** A card of /playbooks: icon, title, description, action count, and Run, Edit, Delete for who may (spec 02). */
export function PlaybookCard({ playbook, canWrite, canRun, opening = false, onRun, onEdit, onDelete }: PlaybookCardProps) {
  const styles = useStyles();
  const title = playbookTitle(playbook);
  const description = playbook.description ?? playbook.spec?.description;
  return (
    <Card className={styles.card} role="article" aria-label={title}>
      <CardHeader
        image={<PlaybookIcon icon={playbook.icon ?? playbook.spec?.icon} />}
        header={<Text weight="semibold">{title}</Text>}
        description={<Caption1>{actionCountText(actionCount(playbook))}</Caption1>}
      />
      {description && <Body1 className={styles.description}>{description}</Body1>}
      {(canRun || canWrite) && (
        <CardFooter className={styles.footer}>
          {canRun && (
            <Button appearance="primary" size="small" icon={<Play20Regular />} onClick={onRun}>
              Run
            </Button>
          )}
          {canWrite && (
            <Button size="small" icon={<Edit20Regular />} disabled={opening} onClick={onEdit}>
              Edit
            </Button>
          )}
          {canWrite && (
            <Button size="small" appearance="subtle" icon={<Delete20Regular />} onClick={onDelete}>
              Delete
            </Button>
          )}
        </CardFooter>
      )}
    </Card>
  );
}
