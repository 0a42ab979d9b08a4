/**
 * The page to open after sign-in: only same-origin, relative paths are honoured (no `//host`,
 * no `https://...`, no `javascript:`); anything else, or the login page itself, goes home.
 */
export function safeReturnTo(value: string | null | undefined, origin: string = window.location.origin): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin || url.pathname === '/login') return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
