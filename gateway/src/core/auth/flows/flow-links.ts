import type { Request } from 'express';
import type { AppConfig } from '../../config/app-config';

/**
 * Where emailed links point: PUBLIC_URL when set (production: always set it, see docs/identity.md), else the origin the
 * request came from (the browser's Origin header, else scheme and Host as Express sees them behind `trust proxy`).
 */
export function publicOrigin(config: Pick<AppConfig, 'publicUrl'>, req: Request): string {
  if (config.publicUrl) return config.publicUrl;
  const origin = req.header('origin');
  if (origin && /^https?:\/\/[^/\s]+$/i.test(origin)) return origin;
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

/** `{origin}/{page}?token=…` */
export function flowLink(origin: string, page: 'registration' | 'recovery' | 'verification', token: string): string {
  return `${origin}/${page}?${new URLSearchParams({ token }).toString()}`;
}
