import { useRef, useState } from 'react';
import { Button, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import useSWR from 'swr';
import { Avatar } from '@web/core/components/Avatar';
import { PEOPLE_KEY } from './AddResponderDialog';
import { mentionQueryAt, mentionToken } from './mentions';
import type { PersonRef } from './types';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, flexGrow: 1 },
  suggestions: {
    display: 'flex',
    flexDirection: 'column',
    maxWidth: '300px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  suggestion: { justifyContent: 'flex-start' },
});

const MAX_SUGGESTIONS = 8;

export interface MentionInputProps {
  value: string;
  onChange(value: string): void;
  onSubmit(): void;
  /** A person was picked from the suggestions (their `@Name` token is now in the text). */
  onMention(person: PersonRef): void;
  disabled?: boolean;
  /** Ties the box to the message under it (the length counter). */
  describedBy?: string;
}

/**
 * A comment box: typing '@' suggests people; picking one shows `@Name` in the box and reports the person, so the
 * sender can turn the token into `@[name](user:id)` markup. Ctrl/⌘+Enter sends.
 */
export function MentionInput({ value, onChange, onSubmit, onMention, disabled, describedBy }: MentionInputProps) {
  const styles = useStyles();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [query, setQuery] = useState<{ start: number; query: string } | null>(null);
  const { data: people } = useSWR<PersonRef[]>(query ? PEOPLE_KEY : null);
  const matches = query ? (people ?? []).filter((p) => p.name.toLowerCase().includes(query.query.toLowerCase())).slice(0, MAX_SUGGESTIONS) : [];

  const update = (text: string, caret: number) => {
    onChange(text);
    setQuery(mentionQueryAt(text, caret));
  };

  const pick = (person: PersonRef) => {
    if (!query) return;
    const caret = query.start + 1 + query.query.length;
    const inserted = `${mentionToken(person)} `;
    onChange(value.slice(0, query.start) + inserted + value.slice(caret));
    onMention(person);
    setQuery(null);
    ref.current?.focus();
  };

  return (
    <div className={styles.root}>
      <Textarea
        ref={ref}
        aria-label="Comment"
        aria-describedby={describedBy}
        placeholder="Add a comment, @ to mention someone"
        value={value}
        disabled={disabled}
        resize="vertical"
        onChange={(event, data) => update(data.value, event.target.selectionStart ?? data.value.length)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            onSubmit();
          }
          if (event.key === 'Escape') setQuery(null);
        }}
      />
      {matches.length > 0 && (
        <div className={styles.suggestions} role="listbox" aria-label="People">
          {matches.map((person) => (
            <Button
              key={person.id}
              role="option"
              aria-selected={false}
              className={styles.suggestion}
              appearance="subtle"
              icon={<Avatar name={person.name} src={person.avatar} size={20} />}
              onClick={() => pick(person)}
            >
              {person.name}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}
