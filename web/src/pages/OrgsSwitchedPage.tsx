import { Body1 } from '@fluentui/react-components';
import { AuthCard } from './AuthCard';

/** 'Switching organization' (spec 03 §2): placeholder until its flow is built. */
export function OrgsSwitchedPage() {
  return (
    <AuthCard title="Switching organization">
      <Body1>Not available yet.</Body1>
    </AuthCard>
  );
}
