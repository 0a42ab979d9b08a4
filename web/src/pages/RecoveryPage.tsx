import { Body1, Button, Field, Input, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { USER_FORM_MESSAGES, type LoginResponse } from '@contracts';
import { http } from '@web/core/api';
import { GoBackLink } from '@web/core/components/GoBackLink';
import { zodResolver } from '@web/core/forms/zodResolver';
import { FLOW_PATHS, flowErrorMessage, newPasswordSchema, useFinishSignIn, type NewPassword } from './accountFlows';
import { AuthCard } from './AuthCard';

export const RECOVERY_TITLE = 'Recover account';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/**
 * `/recovery` ('Recover account', spec 03 §2): ask for a link by email (the answer is the same whether or not the
 * account exists); the emailed link (`?token=`) asks for a new password, ends every other session and signs in.
 */
export function RecoveryPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <AuthCard title={RECOVERY_TITLE}>
      {token ? <NewPasswordForm token={token} /> : <RequestLinkForm />}
      <GoBackLink to="/login" />
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

const emailSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, USER_FORM_MESSAGES.email)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, USER_FORM_MESSAGES.emailFormat),
});

function RequestLinkForm() {
  const styles = useStyles();
  const [sent, setSent] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<z.infer<typeof emailSchema>>({
    resolver: zodResolver(emailSchema),
    defaultValues: { email: '' },
  });
  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      const answer = await http.post<{ message: string }>(FLOW_PATHS.recovery, { email });
      setSent(answer.message);
    } catch (error) {
      setError('root', { message: flowErrorMessage(error) });
    }
  });
  if (sent) {
    return (
      <MessageBar intent="success" data-testid="recovery-sent">
        <MessageBarBody>{sent}</MessageBarBody>
      </MessageBar>
    );
  }
  const { errors, isSubmitting } = formState;
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <Body1>Enter the email address of your account and we will send you a link to choose a new password.</Body1>
      <ErrorBar message={errors.root?.message} />
      <Field label="Email" required validationMessage={errors.email?.message}>
        <Input type="email" autoComplete="username" autoFocus {...register('email')} />
      </Field>
      <Button appearance="primary" type="submit" disabled={isSubmitting}>
        Send recovery link
      </Button>
    </form>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const styles = useStyles();
  const finish = useFinishSignIn();
  const { register, handleSubmit, formState, setError } = useForm<NewPassword>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirm: '' },
  });
  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await finish(await http.post<LoginResponse>(FLOW_PATHS.recoveryComplete, { token, password }));
    } catch (error) {
      setError('root', { message: flowErrorMessage(error, 'server') });
    }
  });
  const { errors, isSubmitting } = formState;
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <Body1>Choose a new password. Every device signed in to your account will be signed out.</Body1>
      <ErrorBar message={errors.root?.message} />
      <Field label="New password" required validationMessage={errors.password?.message}>
        <Input type="password" autoComplete="new-password" autoFocus {...register('password')} />
      </Field>
      <Field label="Confirm password" required validationMessage={errors.confirm?.message}>
        <Input type="password" autoComplete="new-password" {...register('confirm')} />
      </Field>
      <Button appearance="primary" type="submit" disabled={isSubmitting}>
        Set new password
      </Button>
    </form>
  );
}
