import { permissionsFor, RESOURCES, type Role } from '@contracts';

/**
 * Nobody raises privileges by inviting: the invited role may grant only what the inviter's own roles grant (an admin
 * invites anyone; a role that may manage identities but not, say, connections could not invite an admin).
 */
export function grantsMoreThan(invited: Role, inviterRoles: readonly Role[]): boolean {
  const mine = permissionsFor(inviterRoles);
  const theirs = permissionsFor([invited]);
  return RESOURCES.some((resource) => (theirs[resource].read && !mine[resource].read) || (theirs[resource].write && !mine[resource].write));
}
