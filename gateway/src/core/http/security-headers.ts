import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import type { AppConfig } from '../config/app-config';

/**
 * Security headers on every response (helmet). The content security policy fits the SPA as built: scripts and
 * workers (Monaco's) from this origin only; inline styles, because Fluent UI and Monaco insert style elements at run
 * time; data:/blob: images and fonts from the bundle. Nothing is framed, sniffed or sent to another origin with the
 * full URL. HSTS only when the console is served over https (SECURE_COOKIES=true): over plain http it would make
 * browsers refuse the console for a year.
 */
function helmetFor(config: Pick<AppConfig, 'secureCookies'>) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}

export interface SecurityHeaders {
  set: ReadonlyArray<readonly [name: string, value: string]>;
  remove: readonly string[];
}

/**
 * What helmet does to a response under this configuration, read once by running it against a recording response.
 * The policy above is static (no per-request nonce), so every response gets exactly these headers: setting them from
 * a list spares each request helmet's chain of a dozen middleware calls. A helmet option that made the headers
 * depend on the request would touch the request or call more than setHeader/removeHeader, and this throws.
 */
export function securityHeaderList(config: Pick<AppConfig, 'secureCookies'>): SecurityHeaders {
  const set: Array<readonly [string, string]> = [];
  const remove: string[] = [];
  const request = new Proxy(
    {},
    {
      get: (_t, key) => {
        throw new Error(`security headers must not depend on the request (helmet read req.${String(key)})`);
      },
    },
  );
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void set.push([name, String(value)]),
    removeHeader: (name: string) => void remove.push(name),
  };
  let done = false;
  helmetFor(config)(request as Request, recorder as unknown as Response, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  return { set, remove };
}

/** The security headers as middleware (the request pipeline applies the same list itself). */
export function securityHeaders(config: Pick<AppConfig, 'secureCookies'>) {
  const headers = securityHeaderList(config);
  return (_req: Request, res: Response, next: NextFunction): void => {
    applySecurityHeaders(res, headers);
    next();
  };
}

export function applySecurityHeaders(res: Response, headers: SecurityHeaders): void {
  for (const name of headers.remove) res.removeHeader(name);
  for (let i = 0; i < headers.set.length; i++) res.setHeader(headers.set[i][0], headers.set[i][1]);
}
