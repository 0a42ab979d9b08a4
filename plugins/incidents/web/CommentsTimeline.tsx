import { useState } from 'react';
import { Body1, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { usePermissions, useWhoAmI } from '@web/core/auth';
import { Avatar } from '@web/core/components/Avatar';
import { EmptyState } from '@web/core/components/EmptyState';
import { formatDateTime } from '@web/core/formatDateTime';
import { CommentComposer } from './CommentComposer';
import { authorName } from './HypothesisComments';
import { displayTitle } from './hypotheses';
import { useIncidentContext } from './IncidentContext';
import { createComment } from './incidentsApi';
import { MentionText } from './MentionText';
import type { Comment } from './types';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, listStyle: 'none', margin: 0, padding: 0 },
  item: { display: 'flex', gap: tokens.spacingHorizontalS, minWidth: 0 },
  pending: { opacity: 0.6 },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
});

/** Every comment of the incident, oldest first; new ones appear at once and are rolled back if saving fails. */
export function CommentsTimeline() {
  const styles = useStyles();
  const { can } = usePermissions();
  const { whoami } = useWhoAmI();
  const { incident, refresh } = useIncidentContext();
  const [pending, setPending] = useState<Comment[]>([]);
  const hypotheses = incident.hypotheses ?? [];
  const titles = new Map(hypotheses.map((h) => [h.id, displayTitle(h.title)]));
  const saved = hypotheses.flatMap((h) => h.comments ?? []);
  const comments = [...saved, ...pending].sort((a, b) => a.created_at.localeCompare(b.created_at));

  /** Shows the comment at once; rejects (the composer keeps the text and shows why) when saving fails. */
  const send = async (hypothesisId: string, text: string) => {
    const optimistic: Comment = {
      id: `pending-${Date.now()}`,
      incident_id: incident.id,
      hypothesis_id: hypothesisId,
      comment: text,
      created_by: whoami?.user ? { id: whoami.user.id, name: whoami.user.name, avatar: whoami.user.avatar } : null,
      created_at: new Date().toISOString(),
    };
    setPending((list) => [...list, optimistic]);
    try {
      await createComment({ incident_id: incident.id, hypothesis_id: hypothesisId, comment: text });
      await refresh();
    } finally {
      setPending((list) => list.filter((c) => c.id !== optimistic.id));
    }
  };

  return (
    <section className={styles.root} aria-label="Comments">
      {comments.length === 0 ? (
        <EmptyState message="No comments yet" />
      ) : (
        <ul className={styles.list}>
          {comments.map((comment) => (
            <li key={comment.id} className={`${styles.item} ${comment.id.startsWith('pending-') ? styles.pending : ''}`} data-testid="comment">
              <Avatar name={authorName(comment) || '?'} src={typeof comment.created_by === 'object' ? comment.created_by?.avatar : null} size={28} />
              <div className={styles.body}>
                <Caption1>
                  {authorName(comment)} · {formatDateTime(comment.created_at)}
                  {comment.hypothesis_id && ` · ${titles.get(comment.hypothesis_id) ?? ''}`}
                </Caption1>
                <Body1>
                  <MentionText text={comment.comment} />
                </Body1>
              </div>
            </li>
          ))}
        </ul>
      )}
      {can('comments', 'write') && <CommentComposer hypotheses={hypotheses} onSend={send} />}
    </section>
  );
}
