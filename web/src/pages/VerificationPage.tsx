import { Body1 } from '@fluentui/react-components';
import { AuthCard } from './AuthCard';

/** 'Verify your account' (spec 03 §2): placeholder until its flow is built. */
export function VerificationPage() {
  return (
    <AuthCard title="Verify your account">
      <Body1>Not available yet.</Body1>
    </AuthCard>
  );
}
