import {
  All,
  ArgumentsHost,
  Catch,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Put,
  Req,
  Res,
  UseFilters,
  type ExceptionFilter,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { Principal } from '@gateway/core/auth/principal';
import { loadUserYaml, UserYamlError } from '@gateway/core/documents';
import { SignedIn } from '@gateway/core/rbac/decorators';
import type { K8sResourceKind, K8sStoredObject } from './k8s-kinds';
import { K8sService } from './k8s.service';
import { K8sError, toK8sError } from './k8s-status';

/** Every refusal on /api/k8s, the guard's 401/403 included, as a Kubernetes `Status` (kubectl prints its message). */
@Catch()
export class K8sStatusFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) return;
    const status = toK8sError(exception).toStatus();
    res.status(status.code).json(status);
  }
}

const TABLE = /as=Table/;
/** The largest body a write takes (kubectl sends one object). */
const BODY_LIMIT = 2 * 1024 * 1024;
const WATCH_POLL_MS = 1000;

const query = (req: Request, name: string): string | undefined => {
  const v = req.query[name];
  return typeof v === 'string' ? v : undefined;
};

/**
 * `/api/k8s`: the Kubernetes-compatible API the console's kubeconfig points at. Discovery answers the legacy
 * documents (aggregated discovery is declined with 406 so kubectl falls back; there is no OpenAPI, so kubectl
 * validates nothing itself and the server's validation answers); the kinds come from K8S_RESOURCES.
 */
@ApiExcludeController()
@SignedIn()
@UseFilters(K8sStatusFilter)
@Controller('api/k8s')
export class K8sController {
  constructor(private readonly k8s: K8sService) {}

  @Get('version')
  version() {
    return this.k8s.versionInfo();
  }

  @Get('api')
  api(@Req() req: Request, @Res() res: Response): void {
    send(req, res, 200, this.k8s.apiVersions());
  }

  @Get('openapi/v3')
  openApi(@Req() req: Request, @Res() res: Response): void {
    send(req, res, 200, this.k8s.openApiRoot());
  }

  @Get('openapi/v3/apis/:group/:version')
  openApiGroupVersion(@Param('group') group: string, @Param('version') version: string, @Req() req: Request, @Res() res: Response): void {
    send(req, res, 200, this.k8s.openApiGroupVersion(group, version));
  }

  @Get('apis')
  apis(@Req() req: Request, @Res() res: Response): void {
    send(req, res, 200, this.k8s.groups());
  }

  @Get('apis/:group')
  group(@Param('group') group: string, @Req() req: Request, @Res() res: Response): void {
    send(req, res, 200, this.k8s.group(group));
  }

  @Get('apis/:group/:version')
  groupVersion(@Param('group') group: string, @Param('version') version: string, @Req() req: Request, @Res() res: Response): void {
    send(req, res, 200, this.k8s.resources(group, version));
  }

  @Get('apis/:group/:version/:plural')
  async listAll(@Param() p: Record<string, string>, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.listOrWatch(this.k8s.kind(p.group, p.version, p.plural), undefined, req, res);
  }

  @Get('apis/:group/:version/namespaces/:namespace/:plural')
  async list(@Param() p: Record<string, string>, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.listOrWatch(this.k8s.kind(p.group, p.version, p.plural), p.namespace, req, res);
  }

  @Get('apis/:group/:version/namespaces/:namespace/:plural/:name')
  async get(@Param() p: Record<string, string>, @Req() req: Request, @Res() res: Response): Promise<void> {
    const kind = this.k8s.kind(p.group, p.version, p.plural);
    const row = await this.k8s.get(kind, principal(req), p.namespace, p.name);
    if (TABLE.test(req.get('accept') ?? '')) send(req, res, 200, this.k8s.table(kind, [row], query(req, 'includeObject')));
    else send(req, res, 200, this.k8s.toObject(kind, row));
  }

  @Post('apis/:group/:version/namespaces/:namespace/:plural')
  @HttpCode(201)
  async create(@Param() p: Record<string, string>, @Req() req: Request, @Res() res: Response): Promise<void> {
    const kind = this.k8s.kind(p.group, p.version, p.plural);
    send(req, res, 201, await this.k8s.create(kind, principal(req), p.namespace, await body(req)));
  }

  @Put('apis/:group/:version/namespaces/:namespace/:plural/:name')
  async replace(@Param() p: Record<string, string>, @Req() req: Request, @Res() res: Response): Promise<void> {
    const kind = this.k8s.kind(p.group, p.version, p.plural);
    send(req, res, 200, await this.k8s.replace(kind, principal(req), p.namespace, p.name, await body(req)));
  }

  @Patch('apis/:group/:version/namespaces/:namespace/:plural/:name')
  async patch(@Param() p: Record<string, string>, @Req() req: Request, @Res() res: Response): Promise<void> {
    const kind = this.k8s.kind(p.group, p.version, p.plural);
    const result = await this.k8s.patch(kind, principal(req), p.namespace, p.name, req.get('content-type') ?? '', await body(req));
    send(req, res, result.status, result.object);
  }

  @Delete('apis/:group/:version/namespaces/:namespace/:plural/:name')
  async remove(@Param() p: Record<string, string>, @Req() req: Request, @Res() res: Response): Promise<void> {
    const kind = this.k8s.kind(p.group, p.version, p.plural);
    send(req, res, 200, await this.k8s.remove(kind, principal(req), p.namespace, p.name));
  }

  /** Anything else (OpenAPI, the core group's resources, unknown paths): 404 as a Status. */
  @All('*path')
  notFound(): never {
    throw new K8sError(404, 'NotFound', 'the server could not find the requested resource');
  }

  private async listOrWatch(kind: K8sResourceKind, namespace: string | undefined, req: Request, res: Response): Promise<void> {
    const who = principal(req);
    const options = { namespace, labelSelector: query(req, 'labelSelector'), fieldSelector: query(req, 'fieldSelector') };
    const watch = query(req, 'watch');
    const table = TABLE.test(req.get('accept') ?? '');
    if (watch === 'true' || watch === '1') return this.watch(kind, who, options, req, res, table);
    const rows = await this.k8s.list(kind, who, options);
    send(req, res, 200, table ? this.k8s.table(kind, rows, query(req, 'includeObject')) : this.k8s.listObject(kind, rows));
  }

  /**
   * A watch: newline-separated JSON events (ADDED, MODIFIED, DELETED) while the connection is open or until
   * `timeoutSeconds`. The rows are polled every second (the same read, RBAC and selectors as a list); from
   * `resourceVersion` (a list's) only rows changed after it are reported first, without it every row is ADDED.
   */
  private async watch(
    kind: K8sResourceKind,
    who: Principal,
    options: { namespace?: string; labelSelector?: string; fieldSelector?: string },
    req: Request,
    res: Response,
    table: boolean,
  ): Promise<void> {
    const first = await this.k8s.list(kind, who, options);
    const since = BigInt(/^\d+$/.test(query(req, 'resourceVersion') ?? '') ? query(req, 'resourceVersion')! : '0');
    res.status(200);
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Cache-Control', 'no-cache');
    res.flushHeaders();
    const event = (type: 'ADDED' | 'MODIFIED' | 'DELETED', row: K8sStoredObject) => {
      const object = table ? this.k8s.table(kind, [row], query(req, 'includeObject')) : this.k8s.toObject(kind, row);
      if (table) (object as { metadata: { resourceVersion: string } }).metadata.resourceVersion = row.resourceVersion;
      res.write(`${JSON.stringify({ type, object })}\n`);
    };
    const seen = new Map<string, K8sStoredObject>();
    for (const row of first) {
      seen.set(row.uid, row);
      if (BigInt(row.resourceVersion) > since) event('ADDED', row);
    }
    let done = false;
    let timer: NodeJS.Timeout | undefined;
    const stop = () => {
      done = true;
      if (timer) clearTimeout(timer);
      if (!res.writableEnded) res.end();
    };
    req.on('close', stop);
    const timeout = Number(query(req, 'timeoutSeconds') ?? '1800');
    const deadline = setTimeout(stop, Math.max(1, Math.min(Number.isFinite(timeout) ? timeout : 1800, 3600)) * 1000);
    deadline.unref();
    const poll = async () => {
      if (done) return;
      try {
        const rows = await this.k8s.list(kind, who, options);
        const now = new Set<string>();
        for (const row of rows) {
          now.add(row.uid);
          const before = seen.get(row.uid);
          if (!before) event('ADDED', row);
          else if (before.resourceVersion !== row.resourceVersion) event('MODIFIED', row);
          seen.set(row.uid, row);
        }
        for (const [uid, row] of seen) {
          if (!now.has(uid)) {
            seen.delete(uid);
            event('DELETED', row);
          }
        }
      } catch (error) {
        if (!done) res.write(`${JSON.stringify({ type: 'ERROR', object: toK8sError(error).toStatus() })}\n`);
        clearTimeout(deadline);
        return stop();
      }
      if (!done) timer = setTimeout(() => void poll(), WATCH_POLL_MS);
      else clearTimeout(deadline);
    };
    timer = setTimeout(() => void poll(), WATCH_POLL_MS);
  }
}

function principal(req: Request): Principal {
  if (!req.principal) throw new K8sError(401, 'Unauthorized', 'Unauthorized');
  return req.principal;
}

/**
 * Discovery asked as aggregated discovery only (no plain JSON acceptable) is declined with 406, so the client falls
 * back to the legacy documents.
 */
function send(req: Request, res: Response, status: number, value: unknown): void {
  const accepted = (req.get('accept') ?? '').split(',').map((a) => a.trim().toLowerCase());
  const plain = accepted.some((a) => a === '' || a.startsWith('*/*') || (a.startsWith('application/json') && !a.includes('g=apidiscovery')));
  if (!plain) throw new K8sError(406, 'NotAcceptable', 'only application/json is served (the legacy discovery documents)');
  res.status(status).type('application/json').send(JSON.stringify(value));
}

/** The request's object: JSON (parsed by the app) or YAML/JSON text (server-side apply's application/apply-patch+yaml). */
async function body(req: Request): Promise<unknown> {
  if (req.body !== undefined && !(typeof req.body === 'object' && req.body !== null && Object.keys(req.body as object).length === 0 && req.readable)) {
    const parsed = req.body as { yaml?: unknown };
    if (parsed && typeof parsed === 'object' && typeof parsed.yaml === 'string' && Object.keys(parsed).length === 1) return yaml(parsed.yaml);
    return req.body;
  }
  if (!req.readable) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer | string>) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > BODY_LIMIT) throw new K8sError(413 as number, 'BadRequest', 'the request body is too large');
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return text.trim() ? yaml(text) : undefined;
}

function yaml(text: string): unknown {
  try {
    return loadUserYaml(text);
  } catch (error) {
    if (error instanceof UserYamlError) throw new K8sError(400, 'BadRequest', error.message);
    throw error;
  }
}
