import * as fs from 'node:fs';
import * as path from 'node:path';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';

const NOT_SPA = /^\/(api|metrics|healthz|readyz)(\/|$)/;

/**
 * Serves the built SPA with history fallback: any GET that is not an API or probe path and names no file
 * gets index.html. `/api/*` never falls back (unknown API paths are JSON 404s from the router).
 */
export function mountSpa(app: Express, webDist: string, log: (msg: string) => void): void {
  const index = path.join(webDist, 'index.html');
  if (!fs.existsSync(index)) {
    log(`No built web app in ${webDist}; run 'npm run build' to serve the console UI`);
    return;
  }
  const assets = express.static(webDist, { index: false, maxAge: '1h' });
  // API and probe paths never touch the filesystem (a stat per API request costs real latency).
  app.use((req: Request, res: Response, next: NextFunction) => (NOT_SPA.test(req.path) ? next() : assets(req, res, next)));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_SPA.test(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}
