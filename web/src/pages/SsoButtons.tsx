/**
 * 'Sign in with …' buttons for a configured single sign-on provider (spec 03 hosted and SSO sign-in). Owned by the
 * single sign-on work; nothing is drawn until it exists.
 */
export function SsoButtons(_props: { returnTo: string }) {
  return null;
}
