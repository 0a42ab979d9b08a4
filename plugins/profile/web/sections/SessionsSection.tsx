import { useState } from 'react';
import useSWR from 'swr';
import {
  Badge,
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
import type { SessionInfo } from '@contracts';
import { errorMessage, http } from '@web/core/api';
import { ConfirmDialog } from '@web/core/components/ConfirmDialog';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { Loading } from '@web/core/components/Loading';
import { formatDateTime } from '@web/core/formatDateTime';
import { useFlashMessage } from './useFlashMessage';

export const SESSIONS_PATH = '/api/auth/sessions';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  device: { maxWidth: '260px', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

/** A short name for a browser's user agent: enough to tell one's laptop from one's phone. */
export function deviceOf(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const os = /Windows/.test(userAgent)
    ? 'Windows'
    : /Android/.test(userAgent)
      ? 'Android'
      : /iPhone|iPad/.test(userAgent)
        ? 'iOS'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? userAgent;
}

type Revoking = { kind: 'one'; session: SessionInfo } | { kind: 'others' };

/** The signed-in person's sessions (profile page): where they are signed in, each revocable, or all but this one. */
export function SessionsSection() {
  const styles = useStyles();
  const { data, error, isLoading, mutate } = useSWR<SessionInfo[]>(SESSIONS_PATH, (path: string) => http.get<SessionInfo[]>(path));
  const [revoking, setRevoking] = useState<Revoking | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useFlashMessage();
  const others = data?.filter((s) => !s.current) ?? [];

  const revoke = async () => {
    if (!revoking) return;
    setBusy(true);
    try {
      if (revoking.kind === 'one') {
        await http.delete(`${SESSIONS_PATH}/${encodeURIComponent(revoking.session.id)}`);
        setMessage({ intent: 'success', text: `Signed out ${deviceOf(revoking.session.user_agent)}` });
      } else {
        const { revoked } = await http.delete<{ revoked: number }>(SESSIONS_PATH);
        setMessage({ intent: 'success', text: `Signed out ${revoked} other ${revoked === 1 ? 'session' : 'sessions'}` });
      }
      setRevoking(null);
    } catch (err) {
      setMessage({ intent: 'error', text: errorMessage(err) });
      setRevoking(null);
    } finally {
      setBusy(false);
      await mutate();
    }
  };

  return (
    <Card className={styles.card}>
      <div className={styles.header}>
        <Subtitle2 as="h2">Sessions</Subtitle2>
        {others.length > 0 && <Button onClick={() => setRevoking({ kind: 'others' })}>Sign out other sessions</Button>}
      </div>
      <Body1>Where you are signed in. Signing a session out ends it at once.</Body1>
      {message && (
        <MessageBar intent={message.intent} role={message.intent === 'error' ? 'alert' : 'status'} data-testid="sessions-message">
          <MessageBarBody>{message.text}</MessageBarBody>
        </MessageBar>
      )}
      {isLoading && <Loading />}
      {error && <ErrorPanel error={error} />}
      {data && data.length === 0 && <Body1>No data available</Body1>}
      {data && data.length > 0 && (
        <Table aria-label="Sessions" size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Device</TableHeaderCell>
              <TableHeaderCell>Address</TableHeaderCell>
              <TableHeaderCell>Signed in</TableHeaderCell>
              <TableHeaderCell>Last active</TableHeaderCell>
              <TableHeaderCell />
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.map((session) => (
              <TableRow key={session.id}>
                <TableCell>
                  <div className={styles.device} title={session.user_agent ?? undefined}>
                    {deviceOf(session.user_agent)}
                  </div>
                </TableCell>
                <TableCell>{session.ip ?? ''}</TableCell>
                <TableCell>{formatDateTime(session.created_at)}</TableCell>
                <TableCell>{formatDateTime(session.last_seen_at)}</TableCell>
                <TableCell>
                  {session.current ? (
                    <Badge appearance="tint" color="success">
                      This session
                    </Badge>
                  ) : (
                    <Button size="small" onClick={() => setRevoking({ kind: 'one', session })}>
                      Sign out
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={revoking?.kind === 'others' ? 'Sign out other sessions' : 'Sign out session'}
        message={
          revoking?.kind === 'one'
            ? `${deviceOf(revoking.session.user_agent)} will need to sign in again.`
            : 'Every other browser and device signed in to your account will need to sign in again.'
        }
        confirmLabel="Sign out"
        busy={busy}
        onConfirm={() => void revoke()}
        onCancel={() => setRevoking(null)}
      />
    </Card>
  );
}
