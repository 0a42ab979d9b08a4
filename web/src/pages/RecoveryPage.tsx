import { Body1 } from '@fluentui/react-components';
import { GoBackLink } from '@web/core/components/GoBackLink';
import { AuthCard } from './AuthCard';

/**
 * 'Recover account' (spec 03 §2). Recovery by emailed code needs the gateway's recovery flow, which does
 * not exist yet; until then this page says how to get back in rather than pretend to send an email.
 */
export function RecoveryPage() {
  return (
    <AuthCard title="Recover account">
      <Body1>Self-service recovery is not available on this installation yet. Ask an administrator to reset your password.</Body1>
      <GoBackLink to="/login" />
    </AuthCard>
  );
}
