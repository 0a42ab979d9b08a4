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

/**
 * `/login?return_to=<current path and query>`; `variant` picks the second-factor step (`aal=aal2`) or 'Confirm Action'
 * (`refresh=true`).
 */
export function loginUrlFor(location: Pick<Location, 'pathname' | 'search'>, variant?: 'aal2' | 'refresh'): string {
  const search = new URLSearchParams({ return_to: `${location.pathname}${location.search}` });
  if (variant === 'aal2') search.set('aal', 'aal2');
  if (variant === 'refresh') search.set('refresh', 'true');
  return `${LOGIN_PATH}?${search.toString()}`;
}

/**
 * Pages open to people who are not signed in (spec 03 §2 sign-in and account pages): a 401 there is an answer for the
 * page to show, never a reason to leave it.
 */
export const PUBLIC_PATHS: readonly string[] = [LOGIN_PATH, '/registration', '/recovery', '/verification', '/bad-session', '/error'];

export function handleUnauthorized(location: Pick<Location, 'pathname' | 'search'> = window.location): void {
  if (PUBLIC_PATHS.includes(location.pathname)) return;
  handler(loginUrlFor(location));
}

/** A 403 `session_aal2_required` (spec 03 §4 session check): the session still needs its second factor. */
export function handleSecondFactorRequired(location: Pick<Location, 'pathname' | 'search'> = window.location): void {
  if (location.pathname === LOGIN_PATH) return;
  handler(loginUrlFor(location, 'aal2'));
}
