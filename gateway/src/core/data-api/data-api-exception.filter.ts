import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { DataApiError } from './errors';

/** Renders every DataApiError once, in PostgREST's shape: `{code, message, details, hint}`. */
@Catch(DataApiError)
export class DataApiExceptionFilter implements ExceptionFilter {
  catch(error: DataApiError, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) return;
    response.status(error.status).setHeader('Content-Type', 'application/json; charset=utf-8');
    response.end(JSON.stringify(error.toBody()));
  }
}
