import { useEffect, useState } from 'react';
import { Button, Field, Input, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { Copy20Regular } from '@fluentui/react-icons';
import { useForm } from 'react-hook-form';
import { useSWRConfig } from 'swr';
import { USER_TOASTS, type InviteUserResponse, type Role } from '@contracts';
import { Dialog } from '@web/core/components/Dialog';
import { useToast } from '@web/core/components/useToast';
import { zodResolver } from '@web/core/forms/zodResolver';
import { useCopyToClipboard } from '@web/core/hooks/useCopyToClipboard';
import { RoleSelect } from './RoleSelect';
import { type InviteUserForm, inviteUserSchema } from './userFormSchema';
import { USERS_PATH, inviteUser } from './usersApi';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  link: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'end' },
  linkInput: { flexGrow: 1 },
});

const FORM_ID = 'invite-user-form';
const EMPTY: InviteUserForm = { firstName: '', lastName: '', email: '', role: '' };

/** Invite a user (spec 03 Users): the one-time registration link is shown to share, and emailed when SMTP is set up. */
export function InviteUserDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const styles = useStyles();
  const toast = useToast();
  const copy = useCopyToClipboard();
  const { mutate } = useSWRConfig();
  const [invited, setInvited] = useState<InviteUserResponse | null>(null);
  const { register, handleSubmit, reset, formState } = useForm<InviteUserForm>({ resolver: zodResolver(inviteUserSchema), defaultValues: EMPTY });

  useEffect(() => {
    if (open) {
      reset(EMPTY);
      setInvited(null);
    }
  }, [open, reset]);

  const onSubmit = handleSubmit(async (form) => {
    try {
      setInvited(await inviteUser({ firstName: form.firstName, lastName: form.lastName, email: form.email, role: form.role as Role }));
      toast.success(USER_TOASTS.invited);
    } catch (error) {
      toast.error(error);
      return;
    }
    await mutate(USERS_PATH);
  });

  const { errors, isSubmitting } = formState;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="small"
      title="Invite User"
      actions={
        invited ? (
          <Button appearance="primary" onClick={onClose}>
            Done
          </Button>
        ) : (
          <>
            <Button appearance="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button appearance="primary" type="submit" form={FORM_ID} disabled={isSubmitting}>
              {isSubmitting ? 'Inviting...' : 'Invite'}
            </Button>
          </>
        )
      }
    >
      {invited ? (
        <div className={styles.form}>
          <MessageBar intent="success">
            <MessageBarBody>
              {USER_TOASTS.invited}
              {invited.emailed ? ' The link was also sent by email.' : ''}
            </MessageBarBody>
          </MessageBar>
          <div className={styles.link}>
            <Field label="Registration link" className={styles.linkInput} hint={`Valid until ${new Date(invited.expires_at).toLocaleString()}`}>
              <Input readOnly value={invited.link} aria-label="Registration link" />
            </Field>
            <Button icon={<Copy20Regular />} onClick={() => void copy(invited.link, 'Link copied to clipboard')}>
              Copy
            </Button>
          </div>
        </div>
      ) : (
        <form id={FORM_ID} className={styles.form} onSubmit={onSubmit} noValidate>
          <Field label="First name" required validationState={errors.firstName ? 'error' : 'none'} validationMessage={errors.firstName?.message}>
            <Input {...register('firstName')} />
          </Field>
          <Field label="Last name" required validationState={errors.lastName ? 'error' : 'none'} validationMessage={errors.lastName?.message}>
            <Input {...register('lastName')} />
          </Field>
          <Field label="Email" required validationState={errors.email ? 'error' : 'none'} validationMessage={errors.email?.message}>
            <Input {...register('email')} type="email" />
          </Field>
          <RoleSelect registration={register('role')} error={errors.role?.message} />
        </form>
      )}
    </Dialog>
  );
}
