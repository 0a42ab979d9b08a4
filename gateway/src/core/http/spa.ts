import * as fs from 'node:fs';
import * as path from 'node:path';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';

const NOT_SPA = /^\/(api|metrics|healthz|readyz|docs)(\/|$)/;

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

const DOC_NAME = /^[a-z0-9-]+$/;

/**
 * The help menu links to the project's own docs: `/docs/` lists them, `/docs/<name>` serves docs/<name>.md as
 * plain text (no markdown renderer is bundled; the files are written to read well as text).
 */
export function mountDocs(app: Express, docsDir: string): void {
  const pages = () => (fs.existsSync(docsDir) ? fs.readdirSync(docsDir).filter((f) => f.endsWith('.md')).map((f) => f.slice(0, -3)).sort() : []);
  app.get('/docs/', (_req: Request, res: Response) => {
    const items = pages().map((p) => `<li><a href="/docs/${p}">${p}</a></li>`).join('');
    res.type('html').send(`<!doctype html><meta charset="utf-8"><title>Console docs</title><h1>Console docs</h1><ul>${items}</ul><p><a href="/api/docs">API reference (OpenAPI)</a></p>`);
  });
  app.get('/docs/:name', (req: Request, res: Response) => {
    const name = String(req.params.name).replace(/\.md$/, '');
    if (!DOC_NAME.test(name) || !pages().includes(name)) {
      res.status(404).json({ statusCode: 404, code: 'not_found', message: `No document named ${name}` });
      return;
    }
    res.type('text/plain; charset=utf-8').sendFile(path.join(docsDir, `${name}.md`));
  });
}
