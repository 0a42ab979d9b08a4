import { useState } from 'react';
import { Body1, Button, Card, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { http } from '@web/core/api';
import { ConfirmDialog } from '@web/core/components/ConfirmDialog';
import { RecoveryCodesList } from './RecoveryCodesList';
import { SectionMessageBar } from './SectionMessageBar';
import { SECOND_FACTOR_API, type RecoveryCodes } from './secondFactorApi';
import { useSecondFactorStatus } from './useSecondFactorStatus';
import { useSectionAction } from './useSectionAction';

export const RECOVERY_CODES_REGENERATED = 'New recovery codes created';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** '2FA backup recovery codes' (spec 03 §2): how many are left, and a new set (the old ones stop working). */
export function RecoveryCodesSection() {
  const styles = useStyles();
  const { data: status, mutate } = useSecondFactorStatus();
  const { message, busy, run } = useSectionAction();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [confirming, setConfirming] = useState(false);
  const hasFactor = !!status && (status.totp || status.webauthn.length > 0);

  const regenerate = async () => {
    const answer = await run(() => http.post<RecoveryCodes>(SECOND_FACTOR_API.recoveryCodes), RECOVERY_CODES_REGENERATED);
    setConfirming(false);
    if (!answer) return;
    setCodes(answer.recovery_codes);
    await mutate();
  };

  return (
    <Card className={styles.card}>
      <Subtitle2 as="h2">2FA backup recovery codes</Subtitle2>
      <SectionMessageBar message={message} />
      {codes ? (
        <RecoveryCodesList codes={codes} onDone={() => setCodes(null)} />
      ) : !status ? null : hasFactor ? (
        <>
          <Body1 data-testid="recovery-codes-left">
            {status.recovery_codes_left === 1 ? '1 recovery code left' : `${status.recovery_codes_left} recovery codes left`}
          </Body1>
          <div>
            <Button onClick={() => setConfirming(true)} disabled={busy}>
              Generate new recovery codes
            </Button>
          </div>
        </>
      ) : (
        <Body1>Recovery codes come with an authenticator app or a security key: set one up first.</Body1>
      )}
      <ConfirmDialog
        open={confirming}
        title="Generate new recovery codes"
        message="Your current recovery codes will stop working."
        confirmLabel="Generate"
        busy={busy}
        onConfirm={() => void regenerate()}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
