import { Button, Field, Input, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { z } from 'zod';
import { isSecondFactorRequired, LOGIN_TITLES, type LoginResponse } from '@contracts';
import { API_PATHS, errorMessage, http } from '@web/core/api';
import { useWhoAmI } from '@web/core/auth';
import { AppLink } from '@web/core/components/AppLink';
import { zodResolver } from '@web/core/forms/zodResolver';
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

/**
 * Built-in identity sign-in (spec 03 §2): the password step, the second-factor step at `?aal=aal2` ('Two-Factor
 * Authentication'), and 'Confirm Action' at `?refresh=true`.
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('return_to'));
  if (params.get('aal') === 'aal2') {
    return (
      <AuthCard title={LOGIN_TITLES.aal2}>
        <SecondFactorStep returnTo={returnTo} />
      </AuthCard>
    );
  }
  return <PasswordStep returnTo={returnTo} />;
}

function PasswordStep({ returnTo }: { returnTo: string }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { whoami } = useWhoAmI();
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
      setError('root', { message: errorMessage(error) });
    }
  });

  // A session already available goes home (or where the user was going).
  if (whoami) return <Navigate to={returnTo} replace />;

  const { errors, isSubmitting } = formState;
  return (
    <AuthCard title={LOGIN_TITLE}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {errors.root?.message && (
          <MessageBar intent="error" role="alert" data-testid="login-error">
            <MessageBarBody>{errors.root.message}</MessageBarBody>
          </MessageBar>
        )}
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
