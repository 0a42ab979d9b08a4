import { ApiError } from '@web/core/api';

export const CONNECTION_SUCCESSFUL = 'Connection successful';
export const TEST_FAILED = 'Testing connection failed!';
export const TEST_NOT_SUPPORTED = 'We currently do not support testing this connection type';

/**
 * Spec 03 §8: a bad request shows the server's text (pretty-printed when it is JSON), a not-implemented answer
 * says testing is unsupported, anything else 'Testing connection failed!'.
 */
export function connectionTestFailure(error: unknown): string {
  if (!(error instanceof ApiError)) return TEST_FAILED;
  if (error.status === 501) return TEST_NOT_SUPPORTED;
  if (error.status !== 400) return TEST_FAILED;
  const text = error.message?.trim();
  if (!text) return TEST_FAILED;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
