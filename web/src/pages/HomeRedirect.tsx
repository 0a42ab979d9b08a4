import { Navigate } from 'react-router';
import { EmptyState } from '@web/core/components/EmptyState';
import { Loading } from '@web/core/components/Loading';
import { isVisible, useAccess, usePluginRegistry } from '@web/core/plugin-host';

export const PREFERRED_HOME = '/topology';

/** `/` goes to /topology when a plugin provides it, else to the first page the user may open. */
export function HomeRedirect() {
  const registry = usePluginRegistry();
  const access = useAccess();
  if (!access.ready) return <Loading />;
  const topology = registry.getExtensions('routes').find((route) => route.path === PREFERRED_HOME);
  if (topology && isVisible(topology, access)) return <Navigate to={PREFERRED_HOME} replace />;
  const nav = registry.getVisibleExtensions('nav', access);
  const first = nav.find((item) => item.section === 'main') ?? nav[0];
  if (first) return <Navigate to={first.path} replace />;
  return <EmptyState title="Welcome" message="There is nothing you can open here yet. Ask an administrator for access." />;
}
