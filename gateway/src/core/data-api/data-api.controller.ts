import { Controller, Delete, Get, Head, Param, Patch, Post, Put, Req, Res, UseFilters } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { SignedIn } from '@gateway/core/rbac/decorators';
import { DataApiErrors } from './errors';
import { DataApiExceptionFilter } from './data-api-exception.filter';
import { DataApiService, type DataApiRequest, type DataApiResponse } from './data-api.service';
import { readJsonBody } from './request-body';

/**
 * `/api/db/<resource>` and `/api/db/rpc/<fn>`: a PostgREST-compatible subset. Every signed-in user reaches
 * the routes; the per-resource RBAC check happens in the service, which knows the resource.
 * Responses are written directly: the body is JSON text built by Postgres, passed through untouched.
 */
@Controller('api/db')
@SignedIn()
@UseFilters(DataApiExceptionFilter)
export class DataApiController {
  constructor(private readonly dataApi: DataApiService) {}

  @Get('rpc/:fn')
  async rpcGet(@Param('fn') fn: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    send(res, await this.dataApi.rpc(fn, 'GET', await toRequest(req, false)));
  }

  @Head('rpc/:fn')
  async rpcHead(@Param('fn') fn: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    send(res, await this.dataApi.rpc(fn, 'GET', await toRequest(req, false)), true);
  }

  @Post('rpc/:fn')
  async rpcPost(@Param('fn') fn: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    send(res, await this.dataApi.rpc(fn, 'POST', await toRequest(req, true)));
  }

  // Reads, the hot path, take the name from the request: a @Param would run it through the global ValidationPipe
  // (four promises for a string the registry checks anyway).
  @Get(':resource')
  @ApiParam({ name: 'resource', type: String })
  async read(@Req() req: Request, @Res() res: Response): Promise<void> {
    send(res, await this.dataApi.read(String(req.params.resource), toReadRequest(req)));
  }

  @Head(':resource')
  @ApiParam({ name: 'resource', type: String })
  async head(@Req() req: Request, @Res() res: Response): Promise<void> {
    send(res, await this.dataApi.read(String(req.params.resource), toReadRequest(req)), true);
  }

  @Post(':resource')
  async insert(@Param('resource') resource: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    send(res, await this.dataApi.insert(resource, await toRequest(req, true)));
  }

  @Patch(':resource')
  async update(@Param('resource') resource: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    send(res, await this.dataApi.update(resource, await toRequest(req, true)));
  }

  @Delete(':resource')
  async remove(@Param('resource') resource: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    send(res, await this.dataApi.remove(resource, await toRequest(req, false)));
  }

  /** PUT (PostgREST's single-row upsert) is not part of the subset. */
  @Put(':resource')
  put(@Param('resource') resource: string): never {
    throw DataApiErrors.methodNotAllowed(resource, 'PUT');
  }
}

async function toRequest(req: Request, withBody: boolean): Promise<DataApiRequest> {
  const request = toReadRequest(req);
  if (withBody) request.body = await readJsonBody(req);
  return request;
}

/** A request without a body (reads), built without waiting for anything. */
function toReadRequest(req: Request): DataApiRequest {
  const url = req.originalUrl ?? req.url;
  const q = url.indexOf('?');
  return {
    principal: req.principal,
    queryString: q < 0 ? '' : url.slice(q + 1),
    prefer: req.headers.prefer,
    range: req.headers.range,
    rangeUnit: header(req.headers['range-unit']),
    accept: req.headers.accept,
    body: undefined,
  };
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function send(res: Response, result: DataApiResponse, head = false): void {
  res.status(result.status);
  for (const name in result.headers) res.setHeader(name, result.headers[name]);
  if (result.body === null || head) res.end();
  else res.end(result.body);
}
