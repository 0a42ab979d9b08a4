import { Body1 } from '@fluentui/react-components';

/**
 * The second sign-in step at aal2 ('Two-Factor Authentication', spec 03 §2): an authenticator code, a security key or a
 * recovery code. Owned by the second-factor work; this placeholder only says what is missing.
 */
export function SecondFactorStep(_props: { returnTo: string }) {
  return <Body1>Two-factor sign-in is not available yet.</Body1>;
}
