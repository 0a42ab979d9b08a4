import type { LoggerService } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import pino, { type Logger } from 'pino';

/**
 * Structured JSON logs with pino. We log each request once when it finishes, from a plain middleware: the
 * per-request child loggers and AsyncLocalStorage of nestjs-pino cost about a quarter of the gateway's CPU on
 * a small list call (measured with `npm run bench:data-api`).
 */
export function createLogger(level: string, destination: LogDestination = bufferedStdout()): Logger {
  const logger = pino({ level, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.epochTime }, destination);
  requestLogDestinations.set(logger, destination);
  return logger;
}

/** Where log lines go: pino's sonic-boom destination, or anything with `write` (the specs). */
export interface LogDestination {
  write(line: string): unknown;
}

function bufferedStdout(): LogDestination {
  // Buffered, asynchronous writes: one syscall per 4 KiB of log instead of one per line. main.ts flushes on exit.
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  // ...and never more than half a second late, so a person watching the console sees startup lines at once.
  setInterval(() => destination.flush(), 500).unref();
  return destination;
}

/**
 * Loggers made by createLogger, whose options are known: their request lines are written directly (see logRequest).
 */
const requestLogDestinations = new WeakMap<Logger, LogDestination>();

const PROBES = /^\/(healthz|readyz|metrics)(\/|$)/;

/** Whether a request is logged when it finishes: not probes, and only while info is on. Asked as it starts. */
export function wantsRequestLog(logger: Logger, req: Request): boolean {
  return logger.isLevelEnabled('info') && !PROBES.test(req.path);
}

/**
 * Logs one finished request; `ms` is its response time.
 *
 * The request log is the one line written for every request, so for a logger made by createLogger the line is
 * composed here, byte for byte what pino writes for `logger.info(entry, 'request completed')` under createLogger's
 * options (level, epoch time, pid, the entry's keys in order, msg; a key whose value is undefined left out), and handed
 * to the same destination: pino's generic serialisation of the entry cost about 4% of the gateway's CPU on a small
 * list call. logger.spec.ts compares the two outputs. Any other logger gets the entry through pino.
 */
export function logRequest(logger: Logger, req: Request, res: Response, ms: number): void {
  const status = res.statusCode;
  const destination = requestLogDestinations.get(logger);
  if (!destination) {
    const entry = {
      req: { method: req.method, path: req.path, ip: req.ip },
      res: { statusCode: status },
      responseTime: ms,
      user: req.principal?.personId,
    };
    if (status >= 500) logger.error(entry, 'request failed');
    else logger.info(entry, 'request completed');
    return;
  }
  const failed = status >= 500;
  const user = req.principal?.personId;
  // Without X-Forwarded-For, Express's req.ip (proxy-addr, under any TRUST_PROXY) is the peer's address.
  const ip = req.headers['x-forwarded-for'] === undefined ? req.socket.remoteAddress : req.ip;
  destination.write(
    `{"level":${failed ? 50 : 30},"time":${Date.now()},"pid":${process.pid}` +
      `,"req":${JSON.stringify({ method: req.method, path: req.path, ip })}` +
      `,"res":{"statusCode":${status}},"responseTime":${jsonNumber(ms)}` +
      (user === undefined ? '' : `,"user":${JSON.stringify(user)}`) +
      `,"msg":"${failed ? 'request failed' : 'request completed'}"}\n`,
  );
}

/** As pino writes numbers: a non-finite one as null. */
function jsonNumber(value: number): string {
  return Number.isFinite(value) ? String(value) : 'null';
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
