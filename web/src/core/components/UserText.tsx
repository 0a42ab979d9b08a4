import type { ReactNode } from 'react';
import { makeStyles, mergeClasses } from '@fluentui/react-components';

/**
 * Text that users wrote (comments, evidence, descriptions, check messages) wraps a long word without spaces (a URL,
 * a token, a stack line) instead of running out of its column, and keeps its line breaks. `minWidth: 0` lets it shrink
 * inside a flex row, where an item otherwise stays as wide as its longest word.
 */
export const useUserTextStyles = makeStyles({
  userText: { overflowWrap: 'anywhere', wordBreak: 'break-word', whiteSpace: 'pre-wrap', minWidth: 0 },
});

export function UserText({ children, className, as: Tag = 'span' }: { children: ReactNode; className?: string; as?: 'span' | 'div' | 'p' }) {
  const styles = useUserTextStyles();
  return (
    <Tag className={mergeClasses(styles.userText, className)} data-user-text="">
      {children}
    </Tag>
  );
}
