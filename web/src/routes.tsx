import { Suspense, lazy } from 'react';
import type { RouteObject } from 'react-router';
import { RequireAuth } from '@web/core/auth';
import { Loading } from '@web/core/components/Loading';
import { NotFound } from '@web/core/components/NotFound';
import { Unauthorized } from '@web/core/components/Unauthorized';
import { type PluginRegistry, type Registered, RouteGuard } from '@web/core/plugin-host';
import { BadSessionPage } from './pages/BadSessionPage';
import { FlowErrorPage } from './pages/FlowErrorPage';
import { HomeRedirect } from './pages/HomeRedirect';
import { LoginPage } from './pages/LoginPage';
import { OrgsSwitchedPage } from './pages/OrgsSwitchedPage';
import { RecoveryPage } from './pages/RecoveryPage';
import { RegistrationPage } from './pages/RegistrationPage';
import { VerificationPage } from './pages/VerificationPage';
import { RouteError } from './pages/RouteError';
import { Shell } from './shell/Shell';

/** A plugin route: guarded (flags, permission), its page loaded on first visit (one chunk per plugin page). */
function pluginRoute(route: Registered<'routes'>): RouteObject {
  const Page = lazy(route.load);
  return {
    path: route.path,
    element: (
      <RouteGuard route={route}>
        <Suspense fallback={<Loading />}>
          <Page />
        </Suspense>
      </RouteGuard>
    ),
  };
}

/** Public pages, then everything else behind sign-in inside the shell. */
export function buildRoutes(registry: PluginRegistry): RouteObject[] {
  return [
    {
      errorElement: <RouteError />,
      children: [
        { path: '/login', element: <LoginPage /> },
        { path: '/recovery', element: <RecoveryPage /> },
        { path: '/registration', element: <RegistrationPage /> },
        { path: '/verification', element: <VerificationPage /> },
        { path: '/organizations/orgs-switched', element: <OrgsSwitchedPage /> },
        { path: '/bad-session', element: <BadSessionPage /> },
        { path: '/error', element: <FlowErrorPage /> },
        // Bare pages (embeddable, e.g. the standalone topology card): signed in, without the shell.
        ...registry
          .getExtensions('routes')
          .filter((route) => route.bare)
          .map((route) => {
            const page = pluginRoute(route);
            return { ...page, element: <RequireAuth>{page.element}</RequireAuth> };
          }),
        {
          element: (
            <RequireAuth>
              <Shell />
            </RequireAuth>
          ),
          children: [
            {
              // Inside the shell so header and navigation stay usable after a page crashes.
              errorElement: <RouteError />,
              children: [
                { index: true, element: <HomeRedirect /> },
                { path: '/unauthorized', element: <Unauthorized /> },
                ...registry
                  .getExtensions('routes')
                  .filter((route) => !route.bare)
                  .map(pluginRoute),
                { path: '*', element: <NotFound /> },
              ],
            },
          ],
        },
      ],
    },
  ];
}
