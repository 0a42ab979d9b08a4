import type { LinkedIdentities, LinkedIdentity } from '@contracts';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { useSearchParams } from 'react-router';
import {
  Body1,
  Button,
  Card,
  MessageBar,
  MessageBarBody,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { errorMessage, http } from '@web/core/api';
import { ConfirmDialog } from '@web/core/components/ConfirmDialog';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { Loading } from '@web/core/components/Loading';
import { formatDateTime } from '@web/core/formatDateTime';
import { ConfirmActionCancelled, useConfirmAction } from './useConfirmAction';
import { useFlashMessage } from './useFlashMessage';

export const IDENTITIES_PATH = '/api/auth/oidc/identities';
export const UNLINK_NEEDS_PASSWORD = 'Set a password before unlinking: it is your only way to sign in.';

/** Why linking failed (`?sso_error=<code>` from the gateway's link flow). */
const LINK_ERRORS: Record<string, string> = {
  linked_elsewhere: 'This identity is already linked to another user.',
  security_violation: 'A security violation was detected, please try again.',
  expired: 'Your interaction expired, please try again.',
  unavailable: 'Single sign-on is not available right now. Please try again later.',
  provider_refused: 'The identity provider did not sign you in. Please try again.',
};

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

/** The link flow: a full-page navigation to the gateway, which sends the browser to the provider and back here. */
function linkHref(): string {
  return `/api/auth/oidc/login?${new URLSearchParams({ return_to: '/profile-settings', link: 'true' }).toString()}`;
}

/**
 * 'Manage Social Sign In' (spec 03 §2): the provider identities linked to the account, linking another one (when single
 * sign-on is configured) and unlinking, which needs a password to sign in with afterwards and a recent sign-in.
 */
export function SocialSignInSection() {
  const styles = useStyles();
  const [params, setParams] = useSearchParams();
  const { data, error, isLoading, mutate } = useSWR<LinkedIdentities>(IDENTITIES_PATH, (path: string) => http.get<LinkedIdentities>(path));
  const { run, dialog } = useConfirmAction();
  const [message, setMessage] = useFlashMessage();
  const [unlinking, setUnlinking] = useState<LinkedIdentity | null>(null);
  const [busy, setBusy] = useState(false);

  // The link flow comes back with ?sso_linked=<label> or ?sso_error=<code>: say so once, then tidy the address.
  const linked = params.get('sso_linked');
  const linkError = params.get('sso_error');
  useEffect(() => {
    if (!linked && !linkError) return;
    setMessage(
      linked
        ? { intent: 'success', text: `Your ${linked} sign-in is linked to this account.` }
        : { intent: 'error', text: LINK_ERRORS[linkError!] ?? 'Linking failed. Please try again.' },
    );
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('sso_linked');
        next.delete('sso_error');
        return next;
      },
      { replace: true },
    );
  }, [linked, linkError, setMessage, setParams]);

  const unlink = async () => {
    if (!unlinking) return;
    setBusy(true);
    try {
      await run(() => http.delete(`${IDENTITIES_PATH}/${encodeURIComponent(unlinking.id)}`));
      setMessage({ intent: 'success', text: `${data?.label || 'Single sign-on'} unlinked from this account.` });
      await mutate();
    } catch (err) {
      if (!(err instanceof ConfirmActionCancelled)) setMessage({ intent: 'error', text: errorMessage(err) });
    } finally {
      setBusy(false);
      setUnlinking(null);
    }
  };

  if (data && !data.enabled && data.identities.length === 0) return null; // single sign-on is off and nothing is linked
  return (
    <Card className={styles.card}>
      <Subtitle2 as="h2">Manage Social Sign In</Subtitle2>
      {message && (
        <MessageBar intent={message.intent} role={message.intent === 'error' ? 'alert' : 'status'} data-testid="social-sign-in-message">
          <MessageBarBody>{message.text}</MessageBarBody>
        </MessageBar>
      )}
      {isLoading && <Loading />}
      {error && <ErrorPanel error={error} />}
      {data && data.identities.length === 0 && <Body1>No {data.label || 'single sign-on'} account is linked to yours.</Body1>}
      {data && data.identities.length > 0 && (
        <Table aria-label="Linked sign-in accounts" size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Provider</TableHeaderCell>
              <TableHeaderCell>Email</TableHeaderCell>
              <TableHeaderCell>Linked</TableHeaderCell>
              <TableHeaderCell>Last used</TableHeaderCell>
              <TableHeaderCell />
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.identities.map((identity) => (
              <TableRow key={identity.id}>
                <TableCell>{data.label || identity.provider}</TableCell>
                <TableCell>{identity.email ?? ''}</TableCell>
                <TableCell>{formatDateTime(identity.created_at)}</TableCell>
                <TableCell>{identity.last_used_at ? formatDateTime(identity.last_used_at) : 'Never'}</TableCell>
                <TableCell>
                  <Button
                    size="small"
                    disabled={!data.has_password}
                    title={data.has_password ? undefined : UNLINK_NEEDS_PASSWORD}
                    onClick={() => setUnlinking(identity)}
                  >
                    Unlink
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {data && !data.has_password && data.identities.length > 0 && <Body1>{UNLINK_NEEDS_PASSWORD}</Body1>}
      {data?.enabled && (
        <div className={styles.actions}>
          <Button as="a" href={linkHref()} appearance="secondary">
            {`Link ${data.label} account`}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={unlinking !== null}
        title="Unlink sign-in"
        message={`You will no longer be able to sign in with ${data?.label || 'this provider'} until you link it again.`}
        confirmLabel="Unlink"
        busy={busy}
        onConfirm={unlink}
        onCancel={() => setUnlinking(null)}
      />
      {dialog}
    </Card>
  );
}
