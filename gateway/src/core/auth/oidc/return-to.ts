/**
 * Where a single sign-on returns the browser: the server's copy of the web's `safeReturnTo` (web/src/pages/safeReturnTo.ts).
 * Only a path on the console's own origin counts (no `//host`, no other scheme); absolute URLs are accepted when
 * they point at `origin` and come back as a path. The login page itself is no destination. Null: not allowed.
 */
export function allowedReturnTo(value: string | undefined, origin: string): string | null {
  if (value === undefined || value === '') return '/';
  let candidate = value;
  if (!candidate.startsWith('/')) {
    try {
      const absolute = new URL(candidate);
      if (absolute.origin !== origin) return null;
      candidate = `${absolute.pathname}${absolute.search}${absolute.hash}`;
    } catch {
      return null;
    }
  }
  if (candidate.startsWith('//') || candidate.startsWith('/\\') || /[\u0000-\u001f]/.test(candidate)) return null;
  try {
    const url = new URL(candidate, origin);
    if (url.origin !== origin) return null;
    if (url.pathname === '/login') return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
