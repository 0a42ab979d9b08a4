import { Body1, Button, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownload20Regular, Copy20Regular } from '@fluentui/react-icons';
import { useCopyToClipboard } from '@web/core/hooks/useCopyToClipboard';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  codes: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, max-content)',
    columnGap: tokens.spacingHorizontalXXL,
    rowGap: tokens.spacingVerticalXS,
    fontFamily: tokens.fontFamilyMonospace,
    margin: 0,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
    listStyleType: 'none',
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

export const RECOVERY_CODES_FILE = 'recovery-codes.txt';

function download(codes: string[]) {
  const url = URL.createObjectURL(new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = RECOVERY_CODES_FILE;
  link.click();
  URL.revokeObjectURL(url);
}

/** New recovery codes, shown this once (only their hashes are kept), to copy or download. */
export function RecoveryCodesList({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const styles = useStyles();
  const copy = useCopyToClipboard();
  return (
    <div className={styles.root}>
      <Body1>
        Save these backup codes somewhere safe. Each one signs you in once when you cannot use your authenticator app or security key. They are shown only now.
      </Body1>
      <ul className={styles.codes} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={styles.actions}>
        <Button icon={<Copy20Regular />} onClick={() => void copy(codes.join('\n'), 'Recovery codes copied to clipboard')}>
          Copy
        </Button>
        <Button icon={<ArrowDownload20Regular />} onClick={() => download(codes)}>
          Download
        </Button>
        <Button appearance="primary" onClick={onDone}>
          I saved them
        </Button>
      </div>
    </div>
  );
}
