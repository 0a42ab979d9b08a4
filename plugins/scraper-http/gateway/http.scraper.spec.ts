import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ScrapeContext } from '@contracts';
import { ExpressionEvaluator } from '@gateway/core/cel';
import { extensionsOf } from '@gateway/core/plugin-host/extension-point';
import { SCRAPER_TYPES } from '@gateway/core/scrapers/scraper-types';
import { checkContext } from '../../../test/support/check-context';
import { HttpScraper } from './http.scraper';

const context = (resolveSecret: ScrapeContext['resolveSecret'] = async () => null): ScrapeContext => ({
  ...checkContext(5000, resolveSecret),
  scraper: { id: '00000000-0000-0000-0000-000000000002', name: 'api', namespace: 'default' },
});

describe('http scraper', () => {
  const expressions = new ExpressionEvaluator({ expressions: { timeoutMs: 5000, workers: 1 } });
  const scraper = new HttpScraper(expressions);
  const seen: { url: string; method: string; auth: string | null; body: string; token: string | null }[] = [];
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ url: req.url!, method: req.method!, auth: req.headers.authorization ?? null, body, token: (req.headers['x-token'] as string) ?? null });
        const m = /^\/items\?page=(\d+)$/.exec(req.url!);
        if (m) {
          const n = Number(m[1]);
          res.setHeader('content-type', 'application/json');
          res.setHeader('x-page', String(n));
          res.end(JSON.stringify({ items: [{ id: `i${n}` }], next: n < 3 ? `/items?page=${n + 1}` : null }));
        } else if (req.url === '/text') res.end('hello');
        else if (req.url === '/boom') res.writeHead(500).end('exploded');
        else res.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await expressions.onModuleDestroy();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => (seen.length = 0));

  it('is registered as the `http` scraper type', () => {
    expect(extensionsOf(HttpScraper)).toEqual([{ point: SCRAPER_TYPES.id, id: 'http' }]);
  });

  it('follows nextPageExpr over 3 pages, each page one JSON document, and stops when it returns null', async () => {
    const out = await scraper.scrape({ url: `${base}/items?page=1`, pagination: { nextPageExpr: 'response.body.next' } }, context());
    expect(out.errors).toEqual([]);
    expect(out.configs).toEqual(
      [1, 2, 3].map((n) => ({
        config: { items: [{ id: `i${n}` }], next: n < 3 ? `/items?page=${n + 1}` : null },
        format: 'json',
        source: `${base}/items?page=${n}`,
      })),
    );
    expect(seen.map((s) => s.url)).toEqual(['/items?page=1', '/items?page=2', '/items?page=3']);
  });

  it('gives the expression the headers, status and page number', async () => {
    const expr = `page < 2 && response.status == 200 && response.headers["x-page"] == "1" ? "/items?page=" + string(page + 1) : ""`;
    const out = await scraper.scrape({ url: `${base}/items?page=1`, pagination: { nextPageExpr: expr } }, context());
    expect(out.configs.map((c) => c.source)).toEqual([`${base}/items?page=1`, `${base}/items?page=2`]);
    expect(out.errors).toEqual([]);
  });

  it('stops at maxPages and says so, so that items of the pages not read are kept', async () => {
    const out = await scraper.scrape({ url: `${base}/items?page=1`, pagination: { nextPageExpr: 'response.body.next', maxPages: 2 } }, context());
    expect(out.configs).toHaveLength(2);
    expect(out.errors).toEqual(['pagination: stopped after maxPages (2) with more pages left']);
    expect(seen).toHaveLength(2);
  });

  it('fails the scrape on an error status', async () => {
    await expect(scraper.scrape({ url: `${base}/boom` }, context())).rejects.toThrow(`${base}/boom: HTTP 500: exploded`);
  });

  it('fails when the expression does not evaluate', async () => {
    await expect(scraper.scrape({ url: `${base}/items?page=1`, pagination: { nextPageExpr: 'response.nope.next' } }, context())).rejects.toThrow(
      /^pagination.nextPageExpr: /,
    );
  });

  it('keeps a non-JSON body as text', async () => {
    const out = await scraper.scrape({ url: `${base}/text` }, context());
    expect(out.configs).toEqual([{ config: 'hello', format: 'other', source: `${base}/text` }]);
  });

  it('sends method, body, headers (values and references) and the connection credentials', async () => {
    const resolve = async (ref: unknown) =>
      ref === 'connection://api' ? `http://u:p%40ss@127.0.0.1:${new URL(base).port}/items?page=3` : ref === 'secret' ? 'tok' : null;
    const out = await scraper.scrape(
      { connection: 'connection://api', method: 'post', body: '{"q":1}', headers: [{ name: 'X-Token', valueFrom: { secretKeyRef: { name: 'secret' } } }] },
      context(async (ref) => resolve(typeof ref === 'object' ? 'secret' : ref)),
    );
    expect(out.configs).toHaveLength(1);
    expect(seen).toEqual([{ url: '/items?page=3', method: 'POST', auth: `Basic ${Buffer.from('u:p@ss').toString('base64')}`, body: '{"q":1}', token: 'tok' }]);
    expect(out.configs[0].source).toBe(`${base}/items?page=3`);
  });

  it('validates url, method, headers and pagination (CEL checked at save time)', () => {
    expect(scraper.validate({ url: 'https://api.example.com/x', pagination: { nextPageExpr: 'response.body.next', maxPages: 5 } })).toEqual([]);
    expect(scraper.validate({ connection: 'connection://api' })).toEqual([]);
    expect(scraper.validate({})).toEqual(['url: required (or connection)']);
    expect(scraper.validate({ url: 'ftp://x' })).toEqual(['url: must be an http:// or https:// URL']);
    expect(scraper.validate({ connection: 'api' })).toEqual(['connection: must be a connection:// reference or an http(s):// URL']);
    expect(scraper.validate({ url: 'http://x', method: 'GET /' })).toEqual(['method: must be an HTTP method']);
    expect(scraper.validate({ url: 'http://x', headers: 'a: b' })).toEqual(['headers: must be a map or a list of {name, value | valueFrom}']);
    expect(scraper.validate({ url: 'http://x', pagination: {} })).toEqual(['pagination.nextPageExpr: required (a CEL expression)']);
    expect(scraper.validate({ url: 'http://x', pagination: { nextPageExpr: 'response.(' } })[0]).toMatch(/^pagination.nextPageExpr: does not parse/);
    expect(scraper.validate({ url: 'http://x', pagination: { nextPageExpr: 'x', maxPages: 0 } })).toEqual([
      'pagination.maxPages: must be an integer from 1 to 1000',
    ]);
  });
});
