import { useState } from 'react';
import useSWR from 'swr';
import {
  Body1,
  Button,
  Card,
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
import { http } from '@web/core/api';
import { ConfirmDialog } from '@web/core/components/ConfirmDialog';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { Loading } from '@web/core/components/Loading';
import { useToast } from '@web/core/components/useToast';
import { formatDateTime } from '@web/core/formatDateTime';

/** One of the signed-in person's access tokens, as `GET /api/auth/tokens` lists it (never its value). */
export interface AccessToken {
  id: string;
  name: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
}

export const TOKENS_PATH = '/api/auth/tokens';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** The person's access tokens (the kubeconfig download's and any others), each revocable. */
export function AccessTokens() {
  const styles = useStyles();
  const toast = useToast();
  const { data, error, isLoading, mutate } = useSWR<AccessToken[]>(TOKENS_PATH, (path: string) => http.get<AccessToken[]>(path));
  const [revoking, setRevoking] = useState<AccessToken | null>(null);
  const [busy, setBusy] = useState(false);

  const revoke = async () => {
    if (!revoking) return;
    setBusy(true);
    try {
      await http.delete(`${TOKENS_PATH}/${encodeURIComponent(revoking.id)}`);
      toast.success(`Token '${revoking.name}' revoked`);
      setRevoking(null);
      await mutate();
    } catch (err) {
      toast.error(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className={styles.card}>
      <Subtitle2 as="h2">Access tokens</Subtitle2>
      <Body1>Tools such as kubectl sign in with these. Downloading a new kubeconfig replaces its token; revoke any you no longer use.</Body1>
      {isLoading && <Loading />}
      {error && <ErrorPanel error={error} />}
      {data && data.length === 0 && <Body1>You have no access tokens.</Body1>}
      {data && data.length > 0 && (
        <Table aria-label="Access tokens" size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Name</TableHeaderCell>
              <TableHeaderCell>Created</TableHeaderCell>
              <TableHeaderCell>Expires</TableHeaderCell>
              <TableHeaderCell>Last used</TableHeaderCell>
              <TableHeaderCell />
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.map((token) => (
              <TableRow key={token.id}>
                <TableCell>{token.name}</TableCell>
                <TableCell>{formatDateTime(token.created_at)}</TableCell>
                <TableCell>{token.expires_at ? formatDateTime(token.expires_at) : 'Never'}</TableCell>
                <TableCell>{token.last_used_at ? formatDateTime(token.last_used_at) : 'Never'}</TableCell>
                <TableCell>
                  <Button size="small" onClick={() => setRevoking(token)}>
                    Revoke
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke token"
        message={`Tools using '${revoking?.name ?? ''}' will no longer be able to sign in.`}
        confirmLabel="Revoke"
        busy={busy}
        onConfirm={revoke}
        onCancel={() => setRevoking(null)}
      />
    </Card>
  );
}
