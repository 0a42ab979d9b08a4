import { useEffect, useState } from 'react';
import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { ShieldDismiss20Regular } from '@fluentui/react-icons';
import { useForm } from 'react-hook-form';
import { useSWRConfig } from 'swr';
import { SELECTABLE_ROLES, type Role, type UserRow, highestRole } from '@contracts';
import { ConfirmDialog } from '@web/core/components/ConfirmDialog';
import { Dialog } from '@web/core/components/Dialog';
import { useToast } from '@web/core/components/useToast';
import { zodResolver } from '@web/core/forms/zodResolver';
import { useBusyAction } from '@web/core/hooks/useBusyAction';
import { RoleSelect } from './RoleSelect';
import { type EditUserForm, editUserSchema } from './userFormSchema';
import { USERS_PATH, resetSecondFactor, splitName, updateUser } from './usersApi';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', width: '100%', gap: tokens.spacingHorizontalS },
  spacer: { flexGrow: 1 },
});

const FORM_ID = 'edit-user-form';
const selectable = (role: Role): role is (typeof SELECTABLE_ROLES)[number] => (SELECTABLE_ROLES as readonly Role[]).includes(role);

/** The role the dialog shows: the highest selectable one the user holds. */
function shownRole(roles: readonly Role[]): string {
  const held = roles.filter(selectable);
  return held.length ? highestRole(held) : '';
}

/**
 * The new roles: the picked one replaces the selectable roles; roles given through the API (commander, responder) stay.
 * Undefined when nothing changed, so editing a name never touches roles.
 */
function nextRoles(user: UserRow, picked: Role): Role[] | undefined {
  if (shownRole(user.roles) === picked && user.roles.filter(selectable).length <= 1) return undefined;
  return [picked, ...user.roles.filter((r) => !selectable(r))];
}

/** Edit a user's name and role; reset their second factor when they have one. */
export function EditUserDialog({ user, onClose }: { user: UserRow | null; onClose(): void }) {
  const styles = useStyles();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const [confirmingReset, setConfirmingReset] = useState(false);
  const [resetting, runReset] = useBusyAction();
  const { register, handleSubmit, reset, formState } = useForm<EditUserForm>({
    resolver: zodResolver(editUserSchema),
    defaultValues: { firstName: '', lastName: '', role: '' },
  });

  useEffect(() => {
    if (user) reset({ ...splitName(user.name), role: shownRole(user.roles) });
  }, [user, reset]);

  const onSubmit = handleSubmit(async (form) => {
    if (!user) return;
    try {
      await updateUser(user.id, { firstName: form.firstName, lastName: form.lastName, roles: nextRoles(user, form.role as Role) });
      toast.success(`${form.firstName} ${form.lastName} updated successfully`);
    } catch (error) {
      toast.error(error);
      return;
    }
    onClose();
    await mutate(USERS_PATH);
  });

  const onReset = async () => {
    if (!user) return;
    const done = await runReset(async () => {
      await resetSecondFactor(user.id);
      toast.success(`Two-factor authentication of ${user.name} reset successfully`);
    });
    setConfirmingReset(false);
    if (done) await mutate(USERS_PATH);
  };

  const { errors, isSubmitting } = formState;
  return (
    <Dialog
      open={!!user}
      onClose={onClose}
      size="small"
      title="Edit User"
      actions={
        <div className={styles.actions}>
          {user?.second_factor && (
            <Button appearance="subtle" icon={<ShieldDismiss20Regular />} onClick={() => setConfirmingReset(true)}>
              Reset two-factor
            </Button>
          )}
          <span className={styles.spacer} />
          <Button appearance="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button appearance="primary" type="submit" form={FORM_ID} disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save'}
          </Button>
        </div>
      }
    >
      <form id={FORM_ID} className={styles.form} onSubmit={onSubmit} noValidate>
        <Field label="First name" required validationState={errors.firstName ? 'error' : 'none'} validationMessage={errors.firstName?.message}>
          <Input {...register('firstName')} />
        </Field>
        <Field label="Last name" required validationState={errors.lastName ? 'error' : 'none'} validationMessage={errors.lastName?.message}>
          <Input {...register('lastName')} />
        </Field>
        <Field label="Email">
          <Input value={user?.email ?? ''} disabled />
        </Field>
        <RoleSelect registration={register('role')} error={errors.role?.message} />
      </form>
      <ConfirmDialog
        open={confirmingReset}
        title="Reset two-factor"
        message={`Remove every second factor of ${user?.name ?? ''}? They sign in with their password alone until they set one up again.`}
        confirmLabel="Reset"
        busy={resetting}
        onConfirm={() => void onReset()}
        onCancel={() => setConfirmingReset(false)}
      />
    </Dialog>
  );
}
