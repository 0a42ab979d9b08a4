import { z } from 'zod';
import { SELECTABLE_ROLES, USER_FORM_MESSAGES } from '@contracts';

/** A simple address pattern (spec 03 §5); the gateway decides. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const names = {
  firstName: z.string().trim().min(1, USER_FORM_MESSAGES.firstName),
  lastName: z.string().trim().min(1, USER_FORM_MESSAGES.lastName),
};
/** One of the selectable roles ('' until picked). */
const role = z.string().refine((value) => (SELECTABLE_ROLES as readonly string[]).includes(value), USER_FORM_MESSAGES.role);

/** Invite form (spec 03 §3): firstName, lastName, email, role; messages of §5. */
export const inviteUserSchema = z.object({
  ...names,
  email: z.string().trim().min(1, USER_FORM_MESSAGES.email).regex(EMAIL, USER_FORM_MESSAGES.emailFormat),
  role,
});
export type InviteUserForm = z.infer<typeof inviteUserSchema>;

/** Edit form: the email is the account's and not changed here. */
export const editUserSchema = z.object({ ...names, role });
export type EditUserForm = z.infer<typeof editUserSchema>;
