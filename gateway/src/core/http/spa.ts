import * as fs from 'node:fs';
import * as path from 'node:path';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { docsPage, renderDoc } from './docs-pages';

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
  // API and probe paths never touch the filesystem (a stat per API request costs real latency), and pass this
  // one layer with one test.
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (NOT_SPA.test(req.path)) return next();
    assets(req, res, (error?: unknown) => {
      if (error || (req.method !== 'GET' && req.method !== 'HEAD')) return next(error);
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(index);
    });
  });
}

const DOC_NAME = /^[a-z0-9-]+$/;

/**
 * The help menu links to the project's own docs: `/docs/` lists them, `/docs/<name>` renders docs/<name>.md as an
 * HTML page in the console's look (`docs-pages.ts`), and `/docs/<name>.md` serves the Markdown itself.
 */
export function mountDocs(app: Express, docsDir: string): void {
  const pages = () =>
    fs.existsSync(docsDir)
      ? fs
          .readdirSync(docsDir)
          .filter((f) => f.endsWith('.md'))
          .map((f) => f.slice(0, -3))
          .sort()
      : [];
  app.get('/docs/', (_req: Request, res: Response) => {
    const list = pages();
    const items = list.map((p) => `<li><a href="/docs/${p}">${p.replace(/-/g, ' ')}</a></li>`).join('');
    res.type('html').send(docsPage('Docs', list, null, `<h1>Console docs</h1><ul>${items}</ul><p><a href="/api/docs">API reference (OpenAPI)</a></p>`));
  });
  app.get('/docs/:name', (req: Request, res: Response) => {
    const raw = String(req.params.name);
    const name = raw.replace(/\.md$/, '');
    const list = pages();
    if (!DOC_NAME.test(name) || !list.includes(name)) {
      res.status(404).json({ statusCode: 404, code: 'not_found', message: `No document named ${name}` });
      return;
    }
    if (raw.endsWith('.md')) {
      res.type('text/markdown; charset=utf-8').sendFile(path.join(docsDir, `${name}.md`));
      return;
    }
    const doc = renderDoc(docsDir, name);
    res.type('html').send(docsPage(doc.title, list, name, doc.html));
  });
}
