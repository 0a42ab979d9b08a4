import { Body1 } from '@fluentui/react-components';
import { AuthCard } from './AuthCard';

/** 'Create account' (spec 03 §2): placeholder until its flow is built. */
export function RegistrationPage() {
  return (
    <AuthCard title="Create account">
      <Body1>Not available yet.</Body1>
    </AuthCard>
  );
}
