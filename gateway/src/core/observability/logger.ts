import type { LoggerService } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import pino, { type Logger } from 'pino';

/**
 * Structured JSON logs with pino. We log each request once when it finishes, from a plain middleware: the
 * per-request child loggers and AsyncLocalStorage of nestjs-pino cost about a quarter of the gateway's CPU on
 * a small list call (measured with `npm run bench:data-api`).
 */
export function createLogger(level: string): Logger {
  // Buffered, asynchronous writes: one syscall per 4 KiB of log instead of one per line. main.ts flushes on exit.
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  // ...and never more than half a second late, so a person watching the console sees startup lines at once.
  setInterval(() => destination.flush(), 500).unref();
  return pino({ level, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.epochTime }, destination);
}

const PROBES = /^\/(healthz|readyz|metrics)(\/|$)/;

/** Whether a request is logged when it finishes: not probes, and only while info is on. Asked as it starts. */
export function wantsRequestLog(logger: Logger, req: Request): boolean {
  return logger.isLevelEnabled('info') && !PROBES.test(req.path);
}

/** Logs one finished request; `ms` is its response time. */
export function logRequest(logger: Logger, req: Request, res: Response, ms: number): void {
  const status = res.statusCode;
  const entry = {
    req: { method: req.method, path: req.path, ip: req.ip },
    res: { statusCode: status },
    responseTime: ms,
    user: req.principal?.personId,
  };
  if (status >= 500) logger.error(entry, 'request failed');
  else logger.info(entry, 'request completed');
}

/** The request log as middleware (the request pipeline logs itself, with the request metrics). */
export function requestLogMiddleware(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!wantsRequestLog(logger, req)) return next();
    const started = process.hrtime.bigint();
    res.on('finish', () => logRequest(logger, req, res, Number(process.hrtime.bigint() - started) / 1e6));
    next();
  };
}

/** Nest's own messages (bootstrap, errors from the exception filter) go to the same JSON stream. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.logger.info({ context }, String(message));
  }

  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error({ context, trace }, String(message));
  }

  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }

  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }

  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }
}
