import { useState } from 'react';
import { Button, Field, MessageBar, MessageBarBody, Select, makeStyles, tokens } from '@fluentui/react-components';
import { Send20Regular } from '@fluentui/react-icons';
import { displayTitle } from './hypotheses';
import { MentionInput } from './MentionInput';
import type { Hypothesis } from './types';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalS },
});

export const SELECT_HYPOTHESIS_MESSAGE = 'Please select any hypothesis';
export const EMPTY_COMMENT_MESSAGE = 'Please add comment details';

export interface CommentComposerProps {
  hypotheses: readonly Hypothesis[];
  onSend(hypothesisId: string, comment: string): void;
}

/** The hypothesis selector and comment box; send is disabled while the text is empty. */
export function CommentComposer({ hypotheses, onSend }: CommentComposerProps) {
  const styles = useStyles();
  const root = hypotheses.find((h) => h.type === 'root');
  const [hypothesisId, setHypothesisId] = useState(root?.id ?? '');
  const [text, setText] = useState('');
  const [message, setMessage] = useState<string | null>(null);

  const send = () => {
    if (!hypothesisId) return setMessage(SELECT_HYPOTHESIS_MESSAGE);
    if (!text.trim()) return setMessage(EMPTY_COMMENT_MESSAGE);
    setMessage(null);
    onSend(hypothesisId, text.trim());
    setText('');
  };

  return (
    <div className={styles.root}>
      {message && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{message}</MessageBarBody>
        </MessageBar>
      )}
      <Field label="Hypothesis">
        <Select value={hypothesisId} onChange={(_, data) => setHypothesisId(data.value)}>
          <option value="">Select a hypothesis</option>
          {hypotheses.map((h) => (
            <option key={h.id} value={h.id}>
              {displayTitle(h.title)}
            </option>
          ))}
        </Select>
      </Field>
      <div className={styles.row}>
        <MentionInput value={text} onChange={setText} onSubmit={send} />
        <Button appearance="primary" icon={<Send20Regular />} disabled={!text.trim()} onClick={send}>
          Send
        </Button>
      </div>
    </div>
  );
}
