import helmet from 'helmet';
import type { AppConfig } from '../config/app-config';

/**
 * Security headers on every response (helmet). The content security policy fits the SPA as built: scripts and
 * workers (Monaco's) from this origin only; inline styles, because Fluent UI and Monaco insert style elements at run
 * time; data:/blob: images and fonts from the bundle. Nothing is framed, sniffed or sent to another origin with the
 * full URL. HSTS only when the console is served over https (SECURE_COOKIES=true): over plain http it would make
 * browsers refuse the console for a year.
 */
export function securityHeaders(config: Pick<AppConfig, 'secureCookies'>) {
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
