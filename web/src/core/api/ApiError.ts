/** Why a request failed, as far as the user is concerned. */
export type ApiErrorKind = 'http' | 'timeout' | 'offline' | 'network';

export const TIMEOUT_MESSAGE = 'Request timed out. Please try again.';
export const OFFLINE_MESSAGE = 'No internet connection. Please try again.';
export const NETWORK_MESSAGE = 'Network Error. Please try again.';
export const GENERIC_MESSAGE = 'An error occurred';

/**
 * The one error type every web request rejects with. `message` is always fit to show to the user;
 * `status` is 0 when no response arrived.
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  /** The gateway's `code` (or PostgREST's) when the body carried one. */
  readonly code: string | undefined;
  /** The parsed response body, for callers that need more than the message. */
  readonly body: unknown;

  constructor(message: string, options: { kind: ApiErrorKind; status?: number; code?: string; body?: unknown }) {
    super(message);
    this.name = 'ApiError';
    this.kind = options.kind;
    this.status = options.status ?? 0;
    this.code = options.code;
    this.body = options.body;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The body's `error` field, else its `message`, else the generic text (spec 03 §8). */
export function messageFromBody(body: unknown): string {
  if (typeof body === 'object' && body !== null) {
    const { error, message } = body as { error?: unknown; message?: unknown };
    if (typeof error === 'string' && error.trim()) return error;
    if (typeof message === 'string' && message.trim()) return message;
    if (Array.isArray(message) && message.length && message.every((m) => typeof m === 'string')) return message.join(', ');
  }
  return GENERIC_MESSAGE;
}

/** Message for any thrown value, for toasts and inline errors. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return GENERIC_MESSAGE;
}
