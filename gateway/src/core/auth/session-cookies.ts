import type { CookieOptions, Response } from 'express';
import { CSRF_COOKIE, SESSION_COOKIE } from '@contracts';
import type { AppConfig } from '../config/app-config';
import { csrfTokenFor } from './tokens';

export function sessionCookieOptions(config: Pick<AppConfig, 'secureCookies'>, httpOnly: boolean, expires?: Date): CookieOptions {
  return { httpOnly, sameSite: 'lax', secure: config.secureCookies, path: '/', expires };
}

/** Sets the session cookie (HttpOnly) and its CSRF cookie (readable) of a new session: sign-in, registration, single sign-on. */
export function setSessionCookies(res: Response, config: Pick<AppConfig, 'secureCookies'>, secret: string, expiresAt: Date): void {
  res.cookie(SESSION_COOKIE, secret, sessionCookieOptions(config, true, expiresAt));
  res.cookie(CSRF_COOKIE, csrfTokenFor(secret), sessionCookieOptions(config, false, expiresAt));
}

export function clearSessionCookies(res: Response, config: Pick<AppConfig, 'secureCookies'>): void {
  res.clearCookie(SESSION_COOKIE, sessionCookieOptions(config, true));
  res.clearCookie(CSRF_COOKIE, sessionCookieOptions(config, false));
}
