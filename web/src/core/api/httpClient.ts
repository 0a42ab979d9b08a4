import { AUTH_ERROR, CSRF_HEADER } from '@contracts';
import { ApiError, NETWORK_MESSAGE, OFFLINE_MESSAGE, TIMEOUT_MESSAGE, messageFromBody } from './ApiError';
import { readCsrfToken } from './csrf';
import { type QueryParams, withQuery } from './query';
import { handleSecondFactorRequired, handleUnauthorized } from './unauthorized';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export const DEFAULT_TIMEOUT_MS = 30_000;

export interface RequestOptions {
  method?: HttpMethod;
  query?: QueryParams;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface HttpResponse<T> {
  data: T;
  status: number;
  headers: Pick<Headers, 'get'>;
}

/**
 * The one HTTP client of the web app: JSON, same-origin cookies, CSRF header on writes, a timeout,
 * and one error mapper. Every failure rejects with an `ApiError` whose message can be shown as is.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<HttpResponse<T>> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') {
    const token = readCsrfToken();
    if (token) headers[CSRF_HEADER] = token;
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const abortFromCaller = () => controller.abort();
  options.signal?.addEventListener('abort', abortFromCaller);

  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch (cause) {
    throw transportError(cause, timedOut, options.signal);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abortFromCaller);
  }

  const body = await readBody(response);
  if (!response.ok) {
    if (response.status === 401) handleUnauthorized();
    if (response.status === 403 && codeFromBody(body) === AUTH_ERROR.aal2Required) handleSecondFactorRequired();
    throw new ApiError(messageFromBody(body), {
      kind: 'http',
      status: response.status,
      code: codeFromBody(body),
      body,
    });
  }
  return { data: body as T, status: response.status, headers: response.headers };
}

function transportError(cause: unknown, timedOut: boolean, callerSignal: AbortSignal | undefined): unknown {
  if (timedOut) return new ApiError(TIMEOUT_MESSAGE, { kind: 'timeout' });
  // The caller cancelled on purpose (e.g. a component unmounted): not an error to show.
  if (callerSignal?.aborted) return cause;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    return new ApiError(OFFLINE_MESSAGE, { kind: 'offline' });
  }
  if (cause instanceof TypeError) return new ApiError(NETWORK_MESSAGE, { kind: 'network' });
  return new ApiError(NETWORK_MESSAGE, { kind: 'network', body: cause });
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function codeFromBody(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null) {
    const code = (body as { code?: unknown }).code;
    if (typeof code === 'string' || typeof code === 'number') return String(code);
  }
  return undefined;
}

/** Shorthands returning only the parsed body. */
export const http = {
  get: async <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => (await request<T>(path, { ...options, method: 'GET' })).data,
  post: async <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    (await request<T>(path, { ...options, method: 'POST', body })).data,
  patch: async <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    (await request<T>(path, { ...options, method: 'PATCH', body })).data,
  put: async <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    (await request<T>(path, { ...options, method: 'PUT', body })).data,
  delete: async <T = void>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => (await request<T>(path, { ...options, method: 'DELETE' })).data,
};
