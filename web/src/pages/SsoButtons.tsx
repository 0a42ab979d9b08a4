import { Button, Divider, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { useSearchParams } from 'react-router';
import useSWR from 'swr';
import { SSO_ERROR_MESSAGES } from '@contracts';

/** `GET /api/auth/oidc/config` (public): whether single sign-on is offered and its button label. */
export interface OidcConfig {
  enabled: boolean;
  label: string;
  hosted: boolean;
}

export const OIDC_CONFIG_PATH = '/api/auth/oidc/config';

/**
 * What `?sso_error=<code>` means (gateway/src/core/auth/oidc/sso-errors.ts). Only these sentences are shown: the URL
 * carries a code, never text, so a link cannot make the login page say something else.
 */
const UNKNOWN_SSO_ERROR = 'Single sign-on failed. Please try again.';

export function ssoErrorMessage(code: string): string {
  return (SSO_ERROR_MESSAGES as Record<string, string>)[code] ?? UNKNOWN_SSO_ERROR;
}

/** Where the button goes: the gateway starts the flow and redirects to the provider (a full-page navigation). */
export function ssoLoginHref(returnTo: string, link = false): string {
  const query = new URLSearchParams({ return_to: returnTo });
  if (link) query.set('link', 'true');
  return `/api/auth/oidc/login?${query.toString()}`;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/**
 * 'Sign in with {label}' under the password form when single sign-on is configured, and why the last single sign-on
 * failed (`?sso_error=`). Nothing is drawn while the config loads or when it is off.
 */
export function SsoButtons({ returnTo }: { returnTo: string }) {
  const styles = useStyles();
  const [params] = useSearchParams();
  const errorCode = params.get('sso_error');
  const { data } = useSWR<OidcConfig>(OIDC_CONFIG_PATH, { shouldRetryOnError: false, revalidateOnFocus: false });
  if (!errorCode && !data?.enabled) return null;
  return (
    <div className={styles.root}>
      {errorCode && (
        <MessageBar intent="error" role="alert" data-testid="sso-error">
          <MessageBarBody>{ssoErrorMessage(errorCode)}</MessageBarBody>
        </MessageBar>
      )}
      {data?.enabled && (
        <>
          <Divider>or</Divider>
          <Button as="a" href={ssoLoginHref(returnTo)} appearance="secondary" data-testid="sso-sign-in">
            {`Sign in with ${data.label}`}
          </Button>
        </>
      )}
    </div>
  );
}
