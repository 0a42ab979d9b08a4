import { useId, useState } from 'react';
import { Button, Caption1, Field, MessageBar, MessageBarBody, Select, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Send20Regular } from '@fluentui/react-icons';
import { COMMENT_MAX_LENGTH, COMMENT_TOO_LONG_MESSAGE } from '@contracts';
import { errorMessage } from '@web/core/api';
import { displayTitle } from './hypotheses';
import { MentionInput } from './MentionInput';
import { withMentionMarkup } from './mentions';
import type { Hypothesis, PersonRef } from './types';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalS },
  box: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, flexGrow: 1 },
  counter: { alignSelf: 'flex-end', color: tokens.colorNeutralForeground3 },
  over: { color: tokens.colorPaletteRedForeground1 },
});

export const SELECT_HYPOTHESIS_MESSAGE = 'Please select any hypothesis';
export const EMPTY_COMMENT_MESSAGE = 'Please add comment details';
const COUNT = new Intl.NumberFormat('en-US');

export interface CommentComposerProps {
  hypotheses: readonly Hypothesis[];
  /** Saves the comment; a rejection keeps the text in the box and shows why. */
  onSend(hypothesisId: string, comment: string): Promise<void>;
}

/**
 * The hypothesis selector and comment box. Send is disabled while the text is empty, over the server's length limit
 * (counted as sent, mentions as markup) or sending; the text is cleared only once the comment is saved.
 */
export function CommentComposer({ hypotheses, onSend }: CommentComposerProps) {
  const styles = useStyles();
  const counterId = useId();
  const root = hypotheses.find((h) => h.type === 'root');
  const [hypothesisId, setHypothesisId] = useState(root?.id ?? '');
  const [text, setText] = useState('');
  const [mentions, setMentions] = useState<PersonRef[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const comment = withMentionMarkup(text.trim(), mentions);
  const tooLong = comment.length > COMMENT_MAX_LENGTH;

  const send = async () => {
    if (sending) return;
    if (!hypothesisId) return setMessage(SELECT_HYPOTHESIS_MESSAGE);
    if (!comment) return setMessage(EMPTY_COMMENT_MESSAGE);
    if (tooLong) return setMessage(COMMENT_TOO_LONG_MESSAGE);
    setMessage(null);
    setSending(true);
    try {
      await onSend(hypothesisId, comment);
      setText('');
      setMentions([]);
    } catch (error) {
      setMessage(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  // A message about a condition that no longer holds goes away with it.
  const changeHypothesis = (id: string) => {
    setHypothesisId(id);
    if (id && message === SELECT_HYPOTHESIS_MESSAGE) setMessage(null);
  };
  const changeText = (value: string) => {
    setText(value);
    if (value.trim() && message === EMPTY_COMMENT_MESSAGE) setMessage(null);
    if (message === COMMENT_TOO_LONG_MESSAGE && withMentionMarkup(value.trim(), mentions).length <= COMMENT_MAX_LENGTH) setMessage(null);
  };

  return (
    <div className={styles.root}>
      {message && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{message}</MessageBarBody>
        </MessageBar>
      )}
      <Field label="Hypothesis">
        <Select value={hypothesisId} onChange={(_, data) => changeHypothesis(data.value)}>
          <option value="">Select a hypothesis</option>
          {hypotheses.map((h) => (
            <option key={h.id} value={h.id}>
              {displayTitle(h.title)}
            </option>
          ))}
        </Select>
      </Field>
      <div className={styles.row}>
        <div className={styles.box}>
          <MentionInput
            value={text}
            onChange={changeText}
            onSubmit={() => void send()}
            onMention={(person) => setMentions((list) => [...list, person])}
            describedBy={counterId}
          />
          <Caption1 id={counterId} className={mergeClasses(styles.counter, tooLong && styles.over)}>
            {tooLong
              ? `${COMMENT_TOO_LONG_MESSAGE} (${COUNT.format(comment.length)})`
              : `${COUNT.format(comment.length)} / ${COUNT.format(COMMENT_MAX_LENGTH)}`}
          </Caption1>
        </div>
        <Button appearance="primary" icon={<Send20Regular />} disabled={!text.trim() || tooLong || sending} onClick={() => void send()}>
          {sending ? 'Sending...' : 'Send'}
        </Button>
      </div>
    </div>
  );
}
