import { useState, type FormEvent } from 'react';
import { Body1, Button, Card, Field, Image, Input, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { http } from '@web/core/api';
import { ConfirmDialog } from '@web/core/components/ConfirmDialog';
import { RecoveryCodesList } from './RecoveryCodesList';
import { SectionMessageBar } from './SectionMessageBar';
import { SECOND_FACTOR_API, type RecoveryCodes, type TotpSetup } from './secondFactorApi';
import { useSecondFactorStatus } from './useSecondFactorStatus';
import { useSectionAction } from './useSectionAction';

export const TOTP_MESSAGES = {
  enabled: 'Authenticator app set up',
  removed: 'Authenticator app removed',
} as const;

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  setup: { display: 'flex', gap: tokens.spacingHorizontalXL, flexWrap: 'wrap', alignItems: 'flex-start' },
  steps: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, flex: 1, minWidth: '240px' },
  secret: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

/** '2FA authenticator app' (spec 03 §2): set up with a QR code or the secret, confirm with a code, or remove. */
export function TotpSection() {
  const styles = useStyles();
  const { data: status, mutate } = useSecondFactorStatus();
  const { message, busy, run } = useSectionAction();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [removing, setRemoving] = useState(false);

  const start = async () => {
    const answer = await run(() => http.post<TotpSetup>(SECOND_FACTOR_API.totpSetup));
    if (answer) setSetup(answer);
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await run(() => http.post<RecoveryCodes>(SECOND_FACTOR_API.totpVerify, { code: code.trim() }), TOTP_MESSAGES.enabled);
    if (!answer) return;
    setSetup(null);
    setCode('');
    setCodes(answer.recovery_codes);
    await mutate();
  };

  const remove = async () => {
    const done = await run(async () => (await http.delete(SECOND_FACTOR_API.totp), true), TOTP_MESSAGES.removed);
    setRemoving(false);
    if (done) await mutate();
  };

  return (
    <Card className={styles.card}>
      <Subtitle2 as="h2">2FA authenticator app</Subtitle2>
      <SectionMessageBar message={message} />
      {codes ? (
        <RecoveryCodesList codes={codes} onDone={() => setCodes(null)} />
      ) : setup ? (
        <div className={styles.setup}>
          <Image src={setup.qr} alt="QR code for your authenticator app" width={200} height={200} />
          <form className={styles.steps} onSubmit={verify} noValidate>
            <Body1>Scan the QR code with your authenticator app, or enter this key by hand:</Body1>
            <code className={styles.secret} data-testid="totp-secret">
              {setup.secret}
            </code>
            <Field label="Code from the app" required>
              <Input value={code} onChange={(_, d) => setCode(d.value)} inputMode="numeric" autoComplete="one-time-code" maxLength={12} />
            </Field>
            <div className={styles.actions}>
              <Button appearance="primary" type="submit" disabled={busy || !code.trim()}>
                Verify
              </Button>
              <Button onClick={() => setSetup(null)} disabled={busy}>
                Cancel
              </Button>
            </div>
          </form>
        </div>
      ) : status?.totp ? (
        <>
          <Body1>An authenticator app gives the second step of your sign-in.</Body1>
          <div className={styles.actions}>
            <Button onClick={() => setRemoving(true)} disabled={busy}>
              Remove authenticator app
            </Button>
          </div>
        </>
      ) : (
        <>
          <Body1>Use an authenticator app (such as Google Authenticator, 1Password or Authy) for a second step when you sign in.</Body1>
          <div className={styles.actions}>
            <Button appearance="primary" onClick={() => void start()} disabled={busy || !status}>
              Set up authenticator app
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={removing}
        title="Remove authenticator app"
        message="Signing in will no longer ask for a code from your app."
        confirmLabel="Remove"
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(false)}
      />
    </Card>
  );
}
