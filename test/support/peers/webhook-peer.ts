import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';

export interface WebhookDelivery {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as received. */
  raw: string;
  /** The body parsed as JSON, or null. */
  json: unknown;
  /** `X-Signature-256` checked against `secret` over the raw body: null when the peer has no secret. */
  signatureValid: boolean | null;
}

export interface WebhookPeer {
  url: string;
  deliveries: WebhookDelivery[];
  stop(): Promise<void>;
}

/**
 * A generic webhook receiver on 127.0.0.1 (as a CI system, a chat bridge or a home-made service has one): it records
 * every request with its raw body and, given a `secret`, verifies the `X-Signature-256: sha256=<hex HMAC-SHA256 of the
 * raw body>` header (GitHub's scheme), answering 401 when it does not match. `/status/<code>` answers that status with
 * a JSON error body; anything else answers 200 `{"ok":true}`.
 */
export async function startWebhookPeer(options: { secret?: string } = {}): Promise<WebhookPeer> {
  const deliveries: WebhookDelivery[] = [];
  const app = express();
  app.use(express.raw({ type: () => true, limit: '1mb' }));
  app.all(/.*/, (req, res) => {
    const raw = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
    let json: unknown = null;
    try {
      json = JSON.parse(raw);
    } catch {
      json = null;
    }
    let signatureValid: boolean | null = null;
    if (options.secret !== undefined) {
      const expected = Buffer.from(`sha256=${createHmac('sha256', options.secret).update(raw).digest('hex')}`);
      const given = Buffer.from(String(req.headers['x-signature-256'] ?? ''));
      signatureValid = given.length === expected.length && timingSafeEqual(given, expected);
    }
    deliveries.push({
      method: req.method,
      path: req.path,
      query: { ...(req.query as Record<string, string>) },
      headers: { ...req.headers },
      raw,
      json,
      signatureValid,
    });
    if (signatureValid === false) return void res.status(401).json({ error: 'signature mismatch' });
    const status = /^\/status\/(\d{3})$/.exec(req.path);
    if (status) return void res.status(Number(status[1])).json({ error: `the receiver says ${status[1]}`, detail: 'x'.repeat(1000) });
    res.json({ ok: true });
  });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    deliveries,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
