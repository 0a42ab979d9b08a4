import { CSRF_COOKIE } from '@contracts';

/** The value of the readable CSRF cookie the gateway sets next to the session cookie. */
export function readCsrfToken(cookie: string = document.cookie): string | undefined {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === CSRF_COOKIE) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}
