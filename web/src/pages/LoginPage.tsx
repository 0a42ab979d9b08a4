import { Button, Field, Input, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { z } from 'zod';
import { isSecondFactorRequired, LOGIN_FLOW_MESSAGES, LOGIN_TITLES, type LoginResponse } from '@contracts';
import { API_PATHS, http } from '@web/core/api';
import { useWhoAmI } from '@web/core/auth';
import { AppLink } from '@web/core/components/AppLink';
import { Loading } from '@web/core/components/Loading';
import { zodResolver } from '@web/core/forms/zodResolver';
import { flowErrorMessage } from './accountFlows';
import { AuthCard } from './AuthCard';
import { safeReturnTo } from './safeReturnTo';
import { SecondFactorStep } from './SecondFactorStep';
import { SsoButtons } from './SsoButtons';

export const LOGIN_TITLE = LOGIN_TITLES.signIn;
const REQUIRED = 'This field is required';

const schema = z.object({
  email: z.string().trim().min(1, REQUIRED),
  password: z.string().min(1, REQUIRED),
});
type LoginForm = z.infer<typeof schema>;

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** A return_to was given but is not a page of this console (another site, a scheme): the user is told, and goes home. */
function returnToRefused(raw: string | null): boolean {
  if (!raw) return false;
  if (safeReturnTo(raw) !== '/') return false;
  // '/' itself and the login page map home on purpose; only a foreign or malformed address is refused.
  return !/^\/(login)?([?#].*)?$/.test(raw);
}

/**
 * Built-in identity sign-in (spec 03 §2): the password step, the second-factor step at `?aal=aal2` ('Two-Factor
 * Authentication'), and 'Confirm Action' at `?refresh=true` (the signed-in user gives their password again before a
 * sensitive change, then returns).
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const rawReturnTo = params.get('return_to');
  const returnTo = safeReturnTo(rawReturnTo);
  const refused = returnToRefused(rawReturnTo);
  if (params.get('aal') === 'aal2') {
    return (
      <AuthCard title={LOGIN_TITLES.aal2}>
        <SecondFactorStep returnTo={returnTo} />
      </AuthCard>
    );
  }
  return <PasswordStep returnTo={returnTo} refresh={params.get('refresh') === 'true'} returnToRefused={refused} />;
}

function PasswordStep({ returnTo, refresh, returnToRefused }: { returnTo: string; refresh: boolean; returnToRefused: boolean }) {
  const { whoami, isLoading } = useWhoAmI();
  if (refresh && isLoading) return <Loading />;
  // 'Confirm Action' needs someone signed in; without a session it is an ordinary sign-in.
  if (refresh && whoami) return <ConfirmActionStep email={whoami.user.email} returnTo={returnTo} returnToRefused={returnToRefused} />;
  // A session already available goes home (or where the user was going).
  if (whoami) return <Navigate to={returnTo} replace />;
  return <SignInStep returnTo={returnTo} returnToRefused={returnToRefused} />;
}

function ReturnToRefused({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <MessageBar intent="warning" data-testid="return-to-refused">
      <MessageBarBody>{LOGIN_FLOW_MESSAGES.returnToNotAllowed}</MessageBarBody>
    </MessageBar>
  );
}

function FlowError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <MessageBar intent="error" role="alert" data-testid="login-error">
      <MessageBarBody>{message}</MessageBarBody>
    </MessageBar>
  );
}

function SignInStep({ returnTo, returnToRefused }: { returnTo: string; returnToRefused: boolean }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { register, handleSubmit, formState, setError } = useForm<LoginForm>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const signedIn = await http.post<LoginResponse>(API_PATHS.login, values);
      if (isSecondFactorRequired(signedIn)) {
        navigate(`/login?${new URLSearchParams({ aal: 'aal2', return_to: returnTo })}`, { replace: true });
        return;
      }
      // A new user: forget every answer cached for the previous one, then seed whoami.
      await mutate(() => true, undefined, { revalidate: false });
      await mutate(API_PATHS.whoami, signedIn, { revalidate: false });
      navigate(returnTo, { replace: true });
    } catch (error) {
      setError('root', { message: flowErrorMessage(error) });
    }
  });

  const { errors, isSubmitting } = formState;
  return (
    <AuthCard title={LOGIN_TITLE}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <ReturnToRefused show={returnToRefused} />
        <FlowError message={errors.root?.message} />
        <Field label="Email" required validationMessage={errors.email?.message}>
          <Input type="email" autoComplete="username" autoFocus {...register('email')} />
        </Field>
        <Field label="Password" required validationMessage={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...register('password')} />
        </Field>
        <Button appearance="primary" type="submit" disabled={isSubmitting}>
          Sign in
        </Button>
        <AppLink to="/recovery">Reset password</AppLink>
      </form>
      <SsoButtons returnTo={returnTo} />
    </AuthCard>
  );
}

const confirmSchema = z.object({ password: z.string().min(1, REQUIRED) });
type ConfirmForm = z.infer<typeof confirmSchema>;

/** 'Confirm Action': the signed-in user gives their password again; the same session counts as freshly signed in. */
function ConfirmActionStep({ email, returnTo, returnToRefused }: { email: string; returnTo: string; returnToRefused: boolean }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const { register, handleSubmit, formState, setError } = useForm<ConfirmForm>({
    resolver: zodResolver(confirmSchema),
    defaultValues: { password: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await http.post<LoginResponse>(API_PATHS.login, { email, password, refresh: true });
      navigate(returnTo, { replace: true });
    } catch (error) {
      setError('root', { message: flowErrorMessage(error) });
    }
  });

  const { errors, isSubmitting } = formState;
  return (
    <AuthCard title={LOGIN_TITLES.refresh}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <ReturnToRefused show={returnToRefused} />
        <FlowError message={errors.root?.message} />
        <Field label="Email">
          <Input type="email" autoComplete="username" value={email} readOnly />
        </Field>
        <Field label="Password" required validationMessage={errors.password?.message}>
          <Input type="password" autoComplete="current-password" autoFocus {...register('password')} />
        </Field>
        <Button appearance="primary" type="submit" disabled={isSubmitting}>
          Confirm
        </Button>
        <AppLink to={returnTo}>Cancel</AppLink>
      </form>
    </AuthCard>
  );
}
