import { HttpException } from '@nestjs/common';
import { DataApiError } from '@gateway/core/data-api/errors';
import { toErrorBody } from '@gateway/core/http/exception.filter';

/** Kubernetes' `Status` object: what kubectl prints as `Error from server (<reason>): <message>`. */
export interface K8sStatus {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: Record<string, never>;
  status: 'Success' | 'Failure';
  message?: string;
  reason?: string;
  details?: { name?: string; group?: string; kind?: string; uid?: string; causes?: { reason?: string; message: string; field?: string }[] };
  code: number;
}

export type K8sReason =
  | 'BadRequest'
  | 'Unauthorized'
  | 'Forbidden'
  | 'NotFound'
  | 'AlreadyExists'
  | 'Conflict'
  | 'Invalid'
  | 'MethodNotAllowed'
  | 'NotAcceptable'
  | 'UnsupportedMediaType'
  | 'InternalError'
  | 'ServiceUnavailable';

const REASON_BY_CODE: Record<number, K8sReason> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  406: 'NotAcceptable',
  409: 'Conflict',
  415: 'UnsupportedMediaType',
  422: 'Invalid',
  500: 'InternalError',
  503: 'ServiceUnavailable',
};

/** A refusal answered as a `Status`. */
export class K8sError extends Error {
  constructor(
    readonly code: number,
    readonly reason: K8sReason,
    message: string,
    readonly details: K8sStatus['details'] = undefined,
  ) {
    super(message);
  }

  toStatus(): K8sStatus {
    return {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: this.message,
      reason: this.reason,
      ...(this.details ? { details: this.details } : {}),
      code: this.code,
    };
  }
}

export const successStatus = (details: K8sStatus['details']): K8sStatus => ({
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Success',
  details,
  code: 200,
});

/** Any error (the console's DomainError, a data API error, a body parser's) as a K8sError; unknown errors are a 500. */
export function toK8sError(error: unknown): K8sError {
  if (error instanceof K8sError) return error;
  if (error instanceof DataApiError) {
    return new K8sError(error.status, REASON_BY_CODE[error.status] ?? (error.status < 500 ? 'BadRequest' : 'InternalError'), error.message);
  }
  const body = toErrorBody(error);
  const code = error instanceof HttpException || body.statusCode < 500 ? body.statusCode : body.statusCode;
  return new K8sError(code, REASON_BY_CODE[code] ?? (code < 500 ? 'BadRequest' : 'InternalError'), body.message);
}
