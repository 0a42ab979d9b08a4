import { useState, type FormEvent } from 'react';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import {
  Body1,
  Button,
  Card,
  Field,
  Input,
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
import { formatDateTime } from '@web/core/formatDateTime';
import { RecoveryCodesList } from './RecoveryCodesList';
import { SectionMessageBar } from './SectionMessageBar';
import { SECOND_FACTOR_API, type WebAuthnCredentialInfo, type WebAuthnRegistered } from './secondFactorApi';
import { useSecondFactorStatus } from './useSecondFactorStatus';
import { useSectionAction } from './useSectionAction';

export const WEBAUTHN_MESSAGES = {
  added: (name: string) => `${name} added`,
  removed: (name: string) => `${name} removed`,
  notRegistered: 'The security key was not registered. Please try again.',
} as const;

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  add: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end', flexWrap: 'wrap' },
});

/** 'Hardware tokens and biometrics' (spec 03 §2): security keys and platform authenticators, added and removed. */
export function WebAuthnSection() {
  const styles = useStyles();
  const { data: status, mutate } = useSecondFactorStatus();
  const { message, busy, run } = useSectionAction();
  const [name, setName] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [removing, setRemoving] = useState<WebAuthnCredentialInfo | null>(null);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const label = name.trim() || 'Security key';
    const answer = await run(async () => {
      const optionsJSON = await http.post<PublicKeyCredentialCreationOptionsJSON>(SECOND_FACTOR_API.webauthnOptions);
      const response = await startRegistration({ optionsJSON }).catch(() => {
        // The browser declined, or the person closed its prompt.
        throw new Error(WEBAUTHN_MESSAGES.notRegistered);
      });
      return http.post<WebAuthnRegistered>(SECOND_FACTOR_API.webauthnVerify, { name: label, response });
    }, WEBAUTHN_MESSAGES.added(label));
    if (!answer) return;
    setName('');
    if (answer.recovery_codes) setCodes(answer.recovery_codes);
    await mutate();
  };

  const remove = async () => {
    if (!removing) return;
    const key = removing;
    const done = await run(async () => (await http.delete(SECOND_FACTOR_API.webauthnKey(key.id)), true), WEBAUTHN_MESSAGES.removed(key.name));
    setRemoving(null);
    if (done) await mutate();
  };

  const keys = status?.webauthn ?? [];
  return (
    <Card className={styles.card}>
      <Subtitle2 as="h2">Hardware tokens and biometrics</Subtitle2>
      <SectionMessageBar message={message} />
      {codes && <RecoveryCodesList codes={codes} onDone={() => setCodes(null)} />}
      <Body1>Sign in with a security key (such as a YubiKey) or your device&apos;s fingerprint or face recognition as the second step.</Body1>
      {status && keys.length === 0 && <Body1>No security keys yet.</Body1>}
      {keys.length > 0 && (
        <Table aria-label="Security keys" size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Name</TableHeaderCell>
              <TableHeaderCell>Added</TableHeaderCell>
              <TableHeaderCell>Last used</TableHeaderCell>
              <TableHeaderCell />
            </TableRow>
          </TableHeader>
          <TableBody>
            {keys.map((key) => (
              <TableRow key={key.id}>
                <TableCell>{key.name}</TableCell>
                <TableCell>{formatDateTime(key.created_at)}</TableCell>
                <TableCell>{key.last_used_at ? formatDateTime(key.last_used_at) : 'Never'}</TableCell>
                <TableCell>
                  <Button size="small" onClick={() => setRemoving(key)} disabled={busy}>
                    Remove
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <form className={styles.add} onSubmit={(event) => void add(event)} noValidate>
        <Field label="Name">
          <Input value={name} onChange={(_, d) => setName(d.value)} placeholder="Security key" maxLength={100} />
        </Field>
        <Button appearance="primary" type="submit" disabled={busy || !status}>
          Add security key
        </Button>
      </form>
      <ConfirmDialog
        open={removing !== null}
        title="Remove security key"
        message={`'${removing?.name ?? ''}' will no longer sign you in.`}
        confirmLabel="Remove"
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </Card>
  );
}
