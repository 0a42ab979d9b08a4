import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { usePermissions } from '@web/core/auth/usePermissions';
import { useFeatures } from '@web/core/features/useFeatures';
import type { PluginRegistry } from './PluginRegistry';
import type { Access } from './types';

const RegistryContext = createContext<PluginRegistry | null>(null);

export function PluginRegistryProvider({ registry, children }: { registry: PluginRegistry; children: ReactNode }) {
  return <RegistryContext.Provider value={registry}>{children}</RegistryContext.Provider>;
}

export function usePluginRegistry(): PluginRegistry {
  const registry = useContext(RegistryContext);
  if (!registry) throw new Error('usePluginRegistry must be used inside <PluginRegistryProvider>');
  return registry;
}

/** The signed-in user's feature states and permissions, in the shape the registry filters with. */
export function useAccess(): Access & { ready: boolean } {
  const { isEnabled, isLoading } = useFeatures();
  const permissions = usePermissions();
  return useMemo(
    () => ({
      isFeatureEnabled: isEnabled,
      can: permissions.can,
      canSeeSettings: permissions.canSeeSettings,
      ready: !isLoading && permissions.ready,
    }),
    [isEnabled, isLoading, permissions],
  );
}
