import type { ReactNode } from 'react';
import { Loading } from '@web/core/components/Loading';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { FeatureDisabled } from '@web/core/components/FeatureDisabled';
import { Unauthorized } from '@web/core/components/Unauthorized';
import { useFeatures } from '@web/core/features/useFeatures';
import { useAccess } from './PluginRegistryContext';
import { visibilityOf } from './PluginRegistry';
import type { Registered } from './types';

/**
 * Wraps a plugin route: a loading placeholder until flags and the user are known, 'This feature is turned off'
 * when the route's feature is off, the Unauthorized page when the user lacks its permission.
 */
export function RouteGuard({ route, children }: { route: Registered<'routes'>; children: ReactNode }) {
  const access = useAccess();
  const { error } = useFeatures();
  if (error) return <ErrorPanel error={error} />;
  if (!access.ready) return <Loading />;
  const visibility = visibilityOf(route, access);
  if (visibility === 'feature-disabled') return <FeatureDisabled features={route.requiredFeatures.filter((f) => !access.isFeatureEnabled(f))} />;
  if (visibility === 'forbidden') return <Unauthorized />;
  return <>{children}</>;
}
