import type { InviteUserRequest, InviteUserResponse, Role, UserRow } from '@contracts';
import { http } from '@web/core/api';

/** The list's SWR key (`GET /api/users`, read on identities). */
export const USERS_PATH = '/api/users';

const userPath = (id: string) => `${USERS_PATH}/${encodeURIComponent(id)}`;

export function inviteUser(input: InviteUserRequest): Promise<InviteUserResponse> {
  return http.post<InviteUserResponse>(`${USERS_PATH}/invite`, input);
}

export function updateUser(id: string, changes: { firstName?: string; lastName?: string; roles?: Role[] }): Promise<UserRow> {
  return http.patch<UserRow>(userPath(id), changes);
}

/** Deactivates: the user's sessions and tokens end at once, their history stays. */
export function deleteUser(id: string): Promise<void> {
  return http.delete(userPath(id));
}

/** An admin's reset of a user's second factor (TOTP, security keys, recovery codes). */
export function resetSecondFactor(id: string): Promise<void> {
  return http.delete(`${userPath(id)}/second-factor`);
}

/** The stored name is one text: the first word is the first name, the rest the last name. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const trimmed = name.trim();
  const space = trimmed.indexOf(' ');
  return space < 0 ? { firstName: trimmed, lastName: '' } : { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1).trim() };
}
