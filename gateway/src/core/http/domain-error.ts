import { HttpException } from '@nestjs/common';

/**
 * A typed domain error: status, a stable machine `code` and a message the UI shows as is.
 * Mapped once to HTTP by the global exception filter.
 */
export class DomainError extends HttpException {
  constructor(
    status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super({ statusCode: status, code, message, ...(details === undefined ? {} : { details }) }, status);
  }
}

export const badRequest = (message: string, code = 'bad_request', details?: unknown) => new DomainError(400, code, message, details);
export const unauthorized = (message = 'Please sign in', code = 'unauthorized') => new DomainError(401, code, message);
export const forbidden = (message: string, code = 'forbidden') => new DomainError(403, code, message);
export const notFound = (message: string, code = 'not_found') => new DomainError(404, code, message);
export const conflict = (message: string, code = 'conflict') => new DomainError(409, code, message);
export const tooManyRequests = (message: string) => new DomainError(429, 'rate_limited', message);
