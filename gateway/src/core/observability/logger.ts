import type { LoggerService } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { chmodSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import * as path from 'node:path';
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

/** A destination pino can flush (main.ts flushes on exit through `logger.flush`). */
export interface FlushableDestination extends LogDestination {
  flush(cb?: (error?: Error) => void): void;
}

/**
 * The console's log: stdout, and also `file` when set (LOG_FILE, so a `file` log backend can show the console's own
 * log), rotated by size. A file that cannot be written is reported on stderr and the log stays on stdout.
 */
export function consoleLogDestination(file: string | null): LogDestination {
  const stdout = bufferedStdout();
  if (!file) return stdout;
  try {
    return teeDestination(stdout, new RotatingLogFile(file));
  } catch (error) {
    process.stderr.write(`${JSON.stringify({ level: 40, time: Date.now(), msg: `Cannot write the log file ${file}: ${(error as Error).message}` })}\n`);
    return stdout;
  }
}

/**
 * Every line to each destination. It has `write(line)`, so the request log's direct write (logRequest) still reaches
 * every one of them.
 */
export function teeDestination(...targets: LogDestination[]): FlushableDestination {
  return {
    write(line: string) {
      for (const target of targets) target.write(line);
      return true;
    },
    flush(cb?: (error?: Error) => void) {
      let pending = targets.length;
      const done = () => void (--pending === 0 && cb?.());
      for (const target of targets) {
        const flush = (target as Partial<FlushableDestination>).flush;
        if (typeof flush === 'function') flush.call(target, done);
        else done();
      }
    },
  };
}

/** The log file is rotated to `<file>.1` once it is larger than this (one old file is kept). */
export const LOG_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** How often the log file's size is checked (and once when it is opened). */
export const LOG_FILE_CHECK_MS = 60_000;

/**
 * The log file: its folder created, the file private to the console's user (0600), written like stdout (buffered,
 * at most half a second late). When it is larger than `maxBytes` (checked when opened and every `checkEveryMs`) it is
 * renamed to `<file>.1`, replacing the previous one, and a new file is begun.
 */
export class RotatingLogFile implements FlushableDestination {
  private readonly destination: ReturnType<typeof pino.destination>;
  private readonly timer: NodeJS.Timeout;
  private failed = false;

  constructor(
    readonly file: string,
    private readonly maxBytes = LOG_FILE_MAX_BYTES,
    checkEveryMs = LOG_FILE_CHECK_MS,
  ) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    if (sizeOf(file) > maxBytes) renameSync(file, `${file}.1`);
    // The mode applies to a new file; one left by an earlier version is made private too.
    if (sizeOf(file) >= 0) chmodSync(file, 0o600);
    this.destination = pino.destination({ dest: file, sync: false, minLength: 4096, mode: 0o600, periodicFlush: 500 });
    this.destination.on('error', (error: Error) => {
      if (this.failed) return;
      this.failed = true;
      process.stderr.write(`${JSON.stringify({ level: 40, time: Date.now(), msg: `Cannot write the log file ${file}: ${error.message}` })}\n`);
    });
    this.timer = setInterval(() => void this.rotateIfLarge(), checkEveryMs);
    this.timer.unref();
  }

  write(line: string): boolean {
    if (!this.failed) this.destination.write(line);
    return true;
  }

  flush(cb?: (error?: Error) => void): void {
    if (this.failed) return void cb?.();
    this.destination.flush((error) => cb?.(error ?? undefined));
  }

  /** Rotates when the file is over the size; resolves once the new file is open (true) or nothing was done (false). */
  async rotateIfLarge(): Promise<boolean> {
    if (this.failed) return false;
    const size = await stat(this.file).then(
      (s) => s.size,
      () => -1,
    );
    if (size <= this.maxBytes) return false;
    try {
      renameSync(this.file, `${this.file}.1`);
    } catch {
      return false;
    }
    const reopened = new Promise<boolean>((resolve) => this.destination.once('ready', () => resolve(true)));
    this.destination.reopen();
    return reopened;
  }

  /** Stops the size checks and closes the file once what is buffered is written. */
  close(): void {
    clearInterval(this.timer);
    if (!this.failed) this.destination.end();
  }
}

/** A file's size, or -1 when there is none. */
function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return -1;
  }
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
