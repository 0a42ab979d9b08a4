import { Body1, Button, Card, Field, Input, MessageBar, MessageBarBody, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { useForm } from 'react-hook-form';
import { useSWRConfig } from 'swr';
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@contracts';
import { errorMessage, http } from '@web/core/api';
import { zodResolver } from '@web/core/forms/zodResolver';
import { SESSIONS_PATH } from './SessionsSection';
import { ConfirmActionCancelled, useConfirmAction } from './useConfirmAction';
import { useFlashMessage } from './useFlashMessage';

export const PASSWORD_PATH = '/api/auth/password';
export const PASSWORD_CHANGED = 'Your password has been changed. Your other sessions were signed out.';

const schema = z
  .object({
    newPassword: z
      .string()
      .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
    confirm: z.string(),
  })
  .refine((values) => values.newPassword === values.confirm, { message: 'The passwords do not match', path: ['confirm'] });
type PasswordForm = z.infer<typeof schema>;

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '360px' },
});

/**
 * 'Change Password' (spec 03 §2 profile sections). A change needs a recent sign-in: when the gateway asks for it, the
 * 'Confirm Action' dialog takes the password and the change is sent again with what was typed here.
 */
export function ChangePasswordSection() {
  const styles = useStyles();
  const { mutate } = useSWRConfig();
  const { run, dialog } = useConfirmAction();
  const [message, setMessage] = useFlashMessage();
  const { register, handleSubmit, formState, reset } = useForm<PasswordForm>({
    resolver: zodResolver(schema),
    defaultValues: { newPassword: '', confirm: '' },
  });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    try {
      await run(() => http.post(PASSWORD_PATH, { newPassword }));
      reset();
      setMessage({ intent: 'success', text: PASSWORD_CHANGED });
      await mutate(SESSIONS_PATH);
    } catch (error) {
      if (error instanceof ConfirmActionCancelled) return;
      setMessage({ intent: 'error', text: errorMessage(error) });
    }
  });

  const { errors, isSubmitting } = formState;
  return (
    <Card className={styles.card}>
      <Subtitle2 as="h2">Change Password</Subtitle2>
      <Body1>Choosing a new password signs you out everywhere else. Access tokens keep working until you revoke them.</Body1>
      {message && (
        <MessageBar intent={message.intent} role={message.intent === 'error' ? 'alert' : 'status'} data-testid="password-message">
          <MessageBarBody>{message.text}</MessageBarBody>
        </MessageBar>
      )}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <Field label="New password" required validationMessage={errors.newPassword?.message}>
          <Input type="password" autoComplete="new-password" {...register('newPassword')} />
        </Field>
        <Field label="Confirm new password" required validationMessage={errors.confirm?.message}>
          <Input type="password" autoComplete="new-password" {...register('confirm')} />
        </Field>
        <div>
          <Button appearance="primary" type="submit" disabled={isSubmitting}>
            Change password
          </Button>
        </div>
      </form>
      {dialog}
    </Card>
  );
}
