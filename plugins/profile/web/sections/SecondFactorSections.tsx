import { RecoveryCodesSection } from './second-factor/RecoveryCodesSection';
import { TotpSection } from './second-factor/TotpSection';
import { WebAuthnSection } from './second-factor/WebAuthnSection';

/** The second-factor sections of /profile-settings (spec 03 §2): authenticator app, recovery codes, security keys. */
export function SecondFactorSections() {
  return (
    <>
      <RecoveryCodesSection />
      <TotpSection />
      <WebAuthnSection />
    </>
  );
}
