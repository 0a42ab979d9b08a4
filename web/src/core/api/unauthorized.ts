/**
 * What the client does on a 401: go to the login page with a return_to of where the user was.
 * The app swaps the default full-page navigation for the router's navigate.
 */
export type UnauthorizedHandler = (loginUrl: string) => void;

let handler: UnauthorizedHandler = (loginUrl) => window.location.assign(loginUrl);

export function setUnauthorizedHandler(next: UnauthorizedHandler): void {
  handler = next;
}

export const LOGIN_PATH = '/login';

/** `/login?return_to=<current path and query>`. */
export function loginUrlFor(location: Pick<Location, 'pathname' | 'search'>): string {
  const search = new URLSearchParams({ return_to: `${location.pathname}${location.search}` });
  return `${LOGIN_PATH}?${search.toString()}`;
}

export function handleUnauthorized(location: Pick<Location, 'pathname' | 'search'> = window.location): void {
  if (location.pathname === LOGIN_PATH) return;
  handler(loginUrlFor(location));
}
