import { Body, Controller, Inject, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { InviteUserResponse } from '@contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { RequireFeature, RequirePermission } from '../../rbac/decorators';
import { requestIp } from '../auth.guard';
import { InviteUserDto } from './dto/account-flows.dto';
import { publicOrigin } from './flow-links';
import { InviteService } from './invite.service';

/** `POST /api/users/invite` (spec 03 §7 Users: invite_user returning a link). */
@ApiTags('users')
@RequireFeature('settings.users')
@Controller('api/users')
export class InviteController {
  constructor(
    private readonly invites: InviteService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('invite')
  @RequirePermission('identities', 'write')
  @ApiOperation({
    summary:
      'Invite a user: creates them (active, no password) with one role and answers a one-time registration link, also emailed when an ' +
      'smtp connection is configured. Re-inviting someone who never registered voids their previous link.',
  })
  invite(@Body() body: InviteUserDto, @Req() req: Request): Promise<InviteUserResponse> {
    return this.invites.invite(body, req.principal!, publicOrigin(this.config, req, true), requestIp(req));
  }
}
