import { Body1, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { formatDateTime } from '@web/core/formatDateTime';
import { MentionText } from './MentionText';
import type { Comment } from './types';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, margin: 0, paddingLeft: tokens.spacingHorizontalL },
  item: { display: 'flex', flexDirection: 'column' },
});

export function authorName(comment: Comment): string {
  if (comment.created_by && typeof comment.created_by === 'object') return comment.created_by.name;
  return comment.external_created_by ?? '';
}

/** A hypothesis's comments, oldest first. */
export function HypothesisComments({ comments }: { comments: readonly Comment[] }) {
  const styles = useStyles();
  if (comments.length === 0) return <Caption1>No comments</Caption1>;
  const sorted = [...comments].sort((a, b) => a.created_at.localeCompare(b.created_at));
  return (
    <ul className={styles.list} data-testid="hypothesis-comments">
      {sorted.map((comment) => (
        <li key={comment.id} className={styles.item}>
          <Caption1>
            {authorName(comment)} · {formatDateTime(comment.created_at)}
          </Caption1>
          <Body1>
            <MentionText text={comment.comment} />
          </Body1>
        </li>
      ))}
    </ul>
  );
}
