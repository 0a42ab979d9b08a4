import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { dumpYaml } from '../documents';
import { forbidden } from '../http/domain-error';
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
   * A kubeconfig whose user is a fresh access token of the signed-in person (shown once: only its hash is kept).
   * One kubeconfig token per person: a download revokes the previous one. A GET from another site, even a sibling one (a
   * link or an image on a page elsewhere) is refused, so no site can rotate a person's token behind their back.
   * It points at this gateway's `/api/k8s` base, which kubectl-compatible endpoints will serve.
   */
  @SignedIn()
  @Get()
  @ApiOperation({ summary: 'Download a kubeconfig carrying a new access token for the signed-in user' })
  async download(@Req() req: Request, @Res() res: Response): Promise<void> {
    // Browsers say where a request came from; only the console's own page (or a typed URL: 'none') may rotate the
    // token. A client that sends no such header (curl, kubectl tooling) is not a browser being misused.
    const site = req.header('sec-fetch-site');
    if (site !== undefined && site !== 'same-origin' && site !== 'none')
      throw forbidden('The kubeconfig can only be downloaded from the console itself', 'cross_site');
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
