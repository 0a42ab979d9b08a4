/**
 * Roles, resources and the role × resource × action matrix of spec 01 §6 / spec 03 §6.
 * This file is the single source: the gateway enforces it, the web only mirrors it to hide controls.
 */
export const ROLES = ['admin', 'editor', 'commander', 'responder', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const RESOURCES = [
  'database',
  'rbac',
  'auth',
  'responder',
  'incident',
  'evidences',
  'comments',
  'canaries',
  'topologies',
  'config_scrapers',
  'identities',
  'connections',
  'kratos',
  'agents',
  'properties',
  'logging_backends',
  'integrations',
  'notifications',
  'playbooks',
  'playbook_runs',
  // Saving a spec that makes the server run code (an exec check; later exec actions, lookups, scrapers).
  'exec',
] as const;
export type Resource = (typeof RESOURCES)[number];

export type Action = 'read' | 'write';

export type PermissionSet = Record<Resource, { read: boolean; write: boolean }>;

/** Roles selectable for users in the admin screens (spec 03 §6). */
export const ASSIGNABLE_ROLES: readonly Role[] = ['admin', 'editor', 'viewer'];

const ALL: readonly Resource[] = RESOURCES;
const except = (...excluded: Resource[]): Resource[] => ALL.filter((r) => !excluded.includes(r));
const INCIDENT_WORK: Resource[] = ['responder', 'incident', 'evidences', 'comments'];
const RESTRICTED: Resource[] = ['rbac', 'identities', 'connections'];
/** Only admins may save specs that run code on the console's machine (issue 8: the exec sandbox). */
const ADMIN_ONLY_WRITE: Resource[] = [...RESTRICTED, 'exec'];

export const ROLE_MATRIX: Record<Role, { read: readonly Resource[]; write: readonly Resource[] }> = {
  admin: { read: ALL, write: ALL },
  editor: { read: ALL, write: except(...ADMIN_ONLY_WRITE) },
  commander: { read: except(...RESTRICTED), write: INCIDENT_WORK },
  responder: { read: except(...RESTRICTED), write: INCIDENT_WORK },
  viewer: { read: except(...RESTRICTED), write: [] },
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** No role means viewer; several roles merge (union of their grants). Unknown role names are ignored. */
export function effectiveRoles(roles: readonly string[] | null | undefined): Role[] {
  const known = (roles ?? []).filter(isRole);
  return known.length ? Array.from(new Set(known)) : ['viewer'];
}

export function can(roles: readonly string[] | null | undefined, resource: Resource, action: Action): boolean {
  return effectiveRoles(roles).some((role) => ROLE_MATRIX[role][action].includes(resource));
}

export function permissionsFor(roles: readonly string[] | null | undefined): PermissionSet {
  const set = {} as PermissionSet;
  for (const resource of RESOURCES) {
    set[resource] = { read: can(roles, resource, 'read'), write: can(roles, resource, 'write') };
  }
  return set;
}

/** The highest role for display when a user has several (spec 03 §6). */
export function highestRole(roles: readonly string[] | null | undefined): Role {
  const effective = effectiveRoles(roles);
  return ROLES.find((r) => effective.includes(r)) ?? 'viewer';
}
