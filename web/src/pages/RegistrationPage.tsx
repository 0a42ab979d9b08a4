import { Body1, Button, Field, Input, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import useSWR from 'swr';
import { z } from 'zod';
import { USER_FORM_MESSAGES, type LoginResponse } from '@contracts';
import { http, type ApiError } from '@web/core/api';
import { AppLink } from '@web/core/components/AppLink';
import { Loading } from '@web/core/components/Loading';
import { zodResolver } from '@web/core/forms/zodResolver';
import { FLOW_PATHS, flowErrorMessage, newPasswordSchema, useFinishSignIn, type Invitation, type NewPassword } from './accountFlows';
import { AuthCard } from './AuthCard';

export const REGISTRATION_TITLE = 'Create account';
export const INVITATION_ONLY = 'Registration is by invitation. Ask an administrator to invite you: the invitation email has a link to create your account.';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

const fetchJson = <T,>(path: string) => http.get<T>(path);

/**
 * `/registration` ('Create account', spec 03 §2): with an invitation link's `?token=`, the invitee sees who was invited and
 * chooses a password; without one, open registration when the console allows it, else a word on how to get invited.
 */
export function RegistrationPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <AuthCard title={REGISTRATION_TITLE}>
      {token ? <InvitationForm token={token} /> : <OpenRegistration />}
      <AppLink to="/login">Sign in</AppLink>
    </AuthCard>
  );
}

function ErrorBar({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <MessageBar intent="error" role="alert">
      <MessageBarBody>{message}</MessageBarBody>
    </MessageBar>
  );
}

interface PasswordFieldsProps {
  password: UseFormRegisterReturn<'password'>;
  confirm: UseFormRegisterReturn<'confirm'>;
  errors: { password?: { message?: string }; confirm?: { message?: string } };
}

function PasswordFields({ password, confirm, errors }: PasswordFieldsProps) {
  return (
    <>
      <Field label="Password" required validationMessage={errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...password} />
      </Field>
      <Field label="Confirm password" required validationMessage={errors.confirm?.message}>
        <Input type="password" autoComplete="new-password" {...confirm} />
      </Field>
    </>
  );
}

function InvitationForm({ token }: { token: string }) {
  const styles = useStyles();
  const finish = useFinishSignIn();
  const { data, error, isLoading } = useSWR<Invitation, ApiError>(FLOW_PATHS.invitation(token), fetchJson, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const form = useForm<NewPassword>({ resolver: zodResolver(newPasswordSchema), defaultValues: { password: '', confirm: '' } });

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await finish(await http.post<LoginResponse>(FLOW_PATHS.register, { token, password }));
    } catch (err) {
      form.setError('root', { message: flowErrorMessage(err, 'server') });
    }
  });

  if (isLoading) return <Loading />;
  if (error || !data) return <ErrorBar message={flowErrorMessage(error, 'server')} />;
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <Body1>
        You were invited as {data.firstName} {data.lastName}. Choose a password to finish creating your account.
      </Body1>
      <ErrorBar message={form.formState.errors.root?.message} />
      <Field label="Email">
        <Input type="email" autoComplete="username" value={data.email} readOnly />
      </Field>
      <PasswordFields password={form.register('password')} confirm={form.register('confirm')} errors={form.formState.errors} />
      <Button appearance="primary" type="submit" disabled={form.formState.isSubmitting}>
        Create account
      </Button>
    </form>
  );
}

const openSchema = z
  .object({
    firstName: z.string().trim().min(1, USER_FORM_MESSAGES.firstName),
    lastName: z.string().trim().min(1, USER_FORM_MESSAGES.lastName),
    email: z
      .string()
      .trim()
      .min(1, USER_FORM_MESSAGES.email)
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, USER_FORM_MESSAGES.emailFormat),
  })
  .and(newPasswordSchema);
type OpenForm = z.infer<typeof openSchema>;

function OpenRegistration() {
  const styles = useStyles();
  const finish = useFinishSignIn();
  const { data, error, isLoading } = useSWR<{ open: boolean }, ApiError>(FLOW_PATHS.registrationMode, fetchJson, { revalidateOnFocus: false });
  const form = useForm<OpenForm>({
    resolver: zodResolver(openSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirm: '' },
  });

  const onSubmit = form.handleSubmit(async ({ confirm: _confirm, ...values }) => {
    try {
      await finish(await http.post<LoginResponse>(FLOW_PATHS.register, values));
    } catch (err) {
      form.setError('root', { message: flowErrorMessage(err, 'server') });
    }
  });

  if (isLoading) return <Loading />;
  if (error) return <ErrorBar message={flowErrorMessage(error)} />;
  if (!data?.open) return <Body1 data-testid="invitation-only">{INVITATION_ONLY}</Body1>;
  const { errors } = form.formState;
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <ErrorBar message={errors.root?.message} />
      <Field label="First name" required validationMessage={errors.firstName?.message}>
        <Input autoComplete="given-name" {...form.register('firstName')} />
      </Field>
      <Field label="Last name" required validationMessage={errors.lastName?.message}>
        <Input autoComplete="family-name" {...form.register('lastName')} />
      </Field>
      <Field label="Email" required validationMessage={errors.email?.message}>
        <Input type="email" autoComplete="username" {...form.register('email')} />
      </Field>
      <PasswordFields password={form.register('password')} confirm={form.register('confirm')} errors={errors} />
      <Body1>We will send you a link to verify your email address.</Body1>
      <Button appearance="primary" type="submit" disabled={form.formState.isSubmitting}>
        Create account
      </Button>
    </form>
  );
}
