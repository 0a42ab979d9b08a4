import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import * as https from 'node:https';
import express, { type Express, type Request } from 'express';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface HttpPeer {
  url: string;
  requests: RecordedRequest[];
  stop(): Promise<void>;
}

export interface PeerOptions {
  /** Serve https with this key and certificate (PEM). */
  tls?: { key: string; cert: string };
}

/** A local HTTP(S) server on 127.0.0.1 that records every request before `routes` answer it. */
export async function startHttpPeer(routes: (app: Express) => void, options: PeerOptions = {}): Promise<HttpPeer> {
  const requests: RecordedRequest[] = [];
  const app = express();
  app.use(express.json({ type: ['application/json', 'application/*+json'] }));
  app.use(express.urlencoded({ extended: false }));
  app.use((req: Request, _res, next) => {
    requests.push({ method: req.method, path: req.path, query: { ...req.query }, headers: { ...req.headers }, body: req.body });
    next();
  });
  routes(app);
  const server: Server = await new Promise((resolve) => {
    const s = options.tls ? https.createServer(options.tls, app) : app;
    const listening = s.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The user:password of a Basic authorization header, or null. */
export function basicCredentials(req: Request): { user: string; password: string } | null {
  const header = req.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
