import { useState } from 'react';
import { Body1, Button, Caption1, Link, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownload20Regular, Copy20Regular } from '@fluentui/react-icons';
import { API_PATHS, http } from '@web/core/api';
import { AppLink } from '@web/core/components/AppLink';
import { useToast } from '@web/core/components/useToast';
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

/** Saves `text` as a file through a temporary object URL. */
function saveFile(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/yaml' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * Download a kubeconfig for this console and try it with kubectl (spec 01 §2). The download is a POST: it creates the
 * person's kubeconfig token, replacing the previous one (listed on the profile page, where it can be revoked).
 */
export function KubeconfigDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const styles = useStyles();
  const copy = useCopyToClipboard();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await http.post<string>(API_PATHS.kubeconfig), fileName);
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(false);
    }
  };
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
        <Button appearance="primary" icon={<ArrowDownload20Regular />} disabled={busy} onClick={() => void download()}>
          {busy ? 'Downloading...' : 'Download'}
        </Button>
        <Caption1>
          Each download creates a new token for kubectl and revokes the previous one. Your tokens are listed in{' '}
          <AppLink to="/profile-settings">Profile Settings</AppLink>, where you can revoke them.
        </Caption1>
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
