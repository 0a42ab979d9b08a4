import { Body1, Button, Link, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownload20Regular, Copy20Regular } from '@fluentui/react-icons';
import { API_PATHS } from '@web/core/api';
import { Dialog } from '@web/core/components/Dialog';
import { useCopyToClipboard } from '@web/core/hooks/useCopyToClipboard';
import { KUBECONFIG_DOCS_URL } from '@web/core/links';
import { kubeconfigFileName } from './kubeconfigFileName';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  command: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    overflowX: 'auto',
  },
  code: { fontFamily: tokens.fontFamilyMonospace, flexGrow: 1, whiteSpace: 'nowrap' },
});

/** Download a kubeconfig for this console and try it with kubectl (spec 01 §2). */
export function KubeconfigDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const styles = useStyles();
  const copy = useCopyToClipboard();
  const fileName = kubeconfigFileName(window.location.host);
  const command = `kubectl get canaries --kubeconfig ${fileName}`;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Download kubeconfig"
      size="small"
      helpLink={KUBECONFIG_DOCS_URL}
      actions={
        <Button appearance="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className={styles.body}>
        <Body1>Download a kubeconfig that talks to this console, then query it with kubectl:</Body1>
        <Button as="a" appearance="primary" icon={<ArrowDownload20Regular />} href={API_PATHS.kubeconfig} download={fileName} target="_blank" rel="noreferrer">
          Download
        </Button>
        <div className={styles.command}>
          <code className={styles.code} data-testid="kubectl-command">
            {command}
          </code>
          <Button appearance="subtle" icon={<Copy20Regular />} aria-label="Copy command" onClick={() => void copy(command)} />
        </div>
        <Body1>
          See the{' '}
          <Link href={KUBECONFIG_DOCS_URL} target="_blank" rel="noreferrer">
            kubeconfig documentation
          </Link>{' '}
          for details.
        </Body1>
      </div>
    </Dialog>
  );
}
