import { Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { dumpYaml } from '../documents';
import { DomainError } from '../http/domain-error';
import { SignedIn } from '../rbac/decorators';
import { IdentityService } from './identity.service';

/** The file name the web shows in its `kubectl --kubeconfig` hint (web/src/shell/kubeconfigFileName.ts): from the host. */
export function kubeconfigFileName(host: string): string {
  const safe = host
    .toLowerCase()
    .replace(/[^a-z0-9.-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${safe || 'console'}.yaml`;
}

@ApiTags('auth')
@Controller('api/kubeconfig')
export class KubeconfigController {
  constructor(private readonly identity: IdentityService) {}

  /**
   * A link, a prefetch or a crawler following GET must not create credentials: the kubeconfig is made by POST (the
   * console's Download button), which the CSRF check already keeps to the console's own page.
   */
  @SignedIn()
  @Get()
  @ApiOperation({ summary: 'Not a download: POST creates the kubeconfig (and its token)' })
  refuseGet(): never {
    throw new DomainError(405, 'method_not_allowed', 'The kubeconfig is created with POST /api/kubeconfig (the Download button of the console)');
  }

  /**
   * A kubeconfig whose user is a fresh access token of the signed-in person (shown once: only its hash is kept). One
   * kubeconfig token per person (access_tokens.purpose, unique): a download replaces the previous one. It is listed
   * on the profile page, where it can be revoked. It points at this gateway's `/api/k8s` base.
   */
  @SignedIn()
  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a kubeconfig carrying a new access token for the signed-in user (replaces the previous one)' })
  async download(@Req() req: Request, @Res() res: Response): Promise<void> {
    const principal = req.principal!;
    const host = req.get('host') ?? 'localhost';
    const token = await this.identity.rotateKubeconfigToken(principal.personId);
    const name = host.replace(/:.*/, '');
    const config = {
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [{ name, cluster: { server: `${req.protocol}://${host}/api/k8s` } }],
      users: [{ name: principal.email, user: { token } }],
      contexts: [{ name, context: { cluster: name, user: principal.email } }],
      'current-context': name,
    };
    res.setHeader('Content-Type', 'application/yaml');
    res.setHeader('Content-Disposition', `attachment; filename="${kubeconfigFileName(host)}"`);
    res.send(dumpYaml(config));
  }
}
