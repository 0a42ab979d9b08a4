import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { badRequest } from '../../http/domain-error';
import { SignedIn } from '../../rbac/decorators';
import { SwitchOrganizationDto } from './dto/switch-organization.dto';
import type { Organization } from '@contracts';
import { OrganizationsService } from './organizations.service';

/** The response header naming the caller's current organisation (hosted mode). */
export const ORGANIZATION_HEADER = 'X-Organization';

@ApiTags('auth')
@Controller('api/organizations')
export class OrganizationsController {
  constructor(private readonly organizations: OrganizationsService) {}

  @SignedIn()
  @Get()
  @ApiOperation({ summary: "Hosted mode: the signed-in person's organisations (from the provider's claim), the current one marked" })
  list(@Req() req: Request): Promise<Organization[]> {
    return this.organizations.list(req.principal!);
  }

  @SignedIn()
  @Get('current')
  @ApiOperation({ summary: 'Hosted mode: the organisation the session works in (also in the X-Organization header); null outside hosted mode' })
  async current(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<{ organization: Organization | null }> {
    const organization = await this.organizations.current(req.principal!);
    if (organization) res.setHeader(ORGANIZATION_HEADER, organization.slug);
    return { organization };
  }

  @SignedIn()
  @Post('switch')
  @HttpCode(200)
  @ApiOperation({ summary: 'Hosted mode: the session works in this organisation from now on (the web then opens /organizations/orgs-switched)' })
  async switch(@Body() body: SwitchOrganizationDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<Organization> {
    const principal = req.principal!;
    if (principal.via !== 'session' || !principal.sessionId) throw badRequest('Switching organization needs a signed-in session', 'session_required');
    const organization = await this.organizations.switchTo({ ...principal, sessionId: principal.sessionId }, body.slug);
    res.setHeader(ORGANIZATION_HEADER, organization.slug);
    return organization;
  }
}
