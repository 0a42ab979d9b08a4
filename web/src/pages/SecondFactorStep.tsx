import { useState, type FormEvent } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { Navigate, useNavigate } from 'react-router';
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { Button, Field, Input, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import type { SecondFactorMethod, WhoAmI } from '@contracts';
import { API_PATHS, errorMessage, http, isApiError, LOGIN_PATH } from '@web/core/api';

export const SECOND_FACTOR_PATHS = {
  methods: '/api/auth/2fa/methods',
  signIn: '/api/auth/login/2fa',
  webauthnOptions: '/api/auth/login/webauthn/options',
} as const;

/** What the browser says when the person closes the key's prompt or it times out. */
export const KEY_NOT_USED = 'The security key was not used. Please try again.';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  others: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalXS },
});

type CodeMethod = 'totp' | 'recovery_code';

/**
 * The second sign-in step at aal2 ('Two-Factor Authentication', spec 03 §2): the password step left a session waiting
 * for a second factor; the person gives a code from their authenticator app, uses a security key, or a recovery code.
 * Offers only what the account has (asked again on a reload). A 401 means the waiting session is gone: sign in again.
 */
export function SecondFactorStep({ returnTo }: { returnTo: string }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { data, error: loadError } = useSWR<{ methods: SecondFactorMethod[] }>(SECOND_FACTOR_PATHS.methods, (path: string) => http.get(path), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const methods = data?.methods ?? [];
  const [chosen, setChosen] = useState<CodeMethod | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const loginUrl = `${LOGIN_PATH}?${new URLSearchParams({ return_to: returnTo })}`;
  const backToLogin = () => navigate(loginUrl, { replace: true });

  const signedIn = async (whoami: WhoAmI) => {
    // A new user: forget every answer cached before, then seed whoami (as the password step does).
    await mutate(() => true, undefined, { revalidate: false });
    await mutate(API_PATHS.whoami, whoami, { revalidate: false });
    navigate(returnTo, { replace: true });
  };

  const answer = async (body: Record<string, unknown>) => {
    setError(null);
    setBusy(true);
    try {
      await signedIn(await http.post<WhoAmI>(SECOND_FACTOR_PATHS.signIn, body));
    } catch (err) {
      if (isApiError(err) && err.status === 401) return backToLogin();
      setError(errorMessage(err));
      setBusy(false);
    }
  };

  const method: CodeMethod | null = chosen ?? (methods.includes('totp') ? 'totp' : null);

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!method) return;
    if (!code.trim()) {
      setError(method === 'totp' ? 'Enter the code from your authenticator app' : 'Enter one of your recovery codes');
      return;
    }
    void answer({ method, code: code.trim() });
  };

  const signInWithKey = async () => {
    setError(null);
    setBusy(true);
    let response;
    try {
      const optionsJSON = await http.post<PublicKeyCredentialRequestOptionsJSON>(SECOND_FACTOR_PATHS.webauthnOptions);
      try {
        response = await startAuthentication({ optionsJSON });
      } catch {
        setError(KEY_NOT_USED);
        setBusy(false);
        return;
      }
    } catch (err) {
      if (isApiError(err) && err.status === 401) return backToLogin();
      setError(errorMessage(err));
      setBusy(false);
      return;
    }
    await answer({ method: 'webauthn', response });
  };

  /** Gives up this sign-in: the waiting session ends and the password step starts again. */
  const signOut = async () => {
    setBusy(true);
    await http.post(API_PATHS.logout).catch(() => undefined);
    backToLogin();
  };

  const choose = (next: CodeMethod) => {
    setChosen(next);
    setCode('');
    setError(null);
  };

  if (isApiError(loadError) && loadError.status === 401) return <Navigate to={loginUrl} replace />;
  if (!data && !loadError) return <Spinner size="small" label="Loading" />;
  // No second factor to give: the session is already complete (spec 03 §4: a session already available goes on).
  if (data && methods.length === 0) return <Navigate to={returnTo} replace />;

  return (
    <div className={styles.form}>
      {(error || loadError) && (
        <MessageBar intent="error" role="alert" data-testid="second-factor-error">
          <MessageBarBody>{error ?? errorMessage(loadError)}</MessageBarBody>
        </MessageBar>
      )}
      {method ? (
        <form className={styles.form} onSubmit={submitCode} noValidate>
          {method === 'totp' ? (
            <Field label="Authentication code" hint="The six-digit code your authenticator app shows">
              <Input value={code} onChange={(_, d) => setCode(d.value)} inputMode="numeric" autoComplete="one-time-code" maxLength={12} autoFocus />
            </Field>
          ) : (
            <Field label="Recovery code" hint="One of the backup codes you saved; each works once">
              <Input value={code} onChange={(_, d) => setCode(d.value)} autoComplete="off" maxLength={64} autoFocus />
            </Field>
          )}
          <Button appearance="primary" type="submit" disabled={busy}>
            Verify
          </Button>
        </form>
      ) : null}
      <div className={styles.others}>
        {methods.includes('webauthn') && (
          <Button appearance={method ? 'transparent' : 'primary'} onClick={() => void signInWithKey()} disabled={busy}>
            Use a security key
          </Button>
        )}
        {methods.includes('totp') && method !== 'totp' && (
          <Button appearance="transparent" onClick={() => choose('totp')} disabled={busy}>
            Use your authenticator app
          </Button>
        )}
        {methods.includes('recovery_code') && method !== 'recovery_code' && (
          <Button appearance="transparent" onClick={() => choose('recovery_code')} disabled={busy}>
            Use a recovery code
          </Button>
        )}
        <Button appearance="transparent" onClick={() => void signOut()} disabled={busy}>
          Sign in as someone else
        </Button>
      </div>
    </div>
  );
}
