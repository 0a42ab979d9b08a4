import { useMemo } from 'react';
import { type Action, type PermissionSet, type Resource, RESOURCES, permissionsFor } from '@contracts';
import { useWhoAmI } from './useWhoAmI';

export interface Permissions {
  /** Mirrors the gateway's RBAC matrix to hide what the user cannot do; the gateway still enforces it. */
  can(resource: Resource, action: Action): boolean;
  /** Whether the settings menu is shown: viewers (users with no write permission at all) do not see it. */
  canSeeSettings: boolean;
  /** False until the user is known; nothing is allowed meanwhile. */
  ready: boolean;
}

export function permissionsFrom(set: PermissionSet | undefined): Permissions {
  if (!set) return { can: () => false, canSeeSettings: false, ready: false };
  return {
    can: (resource, action) => set[resource]?.[action] === true,
    canSeeSettings: RESOURCES.some((resource) => set[resource]?.write === true),
    ready: true,
  };
}

export function usePermissions(): Permissions {
  const { whoami } = useWhoAmI();
  return useMemo(() => permissionsFrom(whoami ? (whoami.permissions ?? permissionsFor(whoami.roles)) : undefined), [whoami]);
}
