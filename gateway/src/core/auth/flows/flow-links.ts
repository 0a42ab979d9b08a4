import type { Request } from 'express';
import type { AppConfig } from '../../config/app-config';

/**
 * Where emailed links point: PUBLIC_URL when set (production: always set it, see docs/identity.md), else the origin the
 * request came from. The browser's Origin header is followed only when it names the Host the request was sent to, or
 * when the caller says the sender may choose where the link points (`senderChooses`: an admin's invitation, a link to
 * one's own address, both from a CSRF-checked session). Anyone may ask for a recovery link for someone else's address:
 * an Origin of their choosing would put the victim's token in a link to their site. Otherwise scheme and Host as
 * Express sees them behind `trust proxy`.
 */
export function publicOrigin(config: Pick<AppConfig, 'publicUrl'>, req: Request, senderChooses = false): string {
  if (config.publicUrl) return config.publicUrl;
  const host = req.get('host') ?? 'localhost';
  const origin = req.header('origin');
  if (origin && /^https?:\/\/[^/\s]+$/i.test(origin)) {
    if (senderChooses || new URL(origin).host.toLowerCase() === host.toLowerCase()) return origin;
  }
  return `${req.protocol}://${host}`;
}

/** `{origin}/{page}?token=…` */
export function flowLink(origin: string, page: 'registration' | 'recovery' | 'verification', token: string): string {
  return `${origin}/${page}?${new URLSearchParams({ token }).toString()}`;
}
