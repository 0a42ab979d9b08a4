import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { NotFound } from '@web/core/components/NotFound';

/** The routes' error boundary: an error panel for uncaught rendering errors (spec 01 §2). */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <ErrorPanel error={isRouteErrorResponse(error) ? new Error(error.statusText) : error} />;
}
