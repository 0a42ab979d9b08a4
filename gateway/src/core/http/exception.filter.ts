import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Response } from 'express';

interface ErrorBody {
  statusCode: number;
  code: string;
  message: string;
  details?: unknown;
  hint?: string | null;
}

const CODE_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** Maps every error to one JSON shape. Unknown errors become a 500 without internals; bad input never does. */
export function toErrorBody(exception: unknown): ErrorBody {
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    if (typeof response === 'object' && response !== null) {
      const r = response as Record<string, unknown>;
      // class-validator errors arrive as message: string[]; show them joined, keep the list in details.
      const message = Array.isArray(r.message) ? r.message.join('; ') : String(r.message ?? exception.message);
      return {
        statusCode: status,
        code: typeof r.code === 'string' ? r.code : (CODE_BY_STATUS[status] ?? 'error'),
        message,
        ...(Array.isArray(r.message) ? { details: r.message } : r.details !== undefined ? { details: r.details } : {}),
        ...(r.hint !== undefined ? { hint: r.hint as string | null } : {}),
      };
    }
    return { statusCode: status, code: CODE_BY_STATUS[status] ?? 'error', message: String(response) };
  }
  // Errors raised by body-parser (too large, malformed JSON) carry `status` and `type`.
  const e = exception as { status?: number; type?: string; message?: string };
  if (e && typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
    if (e.type === 'entity.too.large') return { statusCode: 413, code: 'payload_too_large', message: 'Request body is larger than 1 MiB' };
    if (e.type === 'entity.parse.failed') return { statusCode: 400, code: 'invalid_json', message: 'Request body is not valid JSON' };
    return { statusCode: e.status, code: CODE_BY_STATUS[e.status] ?? 'bad_request', message: e.message ?? 'Bad request' };
  }
  if (isDatabaseUnavailable(exception)) {
    return { statusCode: 503, code: 'database_unavailable', message: 'The database is not reachable right now. Please try again in a moment.' };
  }
  return { statusCode: 500, code: 'internal', message: 'Internal server error' };
}

/** Socket errors, and Postgres refusing or ending connections (restart, shutdown, failover): an outage, not a bug. */
const UNAVAILABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);
const UNAVAILABLE_SQLSTATE = /^(08|57P0[1-3])/;
function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (UNAVAILABLE_SOCKET.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && /Connection terminated|connection timeout|Client has encountered a connection error/i.test(message);
}

@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const body = toErrorBody(exception);
    if (body.statusCode >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (res.headersSent) return;
    res.status(body.statusCode).json(body);
  }
}
