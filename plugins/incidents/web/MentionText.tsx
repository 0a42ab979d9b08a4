import { makeStyles, tokens } from '@fluentui/react-components';
import { UserText } from '@web/core/components/UserText';
import { parseMentions } from './mentions';

const useStyles = makeStyles({
  mention: {
    color: tokens.colorBrandForeground1,
    backgroundColor: tokens.colorBrandBackground2,
    borderRadius: tokens.borderRadiusSmall,
    paddingInline: '2px',
    fontWeight: tokens.fontWeightSemibold,
  },
});

/** A comment as text with styled mentions. React escapes every segment, so markup in names stays text. */
export function MentionText({ text }: { text: string }) {
  const styles = useStyles();
  return (
    <UserText>
      {parseMentions(text).map((segment, index) =>
        segment.kind === 'text' ? (
          <span key={index}>{segment.text}</span>
        ) : (
          <span key={index} className={styles.mention} data-user-id={segment.userId} data-testid="mention">
            @{segment.display}
          </span>
        ),
      )}
    </UserText>
  );
}
