import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { logRequest, wantsRequestLog } from '../observability/logger';
import { recordHttpRequest } from '../observability/metrics';
import { applySecurityHeaders, type SecurityHeaders } from './security-headers';

export interface RequestPipelineParts {
  securityHeaders: SecurityHeaders;
  /** Request log; none in the API tests. */
  logger?: Logger;
  cookies: RequestHandler;
  /** Run in this order when the request has a body. */
  bodyParsers: RequestHandler[];
}

/**
 * What every request goes through before it is routed, in this order: the security headers; the request metric and
 * the request log, both written from one 'finish' listener with one clock; the cookies; the body parsers.
 *
 * One Express layer instead of nine (helmet, metrics, log, cookies, three parsers, the YAML wrapper): each layer costs
 * the router a match and a `next`, and each 'finish' listener an event-emitter entry, on every request. The work
 * done is the same. A request without a body (no Content-Length, no Transfer-Encoding: a GET, most DELETEs) skips
 * the parsers, which would each only see that there is no body and set `req.body` to undefined, as this does.
 */
export function requestPipeline(parts: RequestPipelineParts): RequestHandler {
  const { securityHeaders, logger, cookies } = parts;
  const parseBody = inSequence(parts.bodyParsers);
  return function requestPipeline(req: Request, res: Response, next: NextFunction): void {
    applySecurityHeaders(res, securityHeaders);
    observe(req, res, logger);
    cookies(req, res, (error?: unknown) => {
      if (error) return next(error);
      if (hasBody(req)) return parseBody(req, res, next);
      const target: { body?: unknown } = req;
      if (!('body' in target)) target.body = undefined;
      next();
    });
  };
}

/** The request metric, and the request log unless the request is a probe: when the response is finished. */
function observe(req: Request, res: Response, logger: Logger | undefined): void {
  const started = process.hrtime.bigint();
  const log = logger !== undefined && wantsRequestLog(logger, req);
  res.on('finish', () => {
    const ns = Number(process.hrtime.bigint() - started);
    recordHttpRequest(req, res, ns / 1e9);
    if (log) logRequest(logger, req, res, ns / 1e6);
  });
}

/** body-parser's own test (type-is `hasBody`): a body is announced by Transfer-Encoding or a Content-Length. */
function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || !isNaN(req.headers['content-length'] as unknown as number);
}

function inSequence(handlers: RequestHandler[]): RequestHandler {
  return (req, res, next) => {
    let index = 0;
    const step = (error?: unknown): void => {
      if (error) return next(error);
      const handler = handlers[index++];
      if (handler) void handler(req, res, step);
      else next();
    };
    step();
  };
}
