import { Injectable, Optional } from '@nestjs/common';
import type { ScrapeContext, ScrapedConfig, ScrapedFormat, ScrapeOutput, ScraperSpec, ScraperType } from '@contracts';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { SCRAPER_TYPES } from '@gateway/core/scrapers/scraper-types';
import { ExpressionEvaluator, userExpressionProblem } from '@gateway/core/cel';
import { apiBase, apiTarget, httpUrl, isConnectionRef, jsonOf, resolveValue } from '@gateway/core/checks/runner-kit';
import { OutboundHttp, redactUrlPasswords } from '@gateway/core/outbound';

/** Pages fetched when `pagination.maxPages` is not written. */
export const DEFAULT_MAX_PAGES = 10;
/** The most `maxPages` may say: every page is a document held in memory until the scrape ends. */
export const MAX_PAGES_LIMIT = 1000;
/** A page larger than this fails the scrape (a cut JSON body would be a wrong document). */
export const MAX_PAGE_BYTES = 10 * 1024 * 1024;

interface PageRequest {
  url: URL;
  method: string;
  body?: string;
  headers: Record<string, string>;
}

const isSet = (v: unknown) => v !== undefined && v !== null && v !== '';
const FORMATS: readonly ScrapedFormat[] = ['json', 'yaml', 'properties', 'other'];

/** `headers` as written: a map of values, or a list of `{name, value | valueFrom}` (canary and config-db files). */
function headerEntries(headers: unknown): [string, unknown][] | null {
  if (headers === undefined || headers === null) return [];
  if (Array.isArray(headers)) {
    if (!headers.every((h) => h && typeof h === 'object' && typeof (h as { name?: unknown }).name === 'string')) return null;
    return headers.map((h: { name: string; value?: unknown; valueFrom?: unknown }) => [h.name, h.valueFrom ? { valueFrom: h.valueFrom } : h.value]);
  }
  if (typeof headers === 'object') return Object.entries(headers);
  return null;
}

/**
 * Scraper type `http` (config-db's HTTP scraper): one request to `url` (or the `connection`'s URL, its credentials as
 * Basic), with `method`, `headers`, `body`, `username`/`password` or `bearer`; with `pagination.nextPageExpr` the
 * following pages too. Each page's body is one document (JSON parsed; other text kept as text in the spec's
 * `format`, else `other`). `nextPageExpr` is CEL over `response` ({body, headers, status, url}) and `page` (1 for
 * the first answer) and returns the next URL (relative ones resolve against the current), a request
 * `{url, method, body, headers}`, or null / '' to stop. It runs only through the expression evaluator's workers.
 */
@Injectable()
@Extension(SCRAPER_TYPES, 'http')
export class HttpScraper implements ScraperType {
  readonly type = 'http';

  // The one outbound client (global in the app); a bare instance (a test) gets its own.
  constructor(
    private readonly expressions: ExpressionEvaluator,
    @Optional() private readonly http: OutboundHttp = new OutboundHttp(),
  ) {}

  validate(spec: ScraperSpec): string[] {
    const errors: string[] = [];
    if (isSet(spec.url)) {
      if (typeof spec.url !== 'string' || !httpUrl(spec.url)) errors.push('url: must be an http:// or https:// URL');
    } else if (isSet(spec.connection)) {
      if (!isConnectionRef(spec.connection) && !(typeof spec.connection === 'string' && httpUrl(spec.connection))) {
        errors.push('connection: must be a connection:// reference or an http(s):// URL');
      }
    } else errors.push('url: required (or connection)');
    if (spec.method !== undefined && (typeof spec.method !== 'string' || !/^[A-Za-z]+$/.test(spec.method))) errors.push('method: must be an HTTP method');
    if (spec.body !== undefined && typeof spec.body !== 'string') errors.push('body: must be a string');
    if (!headerEntries(spec.headers)) errors.push('headers: must be a map or a list of {name, value | valueFrom}');
    if (spec.format !== undefined && !FORMATS.includes(spec.format as ScrapedFormat)) errors.push(`format: must be one of ${FORMATS.join(', ')}`);
    const pagination = spec.pagination as Record<string, unknown> | undefined;
    if (pagination !== undefined) {
      if (!pagination || typeof pagination !== 'object' || Array.isArray(pagination)) errors.push('pagination: must be a map');
      else {
        const expr = pagination.nextPageExpr;
        if (typeof expr !== 'string' || !expr.trim()) errors.push('pagination.nextPageExpr: required (a CEL expression)');
        else {
          const problem = userExpressionProblem(expr);
          if (problem) errors.push(`pagination.nextPageExpr: ${problem}`);
        }
        const max = pagination.maxPages;
        if (max !== undefined && !(Number.isInteger(max) && (max as number) >= 1 && (max as number) <= MAX_PAGES_LIMIT)) {
          errors.push(`pagination.maxPages: must be an integer from 1 to ${MAX_PAGES_LIMIT}`);
        }
      }
    }
    return errors;
  }

  async scrape(spec: ScraperSpec, ctx: ScrapeContext): Promise<ScrapeOutput> {
    const problems = this.validate(spec);
    if (problems.length) throw new Error(problems.join('; '));
    // The runner-kit helpers read a check's spec; a scraper entry has the same url/connection/credential fields.
    const asCheck = { ...spec, name: String(spec.name ?? '') };
    const base = await apiBase(asCheck, ctx, { fields: ['url'] });
    if (!base) throw new Error('connection: could not be resolved to an http(s) URL');
    const { target, headers } = await apiTarget(base, '', ctx, asCheck);
    // apiTarget strips a trailing slash from the path; the written URL is fetched as written.
    const first = new URL(base.href);
    first.username = '';
    first.password = '';
    for (const [name, value] of headerEntries(spec.headers)!) {
      const resolved = await resolveValue(value, ctx);
      if (resolved !== null) headers[name.toLowerCase()] = resolved;
    }
    if (typeof spec.body === 'string' && !headers['content-type']) headers['content-type'] = 'application/json';
    const origin = target.origin;
    const pagination = spec.pagination as { nextPageExpr?: string; maxPages?: number } | undefined;
    const maxPages = pagination?.nextPageExpr ? (pagination.maxPages ?? DEFAULT_MAX_PAGES) : 1;

    const configs: ScrapedConfig[] = [];
    const errors: string[] = [];
    let request: PageRequest | null = { url: first, method: String(spec.method ?? 'GET').toUpperCase(), body: spec.body as string | undefined, headers };
    for (let page = 1; request; page++) {
      const res = await this.http.request(request.url, {
        guard: ctx.outbound,
        method: request.method,
        // Credentials go to the origin they were written for, never to one a page points at.
        headers: request.url.origin === origin ? request.headers : withoutAuth(request.headers),
        body: request.body,
        tls: { insecure: (spec.tls as { insecureSkipVerify?: unknown } | undefined)?.insecureSkipVerify === true },
        signal: ctx.signal,
        timeoutMs: ctx.timeoutMs,
        maxBytes: MAX_PAGE_BYTES,
        oversize: 'fail',
      });
      const source = redactUrlPasswords(request.url.href);
      const text = res.body.toString('utf8');
      if (res.status < 200 || res.status > 299) throw new Error(`${source}: HTTP ${res.status}${text ? `: ${text.slice(0, 500)}` : ''}`);
      const json = spec.format === undefined ? jsonOf(text) : undefined;
      configs.push(json === undefined ? { config: text, format: (spec.format as ScrapedFormat) ?? 'other', source } : { config: json, format: 'json', source });
      if (!pagination?.nextPageExpr) break;

      const next = await this.nextPage(
        pagination.nextPageExpr,
        { body: json ?? text, headers: res.headers, status: res.status, url: request.url.href },
        page,
        request,
      );
      if (next && page >= maxPages) {
        // Reported so the engine keeps the stored items of the pages not read instead of deleting them as stale.
        errors.push(`pagination: stopped after maxPages (${maxPages}) with more pages left`);
        break;
      }
      request = next;
    }
    return { configs, errors };
  }

  /** The request `nextPageExpr` asks for after this page, or null to stop. */
  private async nextPage(
    expression: string,
    response: { body: unknown; headers: Record<string, string>; status: number; url: string },
    page: number,
    current: PageRequest,
  ): Promise<PageRequest | null> {
    // `page` is a CEL int (a JS number would be a double, and `page + 1` would not type-check).
    const outcome = await this.expressions.evaluate(expression, { response, page: BigInt(page) });
    if (!outcome.ok) throw new Error(`pagination.nextPageExpr: ${outcome.error}`);
    const value = outcome.value;
    if (value === null || value === undefined || value === '' || value === false) return null;
    const spec = typeof value === 'string' ? { url: value } : (value as Record<string, unknown>);
    if (typeof spec !== 'object' || Array.isArray(spec) || typeof spec.url !== 'string') {
      throw new Error(`pagination.nextPageExpr: must return a URL, a map with url, or null (got ${outcome.kind})`);
    }
    if (spec.url === '') return null;
    let url: URL;
    try {
      url = new URL(spec.url, current.url);
    } catch {
      throw new Error(`pagination.nextPageExpr: '${spec.url}' is not a URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`pagination.nextPageExpr: '${url.href}' is not an http(s) URL`);
    const extra =
      spec.headers && typeof spec.headers === 'object' ? Object.fromEntries(Object.entries(spec.headers).map(([k, v]) => [k.toLowerCase(), String(v)])) : {};
    return {
      url,
      method: typeof spec.method === 'string' && spec.method ? spec.method.toUpperCase() : 'GET',
      body: typeof spec.body === 'string' ? spec.body : undefined,
      headers: { ...withoutBody(current.headers, typeof spec.body === 'string'), ...extra },
    };
  }
}

function withoutAuth(headers: Record<string, string>): Record<string, string> {
  const { authorization: _auth, ...rest } = headers;
  return rest;
}

/** A next page without a body of its own must not claim one. */
function withoutBody(headers: Record<string, string>, hasBody: boolean): Record<string, string> {
  if (hasBody) return headers;
  const { 'content-type': _type, ...rest } = headers;
  return rest;
}
